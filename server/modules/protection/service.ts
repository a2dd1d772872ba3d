import { Status } from '#contract/envelope';
import {
  type BlockRequest,
  type HistoryMonth,
  LIMIT_INCREASE_DELAY_MS,
  LIMIT_PERIODS,
  LIMIT_WINDOW_MS,
  type Limit,
  type LimitPeriod,
  type ProtectionState,
  type RealityCheck,
  type SelfExclusionDuration,
  type TimeOutDuration,
} from '#contract/protection';
import { toMinor, toMoney } from '#contract/wallet';
import { businessDay, dayStartMs } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { type ApiError, codedError, fieldError } from '../../http/envelope';
import { userTimeZone } from '../auth/service';
import { withMoneyTx } from '../ledger/service';
import * as repo from './repository';

/*
 * Player protection (decision 0021). One question the other modules ask, checkAllowed / assertAllowed: may
 * this user deposit (this much), bet, spin, or be sent marketing now? A time-out or self-exclusion refuses all
 * of these until its end; deposit limits refuse a deposit that would take the rolling window's total over the
 * lowest limit in force. Withdrawals never ask.
 */

export type ProtectedAction = 'deposit' | 'bet' | 'spin' | 'marketing';
export interface Refusal {
  reason: 'time_out' | 'self_excluded' | 'deposit_limit';
  until: number | null;
}

/** The limit of each period in force at `now` (null: none), and the change waiting after it, if any. */
function limitsAt(rows: repo.LimitRow[], now: number) {
  const out = new Map<LimitPeriod, { amount: number | null; pending: repo.LimitRow | null }>();
  for (const period of LIMIT_PERIODS) {
    const mine = rows.filter((r) => r.period === period);
    const inForce = mine.filter((r) => r.effective_from <= now).at(-1);
    const pending = mine.filter((r) => r.effective_from > now).at(-1) ?? null;
    out.set(period, { amount: inForce?.amount ?? null, pending });
  }
  return out;
}

function blockOf(settings: repo.SettingsRow | undefined, now: number): Refusal | null {
  if (!settings?.blocked_until || settings.blocked_until <= now) return null;
  return {
    reason: settings.block_kind === 'self_excluded' ? 'self_excluded' : 'time_out',
    until: settings.blocked_until,
  };
}

/**
 * The player's latest time-out or self-exclusion, from its start (inclusive) to its end, whether or not it
 * lasts still: a round placed in it is refused even when Beacon hears of it later (decision 0042).
 */
export async function blockPeriod(db: Db, userId: number): Promise<{ from: number; until: number } | null> {
  const settings = await repo.findSettings(db, userId);
  if (settings?.blocked_from == null || settings.blocked_until == null) return null;
  return { from: settings.blocked_from, until: settings.blocked_until };
}

/**
 * What a block does beyond this module (decision 0042), handed in by the registry so that protection imports
 * no module that asks it: `taken` inside the block's transaction (the work it leaves, so a crash cannot lose
 * it), `settle` after its commit (the work done now, as far as it can be; it never throws).
 */
export interface BlockEffects {
  taken(trx: Db, userId: number, blockedFrom: number, now: number): Promise<void>;
  settle(userId: number): Promise<void>;
}

/** null when allowed. `amount` (minor units) for deposits, checked against the lowest applicable limit. */
export async function checkAllowed(
  db: Db,
  userId: number,
  action: ProtectedAction,
  now: number,
  opts?: { amount?: number },
): Promise<Refusal | null> {
  const blocked = blockOf(await repo.findSettings(db, userId), now);
  if (blocked) return blocked;
  if (action !== 'deposit' || opts?.amount === undefined) return null;
  const limits = limitsAt(await repo.limitRows(db, userId), now);
  if (LIMIT_PERIODS.every((period) => (limits.get(period)?.amount ?? null) === null)) return null;
  // Orders awaiting payment hold their amount against every limit (decision 0043): otherwise several open
  // orders, each within the limit, would all be paid and credited past it.
  const held = await repo.awaitingPayment(db, userId, now);
  for (const period of LIMIT_PERIODS) {
    const limit = limits.get(period)?.amount ?? null;
    if (limit === null) continue;
    const deposited = await repo.depositedSince(db, userId, now - LIMIT_WINDOW_MS[period]);
    if (deposited + held + opts.amount > limit) return { reason: 'deposit_limit', until: null };
  }
  return null;
}

