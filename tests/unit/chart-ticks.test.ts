import { describe, expect, it } from 'vitest';
import { VALUE_STEPS, valueTickLabel } from '#lib/chart-data';
import { LOCALES } from '#lib/i18n';

// Issue 31 item 19: the value axis rounded its ticks to one decimal ("0.3, 0.5, 0.8, 1"; in Korean "0.1"
// twice): quarter steps, labelled with one decimal.

describe('the chart value axis', () => {
  it('steps by whole 1-2-5 steps of the currency, never quarters', () => {
    expect(VALUE_STEPS.slice(0, 6)).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5]);
    expect(VALUE_STEPS).not.toContain(0.25);
    expect(VALUE_STEPS.every((step) => Math.round(step * 100) === step * 100)).toBe(true);
  });

  it.each(LOCALES)('%s: cent steps keep their 2 decimals and no two labels are equal', (locale) => {
    const label = valueTickLabel(locale);
    for (const splits of [
      [0, 0.05, 0.1, 0.15, 0.2],
      [0, 0.25, 0.5, 0.75, 1],
      [0, 0.02, 0.04, 0.06],
    ]) {
      const labels = splits.map(label);
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(label(0.05)).toMatch(/0[.,]05/);
  });
});
