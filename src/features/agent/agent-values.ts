import { RATIO_MAX_PERCENT, type RangeRequest } from '#contract/agent';
import { FIGURES, type Figure, type RANGES } from '#contract/agent-figures';
import { daysBetween, isDay } from '#lib/days';

/*
 * The agent screens' pure parts: ratios typed and shown, report ranges as URL search params. Days are
 * business days "YYYY-MM-DD" (lib/days.ts); charts of them are ui/day-chart.tsx's.
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
