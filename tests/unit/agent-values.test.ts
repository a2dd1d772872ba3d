import { describe, expect, it } from 'vitest';
import { agentDownRequestSchema } from '#contract/agent';
import {
  customRangeIssue,
  formatRatio,
  MAX_RANGE_DAYS,
  parseRatio,
  rangeRequest,
  rangeSearch,
} from '#features/agent/agent-values.ts';
import { earningsAmount } from '#features/agent/components/agent-bits.tsx';
import { alignedData, chartData, hasValues } from '#lib/chart-data';
import { addDays, daysBetween, formatDay, isDay } from '#lib/days';
import { percentFieldText } from '#lib/format';

describe('ratios as shown', () => {
  it('are the wire’s percent with exactly 2 decimals, in the locale’s percent form', () => {
    expect(formatRatio(0.3, 'en-US')).toBe('0.30%');
    expect(formatRatio(1.15, 'en-US')).toBe('1.15%');
    expect(formatRatio(0, 'en-US')).toBe('0.00%');
    expect(formatRatio(100, 'en-US')).toBe('100.00%');
    // es-ES writes a decimal comma and a space before the sign.
    expect(formatRatio(0.3, 'es-ES')).toMatch(/^0,30\s%$/);
  });

  it('round to the hundredth a float made of (0.29 is not shown as 0.28)', () => {
    expect(formatRatio(0.29, 'en-US')).toBe('0.29%');
    expect(formatRatio(0.1 + 0.2, 'en-US')).toBe('0.30%');
    // A field shows it in the user's locale before editing (issue 31, item 18), and reads it back.
    expect(percentFieldText(0.5, 'en-US')).toBe('0.50');
    expect(percentFieldText(0.29, 'en-US')).toBe('0.29');
    expect(percentFieldText(0.1, 'es-ES')).toBe('0,10');
    expect(percentFieldText(0.1 + 0.2, 'zh-CN')).toBe('0.30');
    expect(parseRatio(percentFieldText(0.1, 'es-ES'))).toEqual({ rate: 0.1 });
  });
});

describe('ratios as typed', () => {
  it('read percent with at most 2 decimals, with either decimal mark and an optional %', () => {
    expect(parseRatio('0.3')).toEqual({ rate: 0.3 });
    expect(parseRatio('0,35')).toEqual({ rate: 0.35 });
    expect(parseRatio(' 1.5 % ')).toEqual({ rate: 1.5 });
    expect(parseRatio('.5')).toEqual({ rate: 0.5 });
    expect(parseRatio('0')).toEqual({ rate: 0 });
    expect(parseRatio('100')).toEqual({ rate: 100 });
    // Full-width digits of a CJK keyboard.
    expect(parseRatio('０．２５')).toEqual({ rate: 0.25 });
  });

  it('refuse what is missing, not a number, too precise or out of range, with the contract’s codes', () => {
    expect(parseRatio('')).toEqual({ issue: 'ratio_required' });
    expect(parseRatio('  % ')).toEqual({ issue: 'ratio_required' });
    for (const bad of ['abc', '0.305', '-1', '1e2', '1.', '1,2.3', '100.01', '1000'])
      expect(parseRatio(bad), bad).toEqual({ issue: 'ratio_invalid' });
  });

  it('refuse a ratio above the agent’s own with the server’s code, and allow it equal', () => {
    expect(parseRatio('0.51', 0.5)).toEqual({ issue: 'ratio_above_parent' });
    expect(parseRatio('0.5', 0.5)).toEqual({ rate: 0.5 });
  });

  it('give numbers the contract accepts', () => {
    for (const typed of ['0.29', '0.57', '1.15', '99.99']) {
      const read = parseRatio(typed);
      if (!('rate' in read)) throw new Error(typed);
      const parsed = agentDownRequestSchema.safeParse({
        memberUid: 1,
        ratios: [{ channel: 'slots', rate: read.rate }],
      });
      expect(parsed.success, typed).toBe(true);
    }
  });
});

describe('business days', () => {
  it('are calendar dates: no 2025-02-30, months and years roll over', () => {
    expect(isDay('2025-02-28')).toBe(true);
    expect(isDay('2025-02-30')).toBe(false);
    expect(isDay('2025-2-3')).toBe(false);
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    // The clock change in Europe (30 March 2025) is no different: days are dates, not 24 hours.
    expect(daysBetween('2025-03-29', '2025-03-31')).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
    expect(daysBetween('2025-03-02', '2025-03-01')).toEqual([]);
  });

  it('show as the locale’s date of that calendar day, whatever the device’s zone', () => {
    expect(formatDay('2026-11-26', 'en-US')).toBe('Nov 26, 2026');
    expect(formatDay('2026-11-26', 'en-US', 'short')).toBe('Nov 26');
    expect(formatDay('not a day', 'en-US')).toBe('not a day');
  });
});

