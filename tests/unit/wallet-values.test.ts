import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LevelData, money, type SecondaryInfo, toMinor } from '#contract/wallet';
import { dayBound, levelProgress, parseAmount, walletSummary } from '#features/wallet/wallet-values.ts';
import { formatAmount, formatMoney, fromMinorUnits } from '#lib/money';

const info = (over: Partial<SecondaryInfo> = {}): SecondaryInfo => ({
  totalCoin: 0,
  canWithdrawCoin: 0,
  lockedCoin: 0,
  inGameCoin: 0,
  safeCoin: 0,
  phone: '9171234567',
  channelData: [],
  ...over,
});

const level = (lvl: number, historySteam: number): LevelData => ({
  vipState: { level: lvl, historySteam },
  meta: [0, 100, 500].map((needSteam, l) => ({ level: l, needSteam, headerPicture: '', vipPicture: '' })),
  progress: 0,
});

describe('money display', () => {
  it('rounds down to 2 decimals with the locale symbol', () => {
    expect(formatMoney(1.159, { locale: 'en-US', symbols: null })).toBe('₱1.15');
    expect(formatMoney(0.999, { locale: 'en-US', symbols: null })).toBe('₱0.99');
    expect(formatMoney(12345.5, { locale: 'es-ES', symbols: null })).toBe('M$12.345,50');
    expect(formatMoney(10, { locale: 'ko-KR', symbols: null })).toBe('₩10.00');
    expect(formatMoney(-0.001, { locale: 'en-US', symbols: null })).toBe('-₱0.01');
  });
});

describe('derived values (spec section 3)', () => {
  it('balance, withdrawable, locked = total - withdrawable, in-game = sum of channels, exact in cents', () => {
    const v = walletSummary(
      info({
        totalCoin: 0.3,
        canWithdrawCoin: 0.1,
        channelData: [
          { name: 'a', balance: 0.1 },
          { name: 'b', balance: 0.2 },
        ],
      }),
    );
    expect(v).toEqual({ balance: 0.3, withdrawable: 0.1, locked: 0.2, inGame: 0.3 });
  });

  it('no channels: in-game is zero', () => {
    expect(walletSummary(info({ totalCoin: 5, canWithdrawCoin: 5 })).inGame).toBe(0);
  });
});

describe('level progress', () => {
  it('is historySteam over the next level’s needSteam, as a percentage', () => {
    expect(levelProgress(level(0, 50))).toBe(50);
    expect(levelProgress(level(1, 100))).toBe(20);
    expect(levelProgress(level(0, 33.333))).toBe(33.33);
  });
  it('is capped at 100 and is 100 at the top level', () => {
    expect(levelProgress(level(0, 250))).toBe(100);
    expect(levelProgress(level(2, 9999))).toBe(100);
  });
  it('is 0 with nothing deposited', () => {
    expect(levelProgress(level(0, 0))).toBe(0);
  });
});

describe('amount rules', () => {
  const rules = { min: 100, max: 50_000, available: 250.5 };
  it('required, correct, within the limits, at most what is available', () => {
    expect(parseAmount('', 'en-US', rules)).toEqual({ issue: { code: 'amount_required' } });
    expect(parseAmount('  ', 'en-US', rules)).toEqual({ issue: { code: 'amount_required' } });
    for (const bad of ['abc', '-5', '0', '0.00', '1.234', '1e3', '.5.', '12.', '100,00', '1,50'])
      expect(parseAmount(bad, 'en-US', rules)).toEqual({ issue: { code: 'amount_invalid' } });
    expect(parseAmount('99.99', 'en-US', rules)).toEqual({
      issue: { code: 'amount_below_limit', limit: 100 },
    });
    expect(parseAmount('50000.01', 'en-US', { min: 100, max: 50_000 })).toEqual({
      issue: { code: 'amount_above_limit', limit: 50_000 },
    });
    expect(parseAmount('250.51', 'en-US', rules)).toEqual({ issue: { code: 'insufficient_funds' } });
    expect(parseAmount('250.50', 'en-US', rules)).toEqual({ amount: 250.5, minor: 25050n });
    expect(parseAmount('100', 'en-US', rules)).toEqual({ amount: 100, minor: 10000n });
    expect(parseAmount('1,000.5', 'en-US', { min: 1 })).toEqual({ amount: 1000.5, minor: 100050n });
  });

  it("reads the user's locale: a decimal comma in es-ES is not 100 times larger", () => {
    expect(parseAmount('100,50', 'es-ES', { min: 1, max: 1_000_000 })).toEqual({
      amount: 100.5,
      minor: 10050n,
    });
    expect(parseAmount('1,50', 'es-ES', { available: 10 })).toEqual({ amount: 1.5, minor: 150n });
    expect(parseAmount('1.234,56', 'es-ES')).toEqual({ amount: 1234.56, minor: 123456n });
    expect(parseAmount('100.50', 'es-ES')).toEqual({ issue: { code: 'amount_invalid' } });
    expect(parseAmount('1,234.50', 'es-ES')).toEqual({ issue: { code: 'amount_invalid' } });
    expect(parseAmount('100,00', 'en-US')).toEqual({ issue: { code: 'amount_invalid' } });
    expect(parseAmount('1,000.50', 'ko-KR')).toEqual({ amount: 1000.5, minor: 100050n });
    expect(parseAmount('１００．５', 'zh-CN')).toEqual({ amount: 100.5, minor: 10050n });
    expect(parseAmount('100,5', 'en-PH')).toEqual({ issue: { code: 'amount_invalid' } });
  });

  it("refuses more than the contract's maximum", () => {
    expect(parseAmount('100000000.01', 'en-US')).toEqual({ issue: { code: 'amount_invalid' } });
    expect(parseAmount('100000000', 'en-US')).toEqual({ amount: 100_000_000, minor: 10_000_000_000n });
  });

  it("the wire amount is the contract's decimal for exactly those minor units", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.constantFrom('en-US', 'es-ES'), (m, l) => {
        const text = formatAmount(fromMinorUnits(BigInt(m)), l);
        const parsed = parseAmount(text, l);
        expect(parsed).toEqual({ amount: Number(fromMinorUnits(BigInt(m))), minor: BigInt(m) });
        if ('amount' in parsed) {
          expect(money.safeParse(parsed.amount).success).toBe(true);
          expect(toMinor(parsed.amount)).toBe(m);
        }
      }),
    );
  });
});

describe('record date filters', () => {
  it('turns local calendar days into inclusive bounds', () => {
    const from = dayBound('2026-03-04', false);
    const to = dayBound('2026-03-04', true);
    expect(from).toBe(new Date(2026, 2, 4).getTime());
    expect(to).toBe(new Date(2026, 2, 5).getTime() - 1);
    expect(dayBound('nope', false)).toBeUndefined();
  });
});
