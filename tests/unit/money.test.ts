import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWholeCents, money } from '#contract/wallet';
import {
  CURRENCY_SYMBOLS,
  currencySymbol,
  formatAmount,
  formatMoney,
  fromMinorUnits,
  parseTypedAmount,
  type TypedAmountIssue,
  toDecimalString,
  toMinorUnits,
} from '#lib/money';

const plain = { locale: 'en-US', symbols: null };

describe('toMinorUnits rounds down to whole cents without float error', () => {
  it.each([
    [1.15, 115n],
    [0.29, 29n],
    [19.99, 1999n],
    [1.005, 100n],
    [0.1 + 0.2, 30n],
    [123.456, 12345n],
    [0, 0n],
    [-0, 0n],
    ['12.3456', 1234n],
    ['7', 700n],
    ['.5', 50n],
  ])('%s -> %s', (value, expected) => {
    expect(toMinorUnits(value)).toBe(expected);
  });

  it('rounds negatives toward negative infinity (never shows more than there is)', () => {
    expect(toMinorUnits(-1.151)).toBe(-116n);
    expect(toMinorUnits(-1.15)).toBe(-115n);
    expect(toMinorUnits(-0.001)).toBe(-1n);
    expect(toMinorUnits('-2.50')).toBe(-250n);
  });

  it('handles exponent notation and huge values exactly', () => {
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
    expect(toDecimalString(1.5e-7)).toBe('0.00000015');
    expect(toMinorUnits(1e21)).toBe(100000000000000000000000n);
    expect(toMinorUnits('98765432109876543210.999')).toBe(9876543210987654321099n);
    expect(toMinorUnits(-1.5e-7)).toBe(-1n);
  });

  it('refuses what is not an amount', () => {
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinorUnits('12a')).toThrow(RangeError);
    expect(() => toMinorUnits('')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows exactly 2 decimals, rounded down, grouped', () => {
    expect(formatMoney(1.15, plain)).toBe('₱1.15');
    expect(formatMoney(1.159, plain)).toBe('₱1.15');
    expect(formatMoney(1.999, plain)).toBe('₱1.99');
    expect(formatMoney(1234567.891, plain)).toBe('₱1,234,567.89');
    expect(formatMoney(0, plain)).toBe('₱0.00');
    expect(formatMoney(5, plain)).toBe('₱5.00');
    expect(formatMoney('9007199254740993.99', plain)).toBe('₱9,007,199,254,740,993.99');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-1.151, plain)).toBe('-₱1.16');
    expect(formatMoney(-1234.5, plain)).toBe('-₱1,234.50');
    expect(formatMoney(-0, plain)).toBe('₱0.00');
  });

  it('uses the symbol and separators of the locale', () => {
    expect(formatMoney(1234.5, { locale: 'es-ES', symbols: null })).toBe('M$1234,50');
    expect(formatMoney(12345.5, { locale: 'es-ES', symbols: null })).toBe('M$12.345,50');
    expect(formatMoney(1000, { locale: 'ko-KR', symbols: null })).toBe('₩1,000.00');
    expect(formatMoney(1, { locale: 'en-PH', symbols: null })).toBe('₱1.00');
    expect(formatMoney(1, { locale: 'zh-CN', symbols: null })).toBe('₱1.00');
  });

  it('lets a site entry override the symbol map', () => {
    expect(currencySymbol('ko-KR', { 'ko-KR': 'KRW ' })).toBe('KRW ');
    expect(formatMoney(2, { locale: 'ko-KR', symbols: { 'ko-KR': '$' } })).toBe('$2.00');
    expect(formatMoney(2, { locale: 'en-US', symbols: { 'ko-KR': '$' } })).toBe('₱2.00');
  });

  it('formatAmount leaves the symbol out', () => {
    expect(formatAmount(0.07, 'en-US')).toBe('0.07');
  });
});

/** Every locale of the app (lingui.config.ts). */
const LOCALES = ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN'] as const;
/** The locales that write 1,234.50 (the others of LOCALES write 1.234,50). */
const POINT_LOCALES = ['en-US', 'ko-KR', 'en-PH', 'zh-CN'] as const;

