import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatAmount,
  formatMoney,
  toDecimalString,
  toMinorUnits,
} from '../../src/lib/money';

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