describe('report ranges in the URL', () => {
  it('a fixed range asks for itself and drops days; none means today', () => {
    expect(rangeRequest({})).toEqual({ range: 'today' });
    expect(rangeRequest({ range: 'week', from: '2026-01-01', to: '2026-01-02' })).toEqual({ range: 'week' });
    expect(rangeSearch('month', '2026-01-01', '2026-01-02')).toEqual({ range: 'month' });
  });

  it('a custom range asks only when both days make a range of at most 92 days', () => {
    expect(rangeRequest({ range: 'custom' })).toBeNull();
    expect(rangeRequest({ range: 'custom', from: '2026-01-01' })).toBeNull();
    expect(rangeRequest({ range: 'custom', from: '2026-01-05', to: '2026-01-01' })).toBeNull();
    expect(rangeRequest({ range: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    const last = addDays('2026-01-01', MAX_RANGE_DAYS - 1);
    expect(rangeRequest({ range: 'custom', from: '2026-01-01', to: last })).not.toBeNull();
    expect(rangeRequest({ range: 'custom', from: '2026-01-01', to: addDays(last, 1) })).toBeNull();
    expect(rangeSearch('custom', '2026-01-01', '')).toEqual({
      range: 'custom',
      from: '2026-01-01',
      to: undefined,
    });
  });

  it('say what is wrong with a custom range under the field it is about', () => {
    expect(customRangeIssue(undefined, '2026-01-01')).toEqual({ field: 'from', code: 'day_invalid' });
    expect(customRangeIssue('2026-01-01', '2026-02-30')).toEqual({ field: 'to', code: 'day_invalid' });
    expect(customRangeIssue('2026-02-01', '2026-01-01')).toEqual({ field: 'to', code: 'range_invalid' });
    expect(customRangeIssue('2026-01-01', '2026-06-01')).toEqual({ field: 'to', code: 'range_invalid' });
    expect(customRangeIssue('2026-01-01', '2026-01-01')).toBeNull();
  });
});

describe('chart data', () => {
  const rows = [
    { day: '2026-11-02', validBets: 100, commission: 0.5 },
    { day: '2026-11-04', validBets: 40.25, commission: undefined },
  ];

  it('has one point per day of the range, 0 where there is no row or no figure', () => {
    const data = chartData(rows, '2026-11-01', '2026-11-04', [
      { label: 'Valid bets', pick: (r) => r.validBets },
      { label: 'Commission', pick: (r) => r.commission },
    ]);
    expect(data.days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    expect(data.series).toEqual([
      { label: 'Valid bets', values: [0, 100, 0, 40.25] },
      { label: 'Commission', values: [0, 0.5, 0, 0] },
    ]);
    expect(alignedData(data)).toEqual([
      [0, 1, 2, 3],
      [0, 100, 0, 40.25],
      [0, 0.5, 0, 0],
    ]);
    expect(hasValues(data)).toBe(true);
  });

  it('keeps rows outside the range rather than losing them, in day order', () => {
    const data = chartData(rows, '2026-11-03', '2026-11-03', [
      { label: 'Valid bets', pick: (r) => r.validBets },
    ]);
    expect(data.days).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    expect(data.series[0]?.values).toEqual([100, 0, 40.25]);
  });

  it('knows a range with nothing in it', () => {
    const data = chartData([], '2026-11-01', '2026-11-02', [{ label: 'x', pick: () => 1 }]);
    expect(data.series[0]?.values).toEqual([0, 0]);
    expect(hasValues(data)).toBe(false);
  });
});

describe('an amount of earnings to move', () => {
  it('is read the locale’s way, at least the minimum and at most the balance', () => {
    expect(earningsAmount('100', 'en-US', { min: 100, balance: 250.5 })).toEqual({ amount: 100 });
    expect(earningsAmount('250.50', 'en-US', { min: 100, balance: 250.5 })).toEqual({ amount: 250.5 });
    expect(earningsAmount('1.234,5', 'es-ES', { balance: 5000 })).toEqual({ amount: 1234.5 });
    expect(earningsAmount('', 'en-US', {})).toEqual({ issue: { code: 'amount_required' } });
    expect(earningsAmount('1,5', 'en-US', {})).toEqual({ issue: { code: 'amount_invalid' } });
    expect(earningsAmount('99.99', 'en-US', { min: 100 })).toEqual({ issue: { code: 'withdraw_below_min' } });
    expect(earningsAmount('250.51', 'en-US', { balance: 250.5 })).toEqual({
      issue: { code: 'insufficient_funds' },
    });
  });
});
