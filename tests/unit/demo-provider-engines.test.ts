import { describe, expect, it } from 'vitest';
import { DEMO_GAMES, engineReturn } from '../../demo-provider/catalogue';
import { DICE_TARGETS, diceMultiplier100, dicePayout, rollDice } from '../../demo-provider/engines/dice';
import { playRound, readChoice } from '../../demo-provider/engines/play';
import {
  matchLine,
  PAYTABLE,
  REEL_STRIPS,
  REEL_SYMBOLS,
  type ReelSymbol,
  reelsPayout,
  spinReels,
} from '../../demo-provider/engines/reels';
import { drawWeighted } from '../../demo-provider/engines/weighted-draw';

/** A random source that answers the given tickets in order. */
function tickets(...values: number[]) {
  return (max: number) => {
    const next = values.shift();
    if (next === undefined || next >= max) throw new Error(`no ticket below ${max}`);
    return next;
  };
}

/** The index of a symbol's first stop on a reel, as a ticket for drawWeighted. */
function ticketFor(reel: number, symbol: ReelSymbol): number {
  const strip = REEL_STRIPS[reel] ?? [];
  const index = REEL_SYMBOLS.indexOf(symbol);
  return strip.slice(0, index).reduce((a, b) => a + b, 0);
}

describe('weighted draw', () => {
  it('maps each ticket to the index whose weight band holds it', () => {
    const weights = [2, 0, 3, 1];
    const picks = [0, 1, 2, 3, 4, 5].map((t) => drawWeighted(weights, tickets(t)));
    expect(picks).toEqual([0, 0, 2, 2, 2, 3]);
  });

  it('follows the weights with the default (crypto) random source', () => {
    const counts = [0, 0, 0];
    const draws = 30_000;
    for (let i = 0; i < draws; i++) {
      const index = drawWeighted([1, 3, 6]);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    // About 10 standard deviations of slack: fails only when the weights are not followed.
    expect(Math.abs((counts[0] ?? 0) / draws - 0.1)).toBeLessThan(0.02);
    expect(Math.abs((counts[1] ?? 0) / draws - 0.3)).toBeLessThan(0.03);
    expect(Math.abs((counts[2] ?? 0) / draws - 0.6)).toBeLessThan(0.03);
  });

  it('refuses weights that are not non-negative integers with a positive sum', () => {
    expect(() => drawWeighted([0, 0])).toThrow();
    expect(() => drawWeighted([1.5, 2])).toThrow();
    expect(() => drawWeighted([-1, 3])).toThrow();
  });
});

describe('reels', () => {
  it('stops each reel on the symbol its ticket lands on and pays the first matching line', () => {
    const random = tickets(ticketFor(0, 'seven'), ticketFor(1, 'seven'), ticketFor(2, 'seven'));
    const outcome = spinReels(random);
    expect(outcome.symbols).toEqual(['seven', 'seven', 'seven']);
    expect(outcome.multiplier).toBe(500);
    expect(reelsPayout(250, outcome)).toBe(125_000);
  });

  it('pays three cherries once, as three, and a lone cherry on reel 1 returns the stake', () => {
    const three = matchLine(['cherry', 'cherry', 'cherry']);
    expect(three !== null && PAYTABLE[three]?.multiplier).toBe(25);
    const one = spinReels(tickets(ticketFor(0, 'cherry'), ticketFor(1, 'lemon'), ticketFor(2, 'bell')));
    expect(reelsPayout(300, one)).toBe(300);
    const none = spinReels(tickets(ticketFor(0, 'lemon'), ticketFor(1, 'cherry'), ticketFor(2, 'cherry')));
    expect(none.line).toBeNull();
    expect(reelsPayout(300, none)).toBe(0);
  });
});

describe('dice', () => {
  it('wins only under the target and pays the floor of stake times the multiplier', () => {
    const under = rollDice(51, tickets(49));
    expect(under).toMatchObject({ roll: 50, win: true, multiplier100: 198 });
    expect(dicePayout(1000, under)).toBe(1980);
    expect(dicePayout(150, under)).toBe(297);
    expect(dicePayout(151, under)).toBe(298); // 298.98 rounds down
    const at = rollDice(51, tickets(50));
    expect(at).toMatchObject({ roll: 51, win: false });
    expect(dicePayout(1000, at)).toBe(0);
  });

  it('offers only targets whose multiplier is exact, and refuses others', () => {
    for (const target of DICE_TARGETS) expect((target - 1) * diceMultiplier100(target)).toBe(9900);
    expect(readChoice('dice', 50)).toBeNull();
    expect(readChoice('dice', undefined)).toBe(51);
    expect(readChoice('reels', 51)).toBeNull();
    expect(() => rollDice(50)).toThrow();
  });

  it('draws every face of 1..100', () => {
    const faces = new Set(Array.from({ length: 100 }, (_, t) => rollDice(11, tickets(t)).roll));
    expect(faces.size).toBe(100);
    expect(Math.min(...faces)).toBe(1);
    expect(Math.max(...faces)).toBe(100);
  });
});

describe('stated return to player', () => {
  // Computed here independently: every weighted stop combination and every face, payouts in minor units.
  function reelsExpectation(): number {
    const [r1 = [], r2 = [], r3 = []] = REEL_STRIPS;
    const stake = 100;
    let paid = 0;
    let weight = 0;
    for (const [a, w1] of r1.entries())
      for (const [b, w2] of r2.entries())
        for (const [c, w3] of r3.entries()) {
          const symbols = [a, b, c].map((i) => REEL_SYMBOLS[i] as ReelSymbol) as [
            ReelSymbol,
            ReelSymbol,
            ReelSymbol,
          ];
          const line = matchLine(symbols);
          const multiplier = line === null ? 0 : (PAYTABLE[line]?.multiplier ?? 0);
          paid += w1 * w2 * w3 * reelsPayout(stake, { engine: 'reels', symbols, line, multiplier });
          weight += w1 * w2 * w3;
        }
    return (paid / weight / stake) * 100;
  }

  function diceExpectation(target: number): number {
    const stake = 100;
    let paid = 0;
    for (let roll = 1; roll <= 100; roll++)
      paid += dicePayout(stake, {
        engine: 'dice',
        target,
        roll,
        win: roll < target,
        multiplier100: diceMultiplier100(target),
      });
    return (paid / 100 / stake) * 100;
  }

  it('states each game its exact expectation to 2 decimals', () => {
    const reels = DEMO_GAMES.filter((g) => g.engine === 'reels');
    const dice = DEMO_GAMES.filter((g) => g.engine === 'dice');
    expect(reels.length).toBeGreaterThan(0);
    expect(dice.length).toBeGreaterThan(0);
    for (const game of reels) expect(game.rtp).toBe(Number(reelsExpectation().toFixed(2)));
    for (const target of DICE_TARGETS)
      for (const game of dice) expect(game.rtp).toBe(Number(diceExpectation(target).toFixed(2)));
    expect(reels[0]?.rtp).toBe(95.9);
    expect(dice[0]?.rtp).toBe(99);
  });

  it('pays on average what it states, over many real draws', () => {
    const { numerator, denominator } = engineReturn('reels');
    let paid = 0;
    const spins = 40_000;
    for (let i = 0; i < spins; i++) paid += playRound('reels', 100, undefined).payout;
    // The reels' payouts are lumpy (500x): a loose band, only to catch a draw that ignores the weights.
    expect(paid / (spins * 100)).toBeGreaterThan(numerator / denominator - 0.2);
    expect(paid / (spins * 100)).toBeLessThan(numerator / denominator + 0.2);
  });
});

describe('catalogue', () => {
  it('offers the two seamless games and the transfer dice with limits 100..100000', () => {
    expect(DEMO_GAMES.map((g) => [g.code, g.engine, g.side])).toEqual([
      ['lucky-reels', 'reels', 'seamless'],
      ['lucky-dice', 'dice', 'seamless'],
      ['table-dice', 'dice', 'transfer'],
    ]);
    for (const g of DEMO_GAMES) expect([g.minBet, g.maxBet]).toEqual([100, 100_000]);
  });
});