/**
 * Of many users, those who may not be sent marketing now (a time-out or self-exclusion): what a send to a
 * segment asks once per page of recipients rather than once per user.
 */
export const refusingMarketing = async (
  db: Db,
  userIds: readonly number[],
  now: number,
): Promise<ReadonlySet<number>> => new Set(await repo.blockedAmong(db, userIds, now));

/** The app's error for a refusal: a field error on the amount for a limit, a coded 403 for a block. */
export function refusalError(refusal: Refusal): ApiError {
  if (refusal.reason === 'deposit_limit') return fieldError('amount', 'deposit_limit_exceeded');
  return codedError(
    403,
    Status.unprocessable,
    refusal.reason === 'self_excluded' ? 'protection_self_excluded' : 'protection_time_out',
  );
}

/** Throws the app's field/app error (clear message code the app translates) when refused. */
export async function assertAllowed(
  ctx: AppContext,
  userId: number,
  action: ProtectedAction,
  opts?: { amount?: number },
): Promise<void> {
  const refusal = await checkAllowed(ctx.db, userId, action, ctx.clock.now(), opts);
  if (refusal) throw refusalError(refusal);
}

/**
 * For deposit creation, inside its write transaction: locks the user's protection row first, so two deposits
 * made at once are checked one after the other and the second sees the first's order.
 */
export async function assertDepositAllowed(
  trx: Db,
  userId: number,
  amount: number,
  now: number,
): Promise<void> {
  await repo.lockSettings(trx, userId, now);
  const refusal = await checkAllowed(trx, userId, 'deposit', now, { amount });
  if (refusal) throw refusalError(refusal);
}

/**
 * For a move into a transfer channel, inside its write transaction: locks the user's protection row first,
 * as a block does (decision 0042). A block taken at the same moment then either commits first and is seen
 * here, or waits for this move and sees its transfer, so the provider gets a sweep; without the lock, on
 * PostgreSQL, a move to a provider the player had never used could commit unseen by the block's transaction.
 */
export async function assertMoveInAllowed(trx: Db, userId: number, now: number): Promise<void> {
  await repo.lockSettings(trx, userId, now);
  const refusal = await checkAllowed(trx, userId, 'bet', now);
  if (refusal) throw refusalError(refusal);
}

// ---- the player's own settings

export async function protectionState(ctx: AppContext, userId: number): Promise<ProtectionState> {
  const now = ctx.clock.now();
  const [settings, rows, awaiting] = await Promise.all([
    repo.findSettings(ctx.db, userId),
    repo.limitRows(ctx.db, userId),
    repo.awaitingPayment(ctx.db, userId, now),
  ]);
  const limits = limitsAt(rows, now);
  const list: Limit[] = [];
  for (const period of LIMIT_PERIODS) {
    const l = limits.get(period);
    const used = await repo.depositedSince(ctx.db, userId, now - LIMIT_WINDOW_MS[period]);
    list.push({
      period,
      amount: l?.amount == null ? null : toMoney(l.amount),
      used: toMoney(used),
      pending: l?.pending
        ? {
            amount: l.pending.amount == null ? null : toMoney(l.pending.amount),
            effectiveFrom: l.pending.effective_from,
          }
        : null,
    });
  }
  const block = blockOf(settings, now);
  return {
    limits: list,
    block:
      block && settings
        ? {
            kind: block.reason === 'self_excluded' ? 'self_excluded' : 'time_out',
            from: settings.blocked_from ?? now,
            until: block.until ?? now,
          }
        : null,
    awaiting: toMoney(awaiting),
    realityMinutes: settings?.reality_minutes ?? 0,
    now,
  };
}

/**
 * Sets (or removes, amount null) the limit of a period. Lower than (or equal to) the one in force, or the
 * first: at once. Higher, or a removal: pending for LIMIT_INCREASE_DELAY_MS. Either way a pending change of
 * the period is replaced.
 */
export async function setLimit(
  ctx: AppContext,
  userId: number,
  period: LimitPeriod,
  amount: number | null,
): Promise<ProtectionState> {
  const minor = amount === null ? null : toMinor(amount);
  await withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    await repo.lockSettings(trx, userId, now);
    const current = limitsAt(await repo.limitRows(trx, userId), now).get(period)?.amount ?? null;
    await repo.dropPending(trx, userId, period, now);
    if (minor === current) return;
    const tighter = minor !== null && (current === null || minor < current);
    await repo.insertLimit(trx, {
      user_id: userId,
      period,
      amount: minor,
      effective_from: tighter ? now : now + LIMIT_INCREASE_DELAY_MS,
      created_at: now,
    });
  });
  return protectionState(ctx, userId);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_OUT_MS: Record<TimeOutDuration, number> = {
  '24h': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '6w': 42 * DAY,
};
const SELF_EXCLUSION_MONTHS: Record<SelfExclusionDuration, number> = {
  '6m': 6,
  '1y': 12,
  '2y': 24,
  '5y': 60,
};

