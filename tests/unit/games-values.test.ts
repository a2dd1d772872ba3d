import { describe, expect, it } from 'vitest';
import type { LobbyChannel } from '#contract/games';
import {
  categoriesOf,
  formatRtp,
  localDayBound,
  roundFilters,
  transferAmountInput,
} from '#features/games/games-values.ts';

const channel = (code: string, categories: string[], transfer = false): LobbyChannel => ({
  code,
  name: code.toUpperCase(),
  transfer,
  categories,
});

describe('the betting record filters', () => {
  it('turn local calendar days into inclusive epoch-ms bounds', () => {
    expect(localDayBound('2025-03-09', false)).toBe(new Date(2025, 2, 9).getTime());
    expect(localDayBound('2025-03-09', true)).toBe(new Date(2025, 2, 10).getTime() - 1);
  });

  it('refuse what is not a calendar day', () => {
    expect(localDayBound('2025-02-30', false)).toBeUndefined();
    expect(localDayBound('2025-13-01', true)).toBeUndefined();
    expect(localDayBound('9/3/2025', false)).toBeUndefined();
  });

  it('send every channel and no bounds when the URL has none', () => {
    expect(roundFilters({})).toEqual({ channel: '', from: undefined, to: undefined });
    expect(roundFilters({ channel: 'slots', from: '2025-01-01', to: '2025-01-31' })).toEqual({
      channel: 'slots',
      from: new Date(2025, 0, 1).getTime(),
      to: new Date(2025, 1, 1).getTime() - 1,
    });
  });
});

describe('the lobby categories', () => {
  const channels = [channel('a', ['slots', 'dice']), channel('b', ['dice', 'table'], true)];

  it('are every channel’s, each once, in lobby order, when no channel is chosen', () => {
    expect(categoriesOf(channels, '')).toEqual(['slots', 'dice', 'table']);
  });

  it('are the chosen channel’s only', () => {
    expect(categoriesOf(channels, 'b')).toEqual(['dice', 'table']);
    expect(categoriesOf(channels, 'gone')).toEqual([]);
  });
});

describe('a transfer channel amount', () => {
  it('reads the locale’s way into the wire amount', () => {
    expect(transferAmountInput('1,234.5', 'en-US', undefined)).toEqual({ amount: 1234.5 });
    expect(transferAmountInput('1.234,5', 'es-ES', 5000)).toEqual({ amount: 1234.5 });
  });

  it('is required and must be a correct amount (the wallet’s codes)', () => {
    expect(transferAmountInput('  ', 'en-US', 100).issue).toEqual({ code: 'amount_required' });
    expect(transferAmountInput('12.345', 'en-US', 100).issue).toEqual({ code: 'amount_invalid' });
    expect(transferAmountInput('0', 'en-US', 100).issue).toEqual({ code: 'amount_invalid' });
    expect(transferAmountInput('abc', 'en-US', 100).issue).toEqual({ code: 'amount_invalid' });
    expect(transferAmountInput('200000000', 'en-US', undefined).issue).toEqual({ code: 'amount_invalid' });
  });

  it('is at most what there is to move, to the cent', () => {
    expect(transferAmountInput('10.01', 'en-US', 10).issue).toEqual({ code: 'insufficient_funds' });
    expect(transferAmountInput('10', 'en-US', 10)).toEqual({ amount: 10 });
    // 0.1 + 0.2 in floating point is 0.30000000000000004: the check is on cents.
    expect(transferAmountInput('0.3', 'en-US', 0.1 + 0.2)).toEqual({ amount: 0.3 });
  });

  it('is not limited while what there is to move is unknown (the server checks)', () => {
    expect(transferAmountInput('99999', 'en-US', undefined)).toEqual({ amount: 99999 });
  });
});

describe('a game’s return to player', () => {
  it('shows with 2 decimals in the locale’s percent form', () => {
    expect(formatRtp(96.5, 'en-US')).toBe('96.50%');
    expect(formatRtp(97, 'en-US')).toBe('97.00%');
    expect(formatRtp(96.5, 'es-ES')).toMatch(/^96,50\s?%$/);
  });
});
