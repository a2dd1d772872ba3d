import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FollowUp, FollowUpListRequest } from '#contract/admin/spin';
import type { Page } from '#contract/paging';
import {
  SPIN_DAYS,
  SPIN_DOUBLE_AT,
  SPIN_DOUBLE_MULTIPLIER,
  SPIN_FOLLOW_UP_HOURS,
  type SpinDay,
  type SpinDraw,
  type SpinDrawAnswer,
  type SpinState,
} from '#contract/spin';
import { toMinor, toMoney } from '#contract/wallet';
import { addDays, businessDay, daysBetween, isDay } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { conflict, fieldError } from '../../http/envelope';
import { readPage } from '../../http/page';
import { recordAudit } from '../audit/service';
import type { Authenticated } from '../auth/service';
import { ensureUserAccounts, post, systemAccount, userAccount, withMoneyTx } from '../ledger/service';
import { sendMessage } from '../messages/service';
import { assertCanAccess, type Operator, type OperatorActing, visibleSites } from '../operators/service';
import { checkAllowed, refusalError } from '../protection/service';
import { callerSite, siteTimeZone } from '../site/service';
import { addDoneRecord } from '../wallet/service';
import * as repo from './repository';

/*
 * The spin wheel (decision 0022). A completed recharge opens a run of SPIN_DAYS business days, one spin a
 * day; a recharge during a run moves its last day to SPIN_DAYS from the recharge's day (days spun stay spun,
 * days missed stay missed). Once the run's recharges add up to SPIN_DOUBLE_AT, its later spins pay double.
 */

const DOUBLE_AT_MINOR = toMinor(SPIN_DOUBLE_AT);
const FOLLOW_UP_MS = SPIN_FOLLOW_UP_HOURS * 3_600_000;
/** Ledger source of prize payments: the reference is `<user id>:<day>`, so a day pays once whatever happens. */
const LEDGER_SOURCE = 'spin';

/** The user's business day now, in their own site's zone (decision 0033). */
const today = async (ctx: AppContext, auth: Authenticated): Promise<string> =>
  businessDay(ctx.clock.now(), await siteTimeZone(ctx, auth.user.site_id));

/**
 * A completed recharge of `minor`, in the transaction that credits it (payments calls this): opens a run, or
 * extends the open one and adds to its total. The ledger posting before it locked the user's main account,
 * so one user's recharges reach here one at a time.
 */
export async function spinsOnRecharge(
  trx: Db,
  r: { userId: number; minor: number; now: number; timeZone: string },
): Promise<void> {
  const day = businessDay(r.now, r.timeZone);
  const lastDay = addDays(day, SPIN_DAYS - 1);
  const open = await repo.runOpenOn(trx, r.userId, day);
  if (!open) {
    await repo.insertRun(trx, {
      user_id: r.userId,
      first_day: day,
      last_day: lastDay,
      recharged: r.minor,
      doubled_at: r.minor >= DOUBLE_AT_MINOR ? r.now : null,
      created_at: r.now,
      updated_at: r.now,
    });
    return;
  }
  const recharged = open.recharged + r.minor;
  await repo.extendRun(trx, open.id, {
    last_day: lastDay > open.last_day ? lastDay : open.last_day,
    recharged,
    doubled_at: open.doubled_at ?? (recharged >= DOUBLE_AT_MINOR ? r.now : null),
    updated_at: r.now,
  });
}

/**
 * The draw: prize i with probability weight_i / sum of weights, from a uniform integer below that sum
 * (`random` is crypto.randomInt; tests hand in their own only to check the mapping).
 */
export function pickPrize<P extends { weight: number }>(
  prizes: readonly P[],
  random: (max: number) => number = randomInt,
): P {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  if (total <= 0) throw new Error('spin: no prize has a weight');
  let r = random(total);
  for (const p of prizes) {
    if (r < p.weight) return p;
    r -= p.weight;
  }
  throw new Error('spin: draw out of range');
}

function toDraw(row: repo.DrawRow): SpinDraw {
  const amount = row.amount;
  return {
    day: row.day,
    prize: {
      code: row.prize_code,
      kind: row.kind as SpinDraw['prize']['kind'],
      name: row.name,
      amount: toMoney(amount / row.multiplier),
    },
    multiplier: row.multiplier,
    amount: toMoney(amount),
    createdAt: row.created_at,
    followUp:
      row.follow_up_due_at === null
        ? null
        : {
            dueAt: row.follow_up_due_at,
            doneAt: row.follow_up_done_at,
          },
  };
}

export async function spinState(
  ctx: AppContext,
  auth: Authenticated,
  request: Pick<FastifyRequest, 'hostname'>,
): Promise<SpinState> {
  const userId = auth.user.id;
  const day = await today(ctx, auth);
  const [run, prizes, items, site] = await Promise.all([
    repo.runOpenOn(ctx.db, userId, day),
    repo.enabledPrizes(ctx.db),
    repo.itemDrawsOf(ctx.db, userId, 20),
    callerSite(ctx, request),
  ]);
  let runView: SpinState['run'] = null;
  if (run) {
    const draws = new Map((await repo.drawsOfRun(ctx.db, run.id)).map((d) => [d.day, d]));
    const days: SpinDay[] = daysBetween(run.first_day, run.last_day).map((d) => {
      const draw = draws.get(d);
      if (draw) return { day: d, state: 'spun', draw: toDraw(draw) };
      return { day: d, state: d < day ? 'missed' : d === day ? 'open' : 'upcoming', draw: null };
    });
    runView = {
      firstDay: run.first_day,
      lastDay: run.last_day,
      recharged: toMoney(run.recharged),
      doubled: run.recharged >= DOUBLE_AT_MINOR,
      days,
    };
  }
  return {
    today: day,
    run: runView,
    prizes: prizes.map((p) => ({
      code: p.code,
      kind: p.kind as SpinDraw['prize']['kind'],
      name: p.name,
      amount: toMoney(p.amount),
      weight: p.weight,
    })),
    operator: site.effective?.name ?? 'Beacon',
    followUps: items.map(toDraw),
  };
}

