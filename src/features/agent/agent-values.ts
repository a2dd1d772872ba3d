import { RATIO_MAX_PERCENT, type RangeRequest } from '../../contract/agent';
import { FIGURES, type Figure, type RANGES } from '../../contract/agent-figures';

/*
 * The agent screens' pure parts: ratios typed and shown, report ranges as URL search params, and the
 * days of a chart. Days are business days "YYYY-MM-DD" as the server names them; date arithmetic on them
 * is calendar arithmetic (UTC dates), never a local clock's 24 hours.
 */

export type Range = (typeof RANGES)[number];

/** A ratio as the app shows it (the wire's percent: 0.3 is 0.30%), in the locale's percent form. */
export function formatRatio(percent: number, locale: string): string {
  const hundredths = Math.round(percent * 100);
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(hundredths / 10_000);
}

export type RatioIssue = 'ratio_required' | 'ratio_invalid' | 'ratio_above_parent';

/**
 * A ratio as typed: percent, with a trailing "%" allowed, at most 2 decimals; the decimal mark may be
 * "." or "," in every locale (a ratio is never above 100, so neither can be a thousands separator);
 * full-width digits of CJK keyboards read as digits. Above `max` (the agent's own ratio) it is refused
 * with the server's own code for it.
 */
export function parseRatio(
  text: string,
  max: number = RATIO_MAX_PERCENT,
): { rate: number } | { issue: RatioIssue } {
  const typed = text.normalize('NFKC').trim().replace(/\s*%$/, '').trim();
  if (typed === '') return { issue: 'ratio_required' };
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$|^[.,](\d{1,2})$/.exec(typed);
  if (!match) return { issue: 'ratio_invalid' };
  const whole = Number(match[1] ?? 0);
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  const hundredths = whole * 100 + Number(fraction);
  if (hundredths > RATIO_MAX_PERCENT * 100) return { issue: 'ratio_invalid' };
  if (hundredths > Math.round(max * 100)) return { issue: 'ratio_above_parent' };
  return { rate: hundredths / 100 };
}

/** A ratio as a form field shows it before editing: plain digits with "." ("0.3" -> "0.30"). */
export const ratioText = (percent: number): string => (Math.round(percent * 100) / 100).toFixed(2);

// ---- days

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as a UTC date, or undefined when it is no day (2025-02-30). */
export function dayDate(day: string): Date | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const value = new Date(Date.UTC(year, month, date));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month || value.getUTCDate() !== date)
    return undefined;
  return value;
}

export const isDay = (day: string): boolean => dayDate(day) !== undefined;

/** The day `n` calendar days after (or before, negative) `day`. */
export function addDays(day: string, n: number): string {
  const date = dayDate(day);
  if (!date) throw new RangeError(`Not a day: ${day}`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included; none when `to` is before `from`. */
export function daysBetween(from: string, to: string, limit = 400): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < limit; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A day in the locale's words, without a clock: "Nov 26" (short) or "Nov 26, 2026" (medium). */
export function formatDay(day: string, locale: string, style: 'short' | 'medium' = 'medium'): string {
  const date = dayDate(day);
  if (!date) return day;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(style === 'short' ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' }),
  }).format(date);
}

// ---- report ranges in the URL

/** The most days a custom range may span (the server's limit, `range_invalid` past it). */
export const MAX_RANGE_DAYS = 92;

/** What /report and /ReportDetails keep in the URL. */
export interface RangeSearch {
  range?: Range | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A custom range's problem, under the field it is about; none when both days make a range. */
export function customRangeIssue(
  from: string | undefined,
  to: string | undefined,
): { field: 'from' | 'to'; code: 'day_invalid' | 'range_invalid' } | null {
  if (!from || !isDay(from)) return { field: 'from', code: 'day_invalid' };
  if (!to || !isDay(to)) return { field: 'to', code: 'day_invalid' };
  if (to < from || daysBetween(from, to).length > MAX_RANGE_DAYS)
    return { field: 'to', code: 'range_invalid' };
  return null;
}

/**
 * The report's request for the URL's range, or null while a custom range is not complete (nothing is
 * asked for until it is). Days belong to a custom range only; a fixed range drops them.
 */
export function rangeRequest(search: RangeSearch): RangeRequest | null {
  const range = search.range ?? 'today';
  if (range !== 'custom') return { range };
  if (customRangeIssue(search.from, search.to)) return null;
  return { range, from: search.from, to: search.to };
}

/** The search params of a range: a fixed range alone, a custom one with its days. */
export function rangeSearch(range: Range, from?: string, to?: string): RangeSearch {
  return range === 'custom' ? { range, from: from || undefined, to: to || undefined } : { range };
}

export const isFigure = (value: string): value is Figure => (FIGURES as readonly string[]).includes(value);

/** Team figures need the agent's team; the rest are the viewer's own. */
export const TEAM_FIGURES: readonly Figure[] = [
  'newMembers',
  'teamDeposits',
  'teamWithdrawals',
  'teamValidBets',
  'commission',
];
export const isTeamFigure = (figure: Figure): boolean => TEAM_FIGURES.includes(figure);

/** Figures that count people, not money. */
export const isCountFigure = (figure: Figure): boolean => figure === 'newMembers';

// ---- charts

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
