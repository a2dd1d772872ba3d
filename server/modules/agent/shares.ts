/*
 * How one valid bet is shared along its chain (decision 0017). With the member's ratio r0 and the ratios
 * r1..rk of the ancestors above it (basis points, each at most the next: the ceiling rule), the member's
 * rake back is floor(V x r0) and the ancestor at depth i earns floor(V x ri) - floor(V x r(i-1)). The shares
 * telescope to floor(V x rk): the whole chain earns exactly the top ratio's share of the bet, in integer minor
 * units, with no rounding drift; and no share is negative, since floor keeps the ratios' order.
 */

const BP = 10_000;

/** floor(validBet x ratio), exact for any safe integer bet (BigInt past 2^53 / 10^4). */
export function shareOf(validBet: number, ratioBp: number): number {
  const product = validBet * ratioBp;
  if (Number.isSafeInteger(product)) return Math.floor(product / BP);
  return Number((BigInt(validBet) * BigInt(ratioBp)) / BigInt(BP));
}

export interface Share {
  /** 0 = the member's own rake back; i = the ancestor i levels up. */
  depth: number;
  ratioBp: number;
  /** The ratio of the one below (0 for the member). */
  belowRatioBp: number;
  amount: number;
}

/**
 * The shares of a valid bet: `chainRatiosBp[0]` is the member's ratio, then each ancestor's upwards. A ratio
 * below the one under it (the ceiling broken in stored data) is taken as that one, so no share is negative
 * and the sum is still the top's share.
 */
export function sharesOf(validBet: number, chainRatiosBp: readonly number[]): Share[] {
  const shares: Share[] = [];
  let below = 0;
  let paid = 0;
  for (const [depth, ratio] of chainRatiosBp.entries()) {
    const effective = Math.max(ratio, below);
    const total = shareOf(validBet, effective);
    shares.push({ depth, ratioBp: effective, belowRatioBp: below, amount: total - paid });
    paid = total;
    below = effective;
  }
  return shares;
}
