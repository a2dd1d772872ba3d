import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareOf, sharesOf } from '../../server/modules/agent/shares';

describe('sharing a valid bet along the chain', () => {
  it('gives the member floor(V x r0) and each ancestor the difference up to its own ratio', () => {
    // 1234.56 valid, member 0.10%, parent 0.30%, top 0.50%.
    expect(sharesOf(123_456, [10, 30, 50]).map((s) => s.amount)).toEqual([123, 247, 247]);
    expect(sharesOf(123_456, [10, 30, 50]).reduce((sum, s) => sum + s.amount, 0)).toBe(shareOf(123_456, 50));
  });

  it('the chain earns exactly the top ratio share, no share negative (any bets, any ordered ratios)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        (validBet, raw) => {
          const ratios = [...raw].sort((a, b) => a - b);
          const shares = sharesOf(validBet, ratios);
          const sum = shares.reduce((s, x) => s + BigInt(x.amount), 0n);
          expect(sum).toBe((BigInt(validBet) * BigInt(ratios.at(-1) ?? 0)) / 10_000n);
          for (const s of shares) expect(s.amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('takes a ratio below the one under it as that one (the ceiling broken in data never pays negative)', () => {
    const shares = sharesOf(10_000, [50, 20, 80]);
    expect(shares.map((s) => s.amount)).toEqual([50, 0, 30]);
  });
});
