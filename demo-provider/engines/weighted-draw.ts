import { randomInt } from 'node:crypto';

/** A uniform integer in [0, max): crypto.randomInt in play, a fixed sequence in tests. */
export type RandomInt = (max: number) => number;

export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * Picks an index with probability weight / total. Weights are integers so the odds are exact
 * fractions that the rules pages and the RTP computation can state without floating-point drift.
 */
export function drawWeighted(weights: readonly number[], random: RandomInt = cryptoRandomInt): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (!weights.every((w) => Number.isInteger(w) && w >= 0) || total <= 0)
    throw new Error('weights must be non-negative integers with a positive sum');
  let ticket = random(total);
  for (const [index, weight] of weights.entries()) {
    if (ticket < weight) return index;
    ticket -= weight;
  }
  throw new Error(`random source answered ${ticket} outside [0, ${total})`);
}
