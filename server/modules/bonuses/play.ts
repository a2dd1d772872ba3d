import type { Db } from '../../db/create-db';
import {
  accountBalance,
  accountBalances,
  type Leg,
  legsOnKind,
  post,
  requirementAccount,
  systemAccount,
  userAccount,
} from '../ledger/service';
import {
  type HeldRequirement,
  releaseOf,
  type StakeSplit,
  splitStake,
  splitWin,
  weightedTurnover,
} from './money-rules';
import * as repo from './repository';

/*
 * Bonuses in play (decision 0052): what a bet may spend and how, where a win goes, what a valid bet counts
 * toward, and the release of a met requirement. Called by games inside its money transaction, which has locked
 * the player's main account first: every posting on a requirement's account happens under that lock, so the
 * balances read here are the ones the posting finds.
 */

/** Never expires: spent last. */
const NEVER = Number.MAX_SAFE_INTEGER;

export interface Funds {
  /** The main account: withdrawable money. */
  withdrawable: number;
  /** Open requirements with their money (0 included: a win may still return to one). */
  held: HeldRequirement[];
  /** The lowest maximum bet of the requirements that hold money (null: none applies). */
  maxBet: number | null;
}

/** What a player may stake: withdrawable money and their open requirements' (one query when they have none). */
export async function fundsOf(trx: Db, userId: number, withdrawable: number): Promise<Funds> {
  const open = await repo.openRequirements(trx, userId);
  if (open.length === 0) return { withdrawable, held: [], maxBet: null };
  const balances = await accountBalances(
    trx,
    open.map((r) => requirementAccount(userId, r.id)),
  );
  let maxBet: number | null = null;
  const held = open.map((r) => {
    const balance = balances.get(requirementAccount(userId, r.id)) ?? 0;
    if (balance > 0 && r.max_bet !== null) maxBet = maxBet === null ? r.max_bet : Math.min(maxBet, r.max_bet);
    return { id: r.id, balance, expiresAt: r.expires_at ?? NEVER };
  });
  return { withdrawable, held, maxBet };
}

/** What the provider is told the player has: withdrawable money and what their requirements hold. */
export const playableOf = (funds: Funds): number =>
  funds.held.reduce((sum, r) => sum + r.balance, funds.withdrawable);

/** The legs that pay a stake (withdrawable first, then requirements soonest to expire); undefined when short. */
export function stakeLegs(userId: number, stake: number, funds: Funds): Leg[] | undefined {
  const split = splitStake(stake, funds.withdrawable, funds.held);
  if (!split) return undefined;
  const legs: Leg[] = [];
  if (split.fromWithdrawable > 0)
    legs.push({ account: userAccount(userId, 'main'), amount: -split.fromWithdrawable });
  for (const part of split.fromRequirements)
    legs.push({ account: requirementAccount(userId, part.id), amount: -part.amount });
  return legs;
}

const requirementIdOf = (code: string): number => Number(code.slice(code.lastIndexOf(':') + 1));

/**
 * Where a win goes: each requirement gets its part of the round's standing stakes (splitWin), the rest is
 * withdrawable. A requirement that ended meanwhile gets nothing back: released, its part is withdrawable; expired,
 * forfeited or cancelled, its part goes to the bonuses account (that money was the bonus's, and the bonus is
 * gone). Answers the legs that credit the win and what the player's playable balance gains.
 */