/**
 * The spin of `day`, exactly once per (user, day): a day spun before answers its draw (`replayed`), whatever
 * the day is now; only today's unspun day draws. Refused under a time-out or self-exclusion.
 */
export async function spin(ctx: AppContext, auth: Authenticated, day: string): Promise<SpinDrawAnswer> {
  if (!isDay(day)) throw fieldError('day', 'day_invalid');
  const userId = auth.user.id;
  const first = await repo.findDraw(ctx.db, userId, day);
  if (first) return { draw: toDraw(first), replayed: true };
  if (day !== (await today(ctx, auth))) throw conflict('spin_unavailable');
  await ensureUserAccounts(ctx.db, userId, ctx.clock.now());
  return withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    const earlier = await repo.findDraw(trx, userId, day);
    if (earlier) return { draw: toDraw(earlier), replayed: true };
    const run = await repo.runCovering(trx, userId, day);
    if (!run) throw conflict('spin_unavailable');
    const refusal = await checkAllowed(trx, userId, 'spin', now);
    if (refusal) throw refusalError(refusal);

    const prize = pickPrize(await repo.enabledPrizes(trx));
    const multiplier = run.recharged >= DOUBLE_AT_MINOR ? SPIN_DOUBLE_MULTIPLIER : 1;
    const cash = prize.kind === 'cash';
    const amount = cash ? prize.amount * multiplier : 0;
    const id = await repo.insertDrawOnce(trx, {
      user_id: userId,
      run_id: run.id,
      day,
      prize_id: prize.id,
      prize_code: prize.code,
      kind: prize.kind,
      name: prize.name,
      multiplier,
      amount,
      transaction_id: null,
      created_at: now,
      follow_up_due_at: cash ? null : now + FOLLOW_UP_MS,
      follow_up_done_at: null,
      follow_up_done_by: null,
      follow_up_note: null,
    });
    if (id === undefined) {
      // Another spin of the same day committed first (PostgreSQL: this insert waited for it): answer it.
      const winner = await repo.findDraw(trx, userId, day);
      if (!winner) throw new Error('spin: the conflicting draw is not visible');
      return { draw: toDraw(winner), replayed: true };
    }
    if (cash && amount > 0) {
      const { transactionId } = await post(trx, {
        type: 'spin_prize',
        userId,
        ref: `spin:${day}`,
        legs: [
          { account: systemAccount('spin'), amount: -amount },
          { account: userAccount(userId, 'main'), amount },
        ],
        now,
        external: { source: LEDGER_SOURCE, ref: `${userId}:${day}` },
      });
      await repo.setDrawTransaction(trx, id, transactionId);
      await addDoneRecord(trx, { userId, type: 'spin', amount, now });
    }
    await sendMessage(trx, {
      userId,
      kind: 'prize_won',
      params: {
        prize: prize.code,
        kind: prize.kind,
        name: prize.name,
        amount: toMoney(amount),
        multiplier,
        day,
      },
      dedupeKey: `spin:${userId}:${day}`,
      now,
    });
    const row = await repo.findDraw(trx, userId, day);
    if (!row) throw new Error('spin: the new draw is not visible');
    return { draw: toDraw(row), replayed: false };
  });
}

// ---- the operators' follow-ups of item prizes

function toFollowUp(row: repo.FollowUpRow): FollowUp {
  return {
    id: row.id,
    user: { uid: row.uid, username: row.username },
    day: row.day,
    prize: { code: row.prize_code, name: row.name },
    createdAt: row.created_at,
    dueAt: Number(row.follow_up_due_at),
    doneAt: row.follow_up_done_at,
    doneBy: row.done_by_uid === null ? null : { uid: row.done_by_uid },
    note: row.follow_up_note,
  };
}

export async function listFollowUps(
  ctx: AppContext,
  operator: Operator,
  req: FollowUpListRequest & { number: number; size: number },
): Promise<Page<FollowUp>> {
  const sites = visibleSites(operator, 'read', 'spin');
  return readPage(
    req,
    (offset, size) => repo.listFollowUps(ctx.db, req.state, offset, size, sites),
    (rows) => rows.map(toFollowUp),
  );
}

/** open -> done, once: a second one is 409 `state_changed`. */
export async function markFollowUpDone(
  ctx: AppContext,
  by: OperatorActing,
  id: number,
  note: string,
): Promise<FollowUp> {
  const existing = await repo.findFollowUp(ctx.db, id);
  if (!existing) throw fieldError('id', 'follow_up_not_found');
  const siteId = existing.site_id;
  assertCanAccess(by.operator, 'write', 'spin', { siteId });
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const done = await repo.markFollowUpDone(trx, id, {
      follow_up_done_at: now,
      follow_up_done_by: by.operator.userId,
      follow_up_note: note,
    });
    if (!done) throw conflict('state_changed');
    await recordAudit(
      trx,
      by.actor,
      { siteId, action: 'spin.follow_up_done', resource: 'spin', recordId: id, after: { note } },
      now,
    );
  });
  return toFollowUp((await repo.findFollowUp(ctx.db, id)) as repo.FollowUpRow);
}
