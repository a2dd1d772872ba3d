import { drawWeighted, type RandomInt } from './weighted-draw';

/** A three-reel slot with one pay line: each reel stops on one symbol drawn from its weighted strip. */
export const REEL_SYMBOLS = ['seven', 'bar', 'bell', 'cherry', 'lemon', 'blank'] as const;
export type ReelSymbol = (typeof REEL_SYMBOLS)[number];

/** Weights per reel, in REEL_SYMBOLS order; 32 stops on each reel. */
export const REEL_STRIPS: readonly (readonly number[])[] = [
  [1, 3, 5, 7, 8, 8],
  [1, 3, 5, 6, 9, 8],
  [1, 3, 5, 5, 9, 9],
];

type Pattern = readonly [ReelSymbol | 'any', ReelSymbol | 'any', ReelSymbol | 'any'];
export interface PayLine {
  readonly pattern: Pattern;
  /** Whole multiples of the stake, so a payout never needs rounding. */
  readonly multiplier: number;
}

/** Checked top to bottom; the first matching line pays (so three cherries pay once, as three). */
export const PAYTABLE: readonly PayLine[] = [
  { pattern: ['seven', 'seven', 'seven'], multiplier: 500 },
  { pattern: ['bar', 'bar', 'bar'], multiplier: 100 },
  { pattern: ['bell', 'bell', 'bell'], multiplier: 40 },
  { pattern: ['cherry', 'cherry', 'cherry'], multiplier: 25 },
  { pattern: ['lemon', 'lemon', 'lemon'], multiplier: 10 },
  { pattern: ['cherry', 'cherry', 'any'], multiplier: 5 },
  { pattern: ['cherry', 'any', 'any'], multiplier: 1 },
];

export interface ReelsOutcome {
  engine: 'reels';
  symbols: [ReelSymbol, ReelSymbol, ReelSymbol];
  /** Index in PAYTABLE of the line that paid, or null for a loss. */
  line: number | null;
  multiplier: number;
}

export function matchLine(symbols: readonly ReelSymbol[]): number | null {
  const index = PAYTABLE.findIndex((line) =>
    line.pattern.every((want, reel) => want === 'any' || want === symbols[reel]),
  );
  return index === -1 ? null : index;
}

function symbolAt(index: number): ReelSymbol {
  const symbol = REEL_SYMBOLS[index];
  if (!symbol) throw new Error(`no symbol at ${index}`);
  return symbol;
}

export function spinReels(random?: RandomInt): ReelsOutcome {
  const symbols = REEL_STRIPS.map((strip) =>
    symbolAt(drawWeighted(strip, random)),
  ) as ReelsOutcome['symbols'];
  const line = matchLine(symbols);
  return {
    engine: 'reels',
    symbols,
    line,
    multiplier: line === null ? 0 : (PAYTABLE[line]?.multiplier ?? 0),
  };
}

export function reelsPayout(stake: number, outcome: ReelsOutcome): number {
  return stake * outcome.multiplier;
}

export interface LineOdds {
  line: number;
  /** Weighted stop combinations that land on this line, out of `combinations`. */
  hits: number;
  combinations: number;
}

/** Every stop combination enumerated: the exact odds of each pay line (what the rules page shows). */
export function reelsLineOdds(): LineOdds[] {
  const combinations = REEL_STRIPS.reduce((product, strip) => product * strip.reduce((a, b) => a + b, 0), 1);
  const hits = PAYTABLE.map(() => 0);
  const [first = [], second = [], third = []] = REEL_STRIPS;
  first.forEach((w1, s1) => {
    second.forEach((w2, s2) => {
      third.forEach((w3, s3) => {
        const line = matchLine([symbolAt(s1), symbolAt(s2), symbolAt(s3)]);
        if (line !== null) hits[line] = (hits[line] ?? 0) + w1 * w2 * w3;
      });
    });
  });
  return hits.map((h, line) => ({ line, hits: h, combinations }));
}

/** The exact return to player as a fraction: sum of hits x multiplier over all combinations. */
export function reelsReturn(): { numerator: number; denominator: number } {
  const odds = reelsLineOdds();
  const numerator = odds.reduce((sum, o) => sum + o.hits * (PAYTABLE[o.line]?.multiplier ?? 0), 0);
  return { numerator, denominator: odds[0]?.combinations ?? 1 };
}
