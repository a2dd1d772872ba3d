// Issue 33, decision 0052: the money rules of a turnover requirement, each proven over random inputs before the
// ledger postings build on them. Amounts are minor units.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type HeldRequirement,
  releaseOf,
  type StakeSplit,
  splitStake,
  splitWin,
  weightedTurnover,
} from '../../../server/modules/bonuses/money-rules';

const cents = (max = 10_000_00) => fc.integer({ min: 0, max });
const requirements = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      balance: cents(5_000_00),
      expiresAt: fc.integer({ min: 0, max: 5 }),
    }),
    { selector: (r) => r.id, maxLength: 5 },
  )
  .map((rows): HeldRequirement[] => rows);

const soonestFirst = (a: HeldRequirement, b: HeldRequirement) => a.expiresAt - b.expiresAt || a.id - b.id;

describe('a stake', () => {
  it('spends withdrawable money first, then requirements soonest to expire first, never more than each holds', () => {
    fc.assert(
      fc.property(cents(), cents(), requirements, (stake, withdrawable, held) => {
        const split = splitStake(stake, withdrawable, held);
        const all = withdrawable + held.reduce((sum, r) => sum + r.balance, 0);
        if (stake > all) {
          expect(split).toBeUndefined();
          return;
        }
        if (!split) throw new Error('a covered stake was refused');
        const fromRequirements = split.fromRequirements.reduce((sum, part) => sum + part.amount, 0);
        expect(split.fromWithdrawable + fromRequirements).toBe(stake);
        // Requirement money only once withdrawable money is all spent.
        expect(split.fromWithdrawable).toBe(Math.min(stake, withdrawable));
        // In expiry order, each emptied before the next is touched, none over its balance.
        const order = [...held].sort(soonestFirst).filter((r) => r.balance > 0);
        split.fromRequirements.forEach((part, index) => {
          const requirement = order[index];
          expect(part.id).toBe(requirement?.id);
          expect(part.amount).toBeGreaterThan(0);
          expect(part.amount).toBeLessThanOrEqual(requirement?.balance ?? 0);
          if (index < split.fromRequirements.length - 1) expect(part.amount).toBe(requirement?.balance);
        });
      }),
    );
  });

  it('is refused as whole units only', () => {
    expect(() => splitStake(1.5, 100, [])).toThrow(RangeError);
    expect(() => splitStake(-1, 100, [])).toThrow(RangeError);
    expect(() => splitStake(10, 0, [{ id: 1, balance: -5, expiresAt: 0 }])).toThrow(RangeError);
  });
});

describe('a win', () => {
  const stakes = fc
    .array(fc.tuple(cents(), cents(), requirements), { maxLength: 4 })
    .map((rounds) =>
      rounds
        .map(([stake, withdrawable, held]) => splitStake(stake, withdrawable, held))
        .filter((split): split is StakeSplit => split !== undefined),
    );

  it('follows its stake: each requirement its part rounded down, the rest withdrawable, nothing lost', () => {
    fc.assert(
      fc.property(cents(100_000_00), stakes, (win, round) => {
        const split = splitWin(win, round);
        const toRequirements = split.toRequirements.reduce((sum, part) => sum + part.amount, 0);
        expect(split.toWithdrawable + toRequirements).toBe(win);
        expect(split.toWithdrawable).toBeGreaterThanOrEqual(0);
        const total = round.reduce(
          (sum, s) => sum + s.fromWithdrawable + s.fromRequirements.reduce((n, p) => n + p.amount, 0),
          0,
        );
        for (const part of split.toRequirements) {
          const staked = round
            .flatMap((s) => s.fromRequirements)
            .filter((p) => p.id === part.id)
            .reduce((sum, p) => sum + p.amount, 0);
          // floor(win x staked / total), computed here in BigInt as the independent oracle.
          expect(BigInt(part.amount)).toBe((BigInt(win) * BigInt(staked)) / BigInt(total));
        }
        // Withdrawable gets at least its exact part: the rounding is never taken from the player's own money.
        const ownStake = round.reduce((sum, s) => sum + s.fromWithdrawable, 0);
        if (total > 0) expect(split.toWithdrawable * total).toBeGreaterThanOrEqual(win * ownStake);
      }),
    );
  });

  it('of a round with no stake (a free round) is withdrawable money', () => {
    expect(splitWin(1234, [])).toEqual({ toWithdrawable: 1234, toRequirements: [] });
  });

  it('of a round staked half from a requirement gives that requirement half, the odd centavo to withdrawable', () => {
    const stake = splitStake(200, 100, [{ id: 7, balance: 500, expiresAt: 1 }]);
    expect(stake).toEqual({ fromWithdrawable: 100, fromRequirements: [{ id: 7, amount: 100 }] });
    expect(splitWin(301, stake ? [stake] : [])).toEqual({
      toWithdrawable: 151,
      toRequirements: [{ id: 7, amount: 150 }],
    });
  });
});

describe('turnover and release', () => {
  it('weights a valid bet by its channel’s contribution, rounded down, never above the bet', () => {
    fc.assert(
      fc.property(cents(), fc.integer({ min: 0, max: 100 }), (validBet, percent) => {
        const weighted = weightedTurnover(validBet, percent);
        expect(weighted).toBe(Math.floor((validBet * percent) / 100));
        expect(weighted).toBeLessThanOrEqual(validBet);
      }),
    );
    expect(weightedTurnover(999, 100)).toBe(999);
    expect(weightedTurnover(999, 10)).toBe(99);
    expect(weightedTurnover(999, 0)).toBe(0);
    expect(() => weightedTurnover(100, 101)).toThrow(RangeError);
    expect(() => weightedTurnover(100, 12.5)).toThrow(RangeError);
  });

  it('moves a met requirement’s money to withdrawable up to the maximum conversion, the rest capped', () => {
    fc.assert(
      fc.property(cents(), fc.option(cents(), { nil: null }), (balance, max) => {
        const { toWithdrawable, capped } = releaseOf(balance, max);
        expect(toWithdrawable + capped).toBe(balance);
        expect(toWithdrawable).toBe(max === null ? balance : Math.min(balance, max));
      }),
    );
    expect(releaseOf(80_00, 50_00)).toEqual({ toWithdrawable: 50_00, capped: 30_00 });
  });
});
