import { daysBetween } from './days';

/* A chart's figures by business day (ui/day-chart.tsx draws them, with their table). */

export interface ChartSeries {
  /** The series' name, shown in the legend and the table's header. */
  label: string;
  values: number[];
}

export interface ChartData {
  days: string[];
  series: ChartSeries[];
}

/**
 * Rows by day -> a chart's data: one point per calendar day from `from` to `to` (a day the answer has
 * no row for is 0, so the line does not skip it), each series read from the rows by `pick`; values
 * a series has no figure for (an optional field) count as 0.
 */
export function chartData<R extends { day: string }>(
  rows: readonly R[],
  from: string,
  to: string,
  series: ReadonlyArray<{ label: string; pick: (row: R) => number | undefined }>,
): ChartData {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  // Rows outside the range (a server answering more) are still shown rather than lost.
  const days = [...new Set([...daysBetween(from, to), ...rows.map((r) => r.day)])].sort();
  return {
    days,
    series: series.map(({ label, pick }) => ({
      label,
      values: days.map((day) => {
        const row = byDay.get(day);
        const value = row ? pick(row) : 0;
        return value !== undefined && Number.isFinite(value) ? value : 0;
      }),
    })),
  };
}

/** uPlot's aligned data: x is the day's index (labels come from `days`), then one array per series. */
export function alignedData(data: ChartData): number[][] {
  return [data.days.map((_, index) => index), ...data.series.map((s) => s.values)];
}

/** Whether a chart has anything to draw (all zeros draws as an empty chart with an explanation). */
export const hasValues = (data: ChartData): boolean => data.series.some((s) => s.values.some((v) => v !== 0));

/**
 * The value axis's steps: whole 1-2-5 steps of the currency, down to its cent. uPlot's own steps include
 * quarters (0.25, 0.75), which a one-decimal label rounded to "0.3, 0.8" and, in some locales, to two
 * equal labels.
 */
export const VALUE_STEPS: readonly number[] = [0.01, 0.02, 0.05]
  .flatMap((base) => Array.from({ length: 12 }, (_, decade) => Number((base * 10 ** decade).toPrecision(3))))
  .sort((a, b) => a - b);

/** A value axis label: short ("1.5K"), with the 2 decimals a cent step needs. */
export function valueTickLabel(locale: string): (value: number) => string {
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
  return (value) => compact.format(value);
}