describe('parseTypedAmount reads what the user typed in their locale', () => {
  const read = (text: string, locale: string) => parseTypedAmount(text, locale, CURRENCY_SYMBOLS[locale]);

  // [typed, minor units] accepted the same way in every locale
  const everywhere: Array<[string, bigint]> = [
    ['100', 10000n],
    ['  100  ', 10000n],
    ['\u00a0100\t', 10000n],
    ['1234', 123400n],
    ['0001', 100n],
    ['1234567', 123456700n],
  ];
  it.each(LOCALES.flatMap((l) => everywhere.map(([text, minor]) => [l, text, minor] as const)))(
    '%s: %j -> %s',
    (locale, text, minor) => expect(read(text, locale)).toEqual({ minor }),
  );

  // 1,234.50 locales; ¤ stands for the locale's currency symbol
  const point: Array<[string, bigint | TypedAmountIssue]> = [
    ['100.50', 10050n],
    ['100.5', 10050n],
    ['100.05', 10005n],
    ['0.01', 1n],
    ['.5', 50n],
    ['1,234.50', 123450n],
    ['1,234', 123400n],
    ['1,234,567.8', 123456780n],
    ['12,345', 1234500n],
    ['¤1,000', 100000n],
    ['¤ 1,000.25', 100025n],
    ['１，２３４．５', 123450n],
    // a decimal comma is ambiguous here: "100,00" would be 10000 read as grouping
    ['100,00', 'ambiguous'],
    ['1,50', 'ambiguous'],
    ['1,5', 'ambiguous'],
    ['1234,5', 'ambiguous'],
    ['1.234,50', 'ambiguous'],
    ['1,23,456', 'ambiguous'],
    ['1234,567', 'ambiguous'],
    [',123', 'ambiguous'],
    ['0,123', 'ambiguous'],
    ['1,234.', 'ambiguous'],
    ['12.', 'ambiguous'],
    ['.', 'ambiguous'],
    ['1.2.3', 'ambiguous'],
    ['1.5,000', 'ambiguous'],
    ['1,234.567', 'too_many_decimals'],
    ['1.234', 'too_many_decimals'],
    ['0.001', 'too_many_decimals'],
    ['0.005', 'too_many_decimals'],
    ['1.005', 'too_many_decimals'],
    ['0', 'not_positive'],
    ['0.00', 'not_positive'],
    ['-5', 'not_positive'],
    ['- 5.50', 'not_positive'],
    ['-¤5', 'not_positive'],
    ['¤-5', 'not_positive'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not_a_number'],
    ['12a', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['0x10', 'not_a_number'],
    ['+5', 'not_a_number'],
    ['1 000', 'not_a_number'],
    ["1'000", 'not_a_number'],
    ['¤', 'not_a_number'],
    ['M$100', 'not_a_number'],
    ['Infinity', 'not_a_number'],
    ['NaN', 'not_a_number'],
  ];
  it.each(
    POINT_LOCALES.flatMap((l) =>
      point.map(([text, want]) => [l, text.replace('¤', CURRENCY_SYMBOLS[l] ?? ''), want] as const),
    ),
  )('%s: %j -> %s', (locale, text, want) =>
    expect(read(text, locale)).toEqual(typeof want === 'bigint' ? { minor: want } : { issue: want }),
  );

  // es-ES: "." groups, "," is the decimal separator; 4-digit numbers are written ungrouped by Intl
  const comma: Array<[string, bigint | TypedAmountIssue]> = [
    ['100,50', 10050n],
    ['100,5', 10050n],
    ['1,50', 150n],
    [',5', 50n],
    ['0,01', 1n],
    ['1234,5', 123450n],
    ['1.234,5', 123450n],
    ['1.234', 123400n],
    ['12.345,67', 1234567n],
    ['1.234.567', 123456700n],
    ['M$100,50', 10050n],
    ['M$ 1.000', 100000n],
    ['１００，５', 10050n],
    // '.' here is grouping: not a group of 3, or used as the decimal point, is ambiguous
    ['100.50', 'ambiguous'],
    ['1.50', 'ambiguous'],
    ['100.5', 'ambiguous'],
    ['1,234.50', 'ambiguous'],
    ['1234.567', 'ambiguous'],
    ['0.123', 'ambiguous'],
    ['.123', 'ambiguous'],
    ['1.23.456', 'ambiguous'],
    ['12,', 'ambiguous'],
    ['1,2,3', 'ambiguous'],
    ['1,234', 'too_many_decimals'],
    ['0,001', 'too_many_decimals'],
    ['1,005', 'too_many_decimals'],
    ['0', 'not_positive'],
    ['0,00', 'not_positive'],
    ['-1,50', 'not_positive'],
    ['', 'empty'],
    ['1 234,5', 'not_a_number'],
    ['₱100', 'not_a_number'],
    ['uno', 'not_a_number'],
  ];
  it.each(comma)('es-ES: %j -> %s', (text, want) =>
    expect(read(text, 'es-ES')).toEqual(typeof want === 'bigint' ? { minor: want } : { issue: want }),
  );

  it("the issue report's inputs: es-ES 100,50 and 1,50 read as written; en-US 100,00 is refused", () => {
    expect(read('100,50', 'es-ES')).toEqual({ minor: 10050n });
    expect(read('1,50', 'es-ES')).toEqual({ minor: 150n });
    expect(read('100,00', 'en-US')).toEqual({ issue: 'ambiguous' });
  });

  it("follows the locale's Intl separators, also for a locale grouping with a space", () => {
    expect(parseTypedAmount('1 234,5', 'fr-FR', '€')).toEqual({ minor: 123450n });
    expect(parseTypedAmount('1\u202f234,5', 'fr-FR', '€')).toEqual({ minor: 123450n });
    expect(parseTypedAmount('1.234,5', 'fr-FR', '€')).toEqual({ issue: 'not_a_number' });
  });

  it('takes the currency symbol of the locale (a site may override it)', () => {
    expect(parseTypedAmount('KRW 1,000', 'ko-KR', 'KRW ')).toEqual({ minor: 100000n });
    expect(parseTypedAmount('₩1,000', 'ko-KR', 'KRW ')).toEqual({ issue: 'not_a_number' });
  });

  const locale = fc.constantFrom(...LOCALES);
  const minor = fc.bigInt({ min: 1n, max: 10_000_000_000n });

  it('format then parse gives the same minor units in every locale (grouped, with and without symbol)', () => {
    fc.assert(
      fc.property(locale, minor, (l, m) => {
        const decimal = fromMinorUnits(m);
        expect(read(formatAmount(decimal, l), l)).toEqual({ minor: m });
        expect(read(formatMoney(decimal, { locale: l, symbols: null }), l)).toEqual({ minor: m });
      }),
      { numRuns: 500 },
    );
  });

  it("a plain number with the locale's decimal separator and 0-2 decimals reads exactly", () => {
    fc.assert(
      fc.property(locale, minor, (l, m) => {
        const d = l === 'es-ES' ? ',' : '.';
        const [whole, cents] = [m / 100n, (m % 100n).toString().padStart(2, '0')];
        const texts = [`${whole}${d}${cents}`];
        if (cents.endsWith('0')) texts.push(`${whole}${d}${cents[0]}`);
        if (cents === '00') texts.push(`${whole}`);
        for (const text of texts) expect(read(text, l)).toEqual({ minor: m });
      }),
      { numRuns: 500 },
    );
  });

  it('never answers an amount for a third decimal, in any locale', () => {
    fc.assert(
      fc.property(locale, minor, fc.integer({ min: 0, max: 9 }), (l, m, extra) => {
        const d = l === 'es-ES' ? ',' : '.';
        const text = `${m / 100n}${d}${(m % 100n).toString().padStart(2, '0')}${extra}`;
        expect(read(text, l)).toEqual({ issue: 'too_many_decimals' });
      }),
    );
  });
});

describe('fromMinorUnits', () => {
  it('writes exact 2-decimal text', () => {
    expect(fromMinorUnits(10050n)).toBe('100.50');
    expect(fromMinorUnits(1n)).toBe('0.01');
    expect(fromMinorUnits(-1234n)).toBe('-12.34');
    expect(fromMinorUnits(900719925474099312n)).toBe('9007199254740993.12');
  });
});

describe('the contract takes only positive whole numbers of cents', () => {
  it.each([1e-9, 0.001, 0.005, 1.005, 0.1 + 0.2, 1.5e-7, Number.NaN, Number.POSITIVE_INFINITY, -1, 0, -0])(
    'refuses %s',
    (v) => expect(money.safeParse(v).success).toBe(false),
  );
  it.each([0.01, 0.29, 1.15, 100.5, 19.99, 100_000_000])('takes %s', (v) => {
    expect(money.safeParse(v).success).toBe(true);
  });
  it('every whole number of cents up to the maximum passes, made from minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (m) => {
        const v = Number(fromMinorUnits(BigInt(m)));
        expect(isWholeCents(v)).toBe(true);
        expect(money.safeParse(v).success).toBe(true);
      }),
    );
  });
});