export async function winLegs(
  trx: Db,
  userId: number,
  bets: readonly { transactionId: number; amount: number }[],
  win: number,
): Promise<{ legs: Leg[]; playableGain: number }> {
  const main = userAccount(userId, 'main');
  if (win === 0) return { legs: [], playableGain: 0 };
  const fromRequirements = await legsOnKind(
    trx,
    bets.map((b) => b.transactionId),
    'requirement',
  );
  if (fromRequirements.length === 0) return { legs: [{ account: main, amount: win }], playableGain: win };
  const stakes: StakeSplit[] = bets.map((bet) => {
    const parts = fromRequirements
      .filter((leg) => leg.transaction_id === bet.transactionId)
      .map((leg) => ({ id: requirementIdOf(leg.account), amount: -leg.amount }));
    const fromReq = parts.reduce((sum, p) => sum + p.amount, 0);
    return { fromWithdrawable: bet.amount - fromReq, fromRequirements: parts };
  });
  const split = splitWin(win, stakes);
  const states = new Map(
    (
      await repo.requirementStates(
        trx,
        split.toRequirements.map((p) => p.id),
      )
    ).map((r) => [r.id, r.state]),
  );
  const legs: Leg[] = [{ account: main, amount: split.toWithdrawable }];
  let playableGain = split.toWithdrawable;
  for (const part of split.toRequirements) {
    const state = states.get(part.id);
    if (state === 'open') {
      legs.push({ account: requirementAccount(userId, part.id), amount: part.amount });
      playableGain += part.amount;
    } else if (state === 'released') {
      legs.push({ account: main, amount: part.amount });
      playableGain += part.amount;
    } else legs.push({ account: systemAccount('bonuses'), amount: part.amount });
  }
  return { legs, playableGain };
}

/**
 * Money that came back to requirements that have ended (a rollback or void of a bet they paid): a released
 * one's goes to withdrawable, another's to the bonuses account, each as a posting of its own with its reason.
 * `cause` is the transaction that brought it back, so each return is swept once.
 */
export async function sweepEnded(
  trx: Db,
  userId: number,
  requirementIds: readonly number[],
  cause: number,
  now: number,
): Promise<void> {
  const ended = (await repo.requirementStates(trx, requirementIds)).filter((r) => r.state !== 'open');
  for (const r of ended) {
    const account = requirementAccount(userId, r.id);
    const balance = await accountBalance(trx, account, { lock: true });
    if (balance <= 0) continue;
    const to = r.state === 'released' ? userAccount(userId, 'main') : systemAccount('bonuses');
    await post(trx, {
      type: 'bonus_late',
      userId,
      ref: `bonus:late:${r.id}`,
      legs: [
        { account, amount: -balance },
        { account: to, amount: balance },
      ],
      now,
      external: { source: 'bonuses', ref: `late:${r.id}:${cause}` },
    });
  }
}

/** The requirement ids a transaction's legs moved (a bet's, before its reversal). */
export async function requirementsMovedBy(trx: Db, transactionIds: readonly number[]): Promise<number[]> {
  const legs = await legsOnKind(trx, transactionIds, 'requirement');
  return [...new Set(legs.map((l) => requirementIdOf(l.account)))];
}

// ---- turnover

/** An offer version's contribution per channel (a channel not listed contributes 0). */
async function contributions(db: Db, offerId: number, version: number): Promise<Map<string, number>> {
  const rows = await repo.contributionsOf(db, offerId, version);
  return new Map(rows.map((r) => [r.channel_code, r.percent]));
}

export interface CountedBet {
  roundId: number;
  userId: number;
  channel: string;
  validBet: number;
  /** When the round was placed: only requirements granted by then count it. */
  placedAt: number;
  now: number;
}

/**
 * A settled round's valid bet counts toward each of the player's open requirements granted before it was
 * placed, weighted by the channel's contribution, once per (requirement, round). With `release`, a requirement
 * it brings to its target is released in this transaction (the caller holds the player's main account lock);
 * without, the bonuses worker releases it (a pulled record's transaction must not take that lock late).
 */