/** `months` calendar months after `at` (UTC), the day clamped to the target month's last. */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * A time-out or self-exclusion from now. It cannot be shortened: while one lasts, a new one only takes
 * effect if it ends later (a self-exclusion then replaces a time-out).
 */
export async function takeBlock(
  ctx: AppContext,
  userId: number,
  req: BlockRequest,
  effects?: BlockEffects,
): Promise<ProtectionState> {
  const changed = await withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    const settings = await repo.lockSettings(trx, userId, now);
    const until =
      req.kind === 'time_out'
        ? now + TIME_OUT_MS[req.duration]
        : addMonths(now, SELF_EXCLUSION_MONTHS[req.duration]);
    const current = blockOf(settings, now);
    if (current && (current.until ?? 0) >= until) return false;
    const blockedFrom = current ? (settings.blocked_from ?? now) : now;
    await repo.updateSettings(trx, userId, {
      block_kind: req.kind === 'time_out' ? 'time_out' : 'self_excluded',
      blocked_from: blockedFrom,
      blocked_until: until,
      updated_at: now,
    });
    await effects?.taken(trx, userId, blockedFrom, now);
    ctx.log.info({ userId, kind: req.kind, duration: req.duration, until }, 'player protection block taken');
    return true;
  });
  // Answered once the effects are done as far as they can be now: the app then shows the money back.
  if (changed) await effects?.settle(userId);
  return protectionState(ctx, userId);
}

export async function setReality(ctx: AppContext, userId: number, minutes: number): Promise<ProtectionState> {
  await withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    await repo.lockSettings(trx, userId, now);
    await repo.updateSettings(trx, userId, { reality_minutes: minutes, updated_at: now });
  });
  return protectionState(ctx, userId);
}

/** Time and net position since a game session began (`since`, the server's time; absent: now). */
export async function realityCheck(ctx: AppContext, userId: number, since?: number): Promise<RealityCheck> {
  const now = ctx.clock.now();
  const from = since === undefined || since > now ? now : since;
  const [net, settings] = await Promise.all([
    repo.netSince(ctx.db, userId, from),
    repo.findSettings(ctx.db, userId),
  ]);
  return {
    since: from,
    now,
    elapsedMs: now - from,
    net: toMoney(net),
    intervalMinutes: settings?.reality_minutes ?? 0,
  };
}

const HISTORY_MONTHS = 12;

/** The month (YYYY-MM) `n` months before `month`. */
const monthBefore = (month: string, n: number): string => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - n, 1));
  return d.toISOString().slice(0, 7);
};

/** Completed deposits and withdrawals per month of the site's time zone, the last 12, oldest first. */
export async function accountHistory(ctx: AppContext, userId: number): Promise<{ months: HistoryMonth[] }> {
  const now = ctx.clock.now();
  const timeZone = await userTimeZone(ctx, userId);
  const thisMonth = businessDay(now, timeZone).slice(0, 7);
  const first = monthBefore(thisMonth, HISTORY_MONTHS - 1);
  const moves = await repo.moneyMovesSince(ctx.db, userId, dayStartMs(`${first}-01`, timeZone));
  const sums = new Map<string, { deposits: number; withdrawals: number }>();
  for (let i = HISTORY_MONTHS - 1; i >= 0; i--)
    sums.set(monthBefore(thisMonth, i), { deposits: 0, withdrawals: 0 });
  for (const d of moves.deposits) {
    const s = sums.get(businessDay(d.at, timeZone).slice(0, 7));
    if (s) s.deposits += d.amount;
  }
  for (const w of moves.withdrawals) {
    const s = sums.get(businessDay(w.at, timeZone).slice(0, 7));
    if (s) s.withdrawals += w.amount;
  }
  return {
    months: [...sums].map(([month, s]) => ({
      month,
      deposits: toMoney(s.deposits),
      withdrawals: toMoney(s.withdrawals),
      net: toMoney(s.deposits - s.withdrawals),
    })),
  };
}
