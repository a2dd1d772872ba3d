import { DICE_TARGETS, diceReturn } from './engines/dice';
import type { Engine } from './engines/play';
import { reelsReturn } from './engines/reels';

/** Which wallet protocol a game is offered on: the platform's wallet (seamless) or ours (transfer). */
export type Side = 'seamless' | 'transfer';

export interface DemoGame {
  code: string;
  name: string;
  engine: Engine;
  side: Side;
  /** Minor units. */
  minBet: number;
  maxBet: number;
  /** Return to player, percent with 2 decimals, computed from the rules below. */
  rtp: number;
}

interface Fraction {
  numerator: number;
  denominator: number;
}

function percent(fraction: Fraction): number {
  return Math.round((fraction.numerator * 10_000) / fraction.denominator) / 100;
}

/** The exact return of an engine, as a fraction (dice: the lowest over the offered targets, all equal). */
export function engineReturn(engine: Engine): Fraction {
  if (engine === 'reels') return reelsReturn();
  return DICE_TARGETS.map(diceReturn).reduce((low, r) =>
    r.numerator * low.denominator < low.numerator * r.denominator ? r : low,
  );
}

function game(code: string, name: string, engine: Engine, side: Side): DemoGame {
  return { code, name, engine, side, minBet: 100, maxBet: 100_000, rtp: percent(engineReturn(engine)) };
}

export const DEMO_GAMES: readonly DemoGame[] = [
  game('lucky-reels', 'Lucky Reels', 'reels', 'seamless'),
  game('lucky-dice', 'Lucky Dice', 'dice', 'seamless'),
  game('table-dice', 'Table Dice', 'dice', 'transfer'),
];

export function findGame(code: string, side: Side): DemoGame | undefined {
  return DEMO_GAMES.find((game) => game.code === code && game.side === side);
}

/** The platform's currency (docs/games-protocol.md); the transfer side has no authenticate to learn it. */
export const CURRENCY = 'PHP';