export async function countValidBet(
  trx: Db,
  bet: CountedBet,
  { release }: { release: boolean },
): Promise<void> {
  if (bet.validBet <= 0) return;
  const open = await repo.openRequirements(trx, bet.userId);
  for (const r of open) {
    if (r.granted_at > bet.placedAt) continue;
    const percent = (await contributions(trx, r.offer_id, r.version)).get(bet.channel) ?? 0;
    const amount = weightedTurnover(bet.validBet, percent);
    if (amount === 0) continue;
    const fresh = await repo.insertTurnover(trx, {
      requirement_id: r.id,
      round_id: bet.roundId,
      kind: 'count',
      channel_code: bet.channel,
      valid_bet: bet.validBet,
      amount,
      created_at: bet.now,
    });
    if (!fresh) continue;
    const after = await repo.addWagered(trx, r.id, amount);
    if (release && after.wagered >= after.required) await releaseMet(trx, bet.userId, r.id, bet.now);
  }
}

/** A void takes back what its round counted, each as a row of its own (released ones stay released). */
export async function takeBackTurnover(trx: Db, roundId: number, now: number): Promise<void> {
  for (const row of await repo.countedOfRound(trx, roundId)) {
    const fresh = await repo.insertTurnover(trx, {
      requirement_id: row.requirement_id,
      round_id: roundId,
      kind: 'void',
      channel_code: row.channel_code,
      valid_bet: -row.valid_bet,
      amount: -row.amount,
      created_at: now,
    });
    if (fresh) await repo.addWagered(trx, row.requirement_id, -row.amount);
  }
}

/**
 * Releases a met requirement: its money to withdrawable up to the maximum conversion (`bonus:release`), the
 * rest to the bonuses account (`bonus:cap`). Once: the state moves first, only from open. The caller holds
 * the player's main account lock.
 */
export async function releaseMet(
  trx: Db,
  userId: number,
  requirementId: number,
  now: number,
): Promise<boolean> {
  const requirement = await repo.findRequirement(trx, requirementId);
  if (requirement?.state !== 'open' || requirement.wagered < requirement.required) return false;
  if (!(await repo.endRequirement(trx, requirementId, 'released', now))) return false;
  const account = requirementAccount(userId, requirementId);
  const balance = await accountBalance(trx, account, { lock: true });
  const { toWithdrawable, capped } = releaseOf(balance, requirement.max_conversion);
  if (toWithdrawable > 0)
    await post(trx, {
      type: 'bonus_release',
      userId,
      ref: `bonus:release:${requirementId}`,
      legs: [
        { account, amount: -toWithdrawable },
        { account: userAccount(userId, 'main'), amount: toWithdrawable },
      ],
      now,
      external: { source: 'bonuses', ref: `release:${requirementId}` },
    });
  if (capped > 0)
    await post(trx, {
      type: 'bonus_cap',
      userId,
      ref: `bonus:cap:${requirementId}`,
      legs: [
        { account, amount: -capped },
        { account: systemAccount('bonuses'), amount: capped },
      ],
      now,
      external: { source: 'bonuses', ref: `cap:${requirementId}` },
    });
  return true;
}

/**
 * Ends an open requirement for `reason`, moving what its account holds to the bonuses account (`bonus:<reason>`).
 * Answers what it removed, or undefined when the requirement was no longer open. The caller holds the player's
 * main account lock.
 */
export async function endWithLoss(
  trx: Db,
  userId: number,
  requirementId: number,
  reason: 'expire' | 'forfeit' | 'cancel',
  now: number,
): Promise<number | undefined> {
  const state = ({ expire: 'expired', forfeit: 'forfeited', cancel: 'cancelled' } as const)[reason];
  if (!(await repo.endRequirement(trx, requirementId, state, now))) return undefined;
  const account = requirementAccount(userId, requirementId);
  const balance = await accountBalance(trx, account, { lock: true });
  if (balance > 0)
    await post(trx, {
      type: `bonus_${reason}`,
      userId,
      ref: `bonus:${reason}:${requirementId}`,
      legs: [
        { account, amount: -balance },
        { account: systemAccount('bonuses'), amount: balance },
      ],
      now,
      external: { source: 'bonuses', ref: `${reason}:${requirementId}` },
    });
  return balance;
}
