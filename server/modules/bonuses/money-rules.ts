/*
 * The money rules of a turnover requirement (decision 0052), as pure functions of integer minor units, so the
 * bet path, the settlement of a round and the release all compute the same split, and a property test proves
 * each rule on its own before the ledger postings use it:
 * - a stake spends withdrawable money first, then the requirements' money, the soonest to expire first;
 * - a win follows its stake: each requirement gets its part of the round's stakes, rounded down, and the
 *   centavos of rounding go to withdrawable;
 * - a valid bet counts toward a requirement weighted by its channel's contribution, rounded down;
 * - a met requirement's money moves to withdrawable up to the offer's maximum conversion; the rest is capped.
 * The module's service (still to come, issue 33) turns these splits into ledger postings.
 */

/** A requirement that holds money the bet path may spend (its ledger account `u:P:req:R`). */
export interface HeldRequirement {
  id: number;
  /** Minor units in its account. */
  balance: number;
  /** When it expires (epoch ms): the soonest is spent first, the lower id first on a tie. */
  expiresAt: number;
}

export interface StakeSplit {
  fromWithdrawable: number;
  /** Only requirements that pay a part, in the order they were spent. */
  fromRequirements: Array<{ id: number; amount: number }>;
}

const nonNegativeInteger = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number of minor units`);
};

/**
 * Which money pays a stake: withdrawable first, then each requirement's money, the soonest to expire first.
 * Undefined when the player's money (withdrawable and requirements together) does not cover it.
 */
export function splitStake(
  stake: number,
  withdrawable: number,
  requirements: readonly HeldRequirement[],
): StakeSplit | undefined {
  nonNegativeInteger(stake, 'stake');
  nonNegativeInteger(withdrawable, 'withdrawable');
  const fromWithdrawable = Math.min(stake, withdrawable);
  let left = stake - fromWithdrawable;
  const fromRequirements: StakeSplit['fromRequirements'] = [];
  const order = [...requirements].sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id);
  for (const requirement of order) {
    if (left === 0) break;
    nonNegativeInteger(requirement.balance, 'a requirement balance');
    const amount = Math.min(left, requirement.balance);
    if (amount > 0) fromRequirements.push({ id: requirement.id, amount });
    left -= amount;
  }
  return left === 0 ? { fromWithdrawable, fromRequirements } : undefined;
}

/** floor(a x b / c) for safe integers, exact past 2^53 through BigInt. */
function mulDiv(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return Math.floor(product / c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

export interface WinSplit {
  toWithdrawable: number;
  toRequirements: Array<{ id: number; amount: number }>;
}

/**
 * Where a win goes: to each requirement, floor(win x its part of the round's stakes / all the round's stakes);
 * the rest (what withdrawable staked, and the centavos of rounding) to withdrawable. A win with no stake (a
 * free round) is withdrawable money.
 */
export function splitWin(win: number, stakes: readonly StakeSplit[]): WinSplit {
  nonNegativeInteger(win, 'win');
  const staked = new Map<number, number>();
  let total = 0;
  for (const stake of stakes) {
    total += stake.fromWithdrawable;
    for (const { id, amount } of stake.fromRequirements) {
      staked.set(id, (staked.get(id) ?? 0) + amount);
      total += amount;
    }
  }
  if (total === 0) return { toWithdrawable: win, toRequirements: [] };
  const toRequirements = [...staked]
    .map(([id, amount]) => ({ id, amount: mulDiv(win, amount, total) }))
    .filter((part) => part.amount > 0);
  const toWithdrawable = win - toRequirements.reduce((sum, part) => sum + part.amount, 0);
  return { toWithdrawable, toRequirements };
}

/** A valid bet's weight toward a requirement: floor(validBet x percent / 100), the channel's contribution. */
export function weightedTurnover(validBet: number, contributionPercent: number): number {
  nonNegativeInteger(validBet, 'valid bet');
  if (!Number.isInteger(contributionPercent) || contributionPercent < 0 || contributionPercent > 100)
    throw new RangeError('a contribution is a whole percent from 0 to 100');
  return mulDiv(validBet, contributionPercent, 100);
}

export interface Release {
  toWithdrawable: number;
  /** Over the offer's maximum conversion: back to the bonuses account, shown to the player as such. */
  capped: number;
}

/** A met requirement's money: to withdrawable up to the maximum conversion (none: all of it), the rest capped. */
export function releaseOf(balance: number, maxConversion: number | null): Release {
  nonNegativeInteger(balance, 'balance');
  if (maxConversion !== null) nonNegativeInteger(maxConversion, 'maximum conversion');
  const toWithdrawable = maxConversion === null ? balance : Math.min(balance, maxConversion);
  return { toWithdrawable, capped: balance - toWithdrawable };
}
