import { createHash } from 'node:crypto';
import { addDays, businessDay, dayBounds } from '../../business-days';
import type { Db } from '../../db/create-db';
import {
  accountBalance,
  openRequirementAccount,
  post,
  requirementAccount,
  systemAccount,
  userAccount,
} from '../ledger/service';
import * as repo from './repository';

/*
 * Granting a bonus (decision 0052). A claim is the decision, one per (offer, player, period) by a partial
 * unique index (refused claims stay as the record of a refusal, outside it), so a replayed or concurrent grant
 * finds the first and moves nothing. A welcome offer's claim also takes each of the person's signals in its
 * family (unique rows): another claim already holding the phone or device refuses it, the address holds it for
 * review when the offer says so. The budget is spent by a conditional update. Then the money: the bonus moves
 * from the bonuses account to the requirement's own account (`bonus:grant:<claim>`), or straight to withdrawable
 * when the offer asks no turnover.
 */

export type Signal = { kind: 'phone' | 'device' | 'address'; hash: string };
export type ClaimReason = 'same_phone' | 'same_device' | 'same_address' | 'budget_exhausted';

export type GrantResult =
  | { state: 'granted'; claimId: number; requirementId: number | null; amount: number }
  | { state: 'held'; claimId: number; reason: ClaimReason }
  | { state: 'refused'; claimId: number; reason: ClaimReason }
  /** The (offer, player, period) has a claim already: nothing was done. */
  | { state: 'claimed'; claimId: number };

