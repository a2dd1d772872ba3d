import { DEFAULT_DICE_TARGET, type DiceOutcome, dicePayout, isDiceTarget, rollDice } from './dice';
import { type ReelsOutcome, reelsPayout, spinReels } from './reels';
import type { RandomInt } from './weighted-draw';

export type Engine = 'reels' | 'dice';
export type Outcome = ReelsOutcome | DiceOutcome;

/** The player's choice for a round: a target for dice, nothing for reels; null when it is not allowed. */
export function readChoice(engine: Engine, choice: unknown): number | undefined | null {
  if (engine === 'reels') return choice === undefined || choice === null ? undefined : null;
  if (choice === undefined || choice === null) return DEFAULT_DICE_TARGET;
  return isDiceTarget(choice) ? choice : null;
}

/** Draws a round's outcome and its payout in minor units (rounded down). */
export function playRound(
  engine: Engine,
  stake: number,
  choice: number | undefined,
  random?: RandomInt,
): { outcome: Outcome; payout: number } {
  if (engine === 'reels') {
    const outcome = spinReels(random);
    return { outcome, payout: reelsPayout(stake, outcome) };
  }
  const outcome = rollDice(choice ?? DEFAULT_DICE_TARGET, random);
  return { outcome, payout: dicePayout(stake, outcome) };
}
