import { drawWeighted, type RandomInt } from './weighted-draw';

/**
 * Dice: a roll of 1..100 (each face weight 1); the player picks a target T and wins when the roll is
 * under T, so the chance is (T - 1)%. The multiplier, in hundredths, is floor(9900 / (T - 1)); the
 * offered targets are those where that division is exact, so every target returns exactly 99% of
 * whole-unit stakes (a payout is rounded down to the minor unit, which only bites on stakes that are
 * not whole units).
 */
export const DICE_FACES = 100;
const RETURN_HUNDREDTHS = 9900;

/** Win chances (percent) the player may pick; the target is chance + 1. */
export const DICE_CHANCES = [5, 10, 15, 20, 25, 30, 33, 45, 50, 60, 66, 75, 90] as const;
export const DICE_TARGETS: readonly number[] = DICE_CHANCES.map((chance) => chance + 1);
export const DEFAULT_DICE_TARGET = 51;

export interface DiceOutcome {
  engine: 'dice';
  target: number;
  roll: number;
  win: boolean;
  /** Payout multiplier in hundredths of the stake (198 = 1.98x). */
  multiplier100: number;
}

export function isDiceTarget(value: unknown): value is number {
  return typeof value === 'number' && DICE_TARGETS.includes(value);
}

export function diceMultiplier100(target: number): number {
  return Math.floor(RETURN_HUNDREDTHS / (target - 1));
}

const FACE_WEIGHTS: readonly number[] = Array.from({ length: DICE_FACES }, () => 1);

export function rollDice(target: number, random?: RandomInt): DiceOutcome {
  if (!isDiceTarget(target)) throw new Error(`target ${target} is not offered`);
  const roll = drawWeighted(FACE_WEIGHTS, random) + 1;
  return { engine: 'dice', target, roll, win: roll < target, multiplier100: diceMultiplier100(target) };
}

export function dicePayout(stake: number, outcome: DiceOutcome): number {
  return outcome.win ? Math.floor((stake * outcome.multiplier100) / 100) : 0;
}

/** Exact return for a target, per whole-unit stake (100 minor units): every face enumerated. */
export function diceReturn(target: number): { numerator: number; denominator: number } {
  const stake = 100;
  let numerator = 0;
  for (let roll = 1; roll <= DICE_FACES; roll++)
    numerator += dicePayout(stake, {
      engine: 'dice',
      target,
      roll,
      win: roll < target,
      multiplier100: diceMultiplier100(target),
    });
  return { numerator, denominator: stake * DICE_FACES };
}