export interface GrantInput {
  offer: repo.OfferRow;
  version: repo.VersionRow;
  userId: number;
  /** '' once only; a deposit's order number; a period of a periodic offer; `manual:<key>`. */
  period: string;
  /** The deposit (or week's net loss) the bonus is computed on; 0 for none. */
  base: number;
  /** The bonus itself, for a manual grant; else computed from the version. */
  amount?: number;
  /** The person's signals, for a welcome offer. */
  signals?: readonly Signal[];
  operatorId?: number | null;
  note?: string | null;
  timeZone: string;
  now: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** floor(base x percent / 100), at most the version's maximum bonus; a fixed amount when it has one. */
export function bonusAmount(version: repo.VersionRow, base: number): number {
  const raw = version.percent !== null ? Math.floor((base * version.percent) / 100) : (version.amount ?? 0);
  return version.max_bonus !== null ? Math.min(raw, version.max_bonus) : raw;
}

/**
 * Whether what is left of the offer's budget covers `amount`. The periodic payers ask it first, with the
 * offer as it is now: a grant past the budget would be refused and recorded, at every turn of the worker.
 */
export const budgetCovers = (offer: repo.OfferRow, amount: number): boolean =>
  offer.budget === null || offer.granted + amount <= offer.budget;

/** The valid bets a requirement needs: the multiplier times the bonus, the bonus and deposit, or the deposit. */
export function requiredTurnover(version: repo.VersionRow, bonus: number, deposit: number): number {
  const base =
    version.turnover_base === 'bonus'
      ? bonus
      : version.turnover_base === 'deposit'
        ? deposit
        : bonus + deposit;
  return version.turnover_multiplier * base;
}

/** The end of the last business day of the validity, in the player's site's zone. */
export const expiryOf = (validityDays: number, timeZone: string, now: number): number =>
  dayBounds(addDays(businessDay(now, timeZone), validityDays - 1), timeZone).end;

/** The welcome family an offer's signals are unique in: per site (null: every site). */
export const welcomeFamily = (offer: repo.OfferRow): string => `welcome:${offer.site_id ?? '*'}`;

/** The person's signals: the phone number, and the addresses and devices their requests came from. */
export async function signalsOf(db: Db, userId: number): Promise<Signal[]> {
  const user = await db
    .selectFrom('users')
    .select(['area_code', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const signals: Signal[] = user ? [{ kind: 'phone', hash: sha256(`${user.area_code}${user.phone}`) }] : [];
  for (const s of await repo.recordedSignals(db, userId))
    signals.push({ kind: s.kind === 'ip' ? 'address' : 'device', hash: s.value_hash });
  return signals;
}

/**
 * Grants an offer to a player inside the caller's money transaction (it locks the player's main account first,
 * as every posting on a requirement does). A refusal is recorded, never thrown: the caller commits it.
 */
export async function grant(trx: Db, input: GrantInput): Promise<GrantResult> {
  const { offer, version, userId, now } = input;
  await accountBalance(trx, userAccount(userId, 'main'), { lock: true });
  const amount =
    input.amount ?? (offer.kind === 'deposit_turnover' ? input.base : bonusAmount(version, input.base));
  const claimId = await repo.insertClaim(trx, {
    offer_id: offer.id,
    version: version.version,
    user_id: userId,
    period: input.period,
    state: 'granted',
    reason: null,
    amount,
    base: input.base,
    note: input.note ?? null,
    operator_id: input.operatorId ?? null,
    created_at: now,
    decided_at: now,
  });
  if (claimId === undefined) {
    const first = await repo.findLiveClaim(trx, offer.id, userId, input.period);
    return { state: 'claimed', claimId: first?.id ?? 0 };
  }
  if (offer.welcome === 1) {
    const held = await takeSignals(trx, offer, version, claimId, input.signals ?? [], now);
    if (held) {
      await repo.setClaimState(trx, claimId, 'granted', held.state, { reason: held.reason, decided_at: now });
      return { ...held, claimId };
    }
  }
  return pay(trx, {
    offer,
    version,
    userId,
    claimId,
    amount,
    base: input.base,
    timeZone: input.timeZone,
    now,
  });
}

/** A held claim approved: its money now (the budget is spent now too). */
export async function payHeld(
  trx: Db,
  claim: repo.ClaimRow,
  offer: repo.OfferRow,
  version: repo.VersionRow,
  timeZone: string,
  now: number,
): Promise<GrantResult> {
  await accountBalance(trx, userAccount(claim.user_id, 'main'), { lock: true });
  return pay(trx, {
    offer,
    version,
    userId: claim.user_id,
    claimId: claim.id,
    amount: claim.amount,
    base: claim.base,
    timeZone,
    now,
  });
}

async function takeSignals(
  trx: Db,
  offer: repo.OfferRow,
  version: repo.VersionRow,
  claimId: number,
  signals: readonly Signal[],
  now: number,
): Promise<{ state: 'refused' | 'held'; reason: ClaimReason } | undefined> {
  const family = welcomeFamily(offer);
  let held: { state: 'held'; reason: ClaimReason } | undefined;
  for (const signal of signals) {
    // An address is shared by every player behind one carrier's NAT: it holds for review only if the offer says.
    if (signal.kind === 'address' && version.hold_same_address !== 1) continue;
    const holder = await repo.claimSignal(trx, {
      family,
      kind: signal.kind,
      value_hash: signal.hash,
      claim_id: claimId,
      created_at: now,
    });
    if (holder === undefined || holder === claimId) continue;
    if (signal.kind === 'address') held = { state: 'held', reason: 'same_address' };
    else return { state: 'refused', reason: signal.kind === 'phone' ? 'same_phone' : 'same_device' };
  }
  return held;
}

async function pay(
  trx: Db,
  p: {
    offer: repo.OfferRow;
    version: repo.VersionRow;
    userId: number;
    claimId: number;
    amount: number;
    base: number;
    timeZone: string;
    now: number;
  },
): Promise<GrantResult> {
  const { offer, version, userId, claimId, amount, now } = p;
  const deposit = offer.kind === 'deposit_turnover';
  if (!deposit && !(await repo.spendBudget(trx, offer.id, amount, now))) {
    await repo.setClaimState(trx, claimId, 'granted', 'refused', {
      reason: 'budget_exhausted',
      decided_at: now,
    });
    // A held claim being approved is refused the same way.
    await repo.setClaimState(trx, claimId, 'held', 'refused', {
      reason: 'budget_exhausted',
      decided_at: now,
    });
    return { state: 'refused', claimId, reason: 'budget_exhausted' };
  }
  await repo.setClaimState(trx, claimId, 'held', 'granted', { decided_at: now });
  const required = requiredTurnover(version, deposit ? 0 : amount, p.base);
  if (amount === 0) return { state: 'granted', claimId, requirementId: null, amount };
  if (required === 0) {
    await post(trx, {
      type: 'bonus_grant',
      userId,
      ref: `bonus:grant:${claimId}`,
      legs: [
        { account: systemAccount('bonuses'), amount: -amount },
        { account: userAccount(userId, 'main'), amount },
      ],
      now,
      external: { source: 'bonuses', ref: `grant:${claimId}` },
    });
    return { state: 'granted', claimId, requirementId: null, amount };
  }
  const requirementId = await repo.insertRequirement(trx, {
    user_id: userId,
    offer_id: offer.id,
    version: version.version,
    claim_id: claimId,
    kind: deposit ? 'deposit' : 'bonus',
    amount,
    required,
    max_bet: deposit ? null : version.max_bet,
    max_conversion: deposit ? null : version.max_conversion,
    forfeits_on_withdrawal: deposit ? 0 : version.forfeits_on_withdrawal,
    granted_at: now,
    // A deposit's own money never expires: the player may always play it through.
    expires_at: deposit ? null : expiryOf(version.validity_days, p.timeZone, now),
    state: 'open',
    ended_at: null,
  });
  await openRequirementAccount(trx, userId, requirementId, now);
  await post(trx, {
    type: deposit ? 'bonus_deposit_hold' : 'bonus_grant',
    userId,
    ref: `bonus:grant:${claimId}`,
    legs: [
      { account: deposit ? userAccount(userId, 'main') : systemAccount('bonuses'), amount: -amount },
      { account: requirementAccount(userId, requirementId), amount },
    ],
    now,
    external: { source: 'bonuses', ref: `grant:${claimId}` },
  });
  return { state: 'granted', claimId, requirementId, amount };
}
