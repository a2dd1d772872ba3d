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
