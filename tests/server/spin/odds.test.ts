import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate';
import { pickPrize } from '../../../server/modules/spin/service';
import { createTestDb } from '../harness';

// The odds the wheel's page publishes are the odds it draws with: a chi-square goodness-of-fit test of
// 100,000 draws of the server's draw (crypto.randomInt over the weights) against the seeded prize table.

const DRAWS = 100_000;
/**
 * The chi-square critical values for p = 0.001 by degrees of freedom (prizes - 1): a correct draw fails
 * once in a thousand runs, a wrong one (below) by a wide margin.
 */
const CRITICAL_P001: Record<number, number> = {
  1: 10.828,
  2: 13.816,
  3: 16.266,
  4: 18.467,
  5: 20.515,
  6: 22.458,
  7: 24.322,
  8: 26.124,
  9: 27.877,
  10: 29.588,
};

interface Prize {
  code: string;
  weight: number;
}

let prizes: Prize[];
let drop: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestDb();
  drop = test.drop;
  await migrateToLatest(test.db);
  prizes = (
    await test.db.selectFrom('spin_prizes').select(['code', 'weight']).where('enabled', '=', 1).execute()
  ).map((p) => ({ code: p.code, weight: Number(p.weight) }));
});
afterAll(() => drop());

function countDraws(draw: () => Prize): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < DRAWS; i++) {
    const p = draw();
    counts.set(p.code, (counts.get(p.code) ?? 0) + 1);
  }
  return counts;
}

/** Pearson's statistic of observed counts against the weights the page publishes. */
function chiSquare(counts: Map<string, number>, published: Prize[]): number {
  const total = published.reduce((s, p) => s + p.weight, 0);
  let chi = 0;
  for (const p of published) {
    const expected = (DRAWS * p.weight) / total;
    const observed = counts.get(p.code) ?? 0;
    chi += (observed - expected) ** 2 / expected;
  }
  return chi;
}

describe('the odds of the wheel', () => {
  it('draws every prize as often as its published weight says (p = 0.001)', () => {
    expect(prizes.length).toBeGreaterThan(1);
    // Every expected count is at least 5, or the statistic is not chi-square distributed.
    const total = prizes.reduce((s, p) => s + p.weight, 0);
    for (const p of prizes) expect((DRAWS * p.weight) / total).toBeGreaterThanOrEqual(5);
    const critical = CRITICAL_P001[prizes.length - 1] as number;
    const counts = countDraws(() => pickPrize(prizes));
    expect(chiSquare(counts, prizes)).toBeLessThan(critical);
  });

  it('fails when the published weights are not the ones drawn with', () => {
    const critical = CRITICAL_P001[prizes.length - 1] as number;
    const counts = countDraws(() => pickPrize(prizes));
    // The page publishing 2% of the most common prize's chance as the second's.
    const [a, b, ...rest] = prizes as [Prize, Prize, ...Prize[]];
    const moved = Math.round((prizes.reduce((s, p) => s + p.weight, 0) * 2) / 100);
    const misPublished = [{ ...a, weight: a.weight - moved }, { ...b, weight: b.weight + moved }, ...rest];
    expect(chiSquare(counts, misPublished)).toBeGreaterThan(critical);
  });

  it('fails when the draw leaves out the top of its range', () => {
    const critical = CRITICAL_P001[prizes.length - 1] as number;
    // Never drawing the last 10 slots: the rarest prize (weight 10) vanishes.
    const skewed = countDraws(() => pickPrize(prizes, (max) => Math.floor(Math.random() * (max - 10))));
    expect(chiSquare(skewed, prizes)).toBeGreaterThan(critical);
  });

  it('maps each slot of the range to its prize', () => {
    const table = [
      { code: 'a', weight: 2 },
      { code: 'b', weight: 0 },
      { code: 'c', weight: 3 },
    ];
    expect([0, 1, 2, 3, 4].map((r) => pickPrize(table, () => r).code)).toEqual(['a', 'a', 'c', 'c', 'c']);
    expect(() => pickPrize([{ code: 'x', weight: 0 }])).toThrow();
  });
});
