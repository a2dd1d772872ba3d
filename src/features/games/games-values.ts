import type { LobbyChannel } from '#contract/games';
import { MONEY_MAX, toMoney } from '#contract/wallet';
import { parseTypedAmount, toMinorUnits } from '#lib/money';
import type { Issue } from '#lib/use-field-errors';

/** The lobby's filters as the URL keeps them: '' is every channel, every category, no search. */
export interface LobbyFilters {
  channel: string;
  category: string;
  search: string;
}

/** The betting record's filters as the request takes them: epoch-ms bounds on the bet time, inclusive. */
export interface RoundFilters {
  channel: string;
  from?: number | undefined;
  to?: number | undefined;
}

/** The betting record's filters of the URL: a channel code and local calendar days "YYYY-MM-DD". */
export interface BetsSearch {
  channel?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Local calendar date "YYYY-MM-DD" -> epoch ms of its first or last millisecond; undefined if no date. */
export function localDayBound(date: string, end: boolean): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, day);
  // 2025-02-30 is not a day (Date would roll it over to March).
  if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== day) return undefined;
  // The next local midnight minus 1 ms, not start + 24 h: a day with a clock change is 23 or 25 hours.
  return end ? new Date(year, month, day + 1).getTime() - 1 : start.getTime();
}

export function roundFilters(search: BetsSearch): RoundFilters {
  return {
    channel: search.channel ?? '',
    from: search.from ? localDayBound(search.from, false) : undefined,
    to: search.to ? localDayBound(search.to, true) : undefined,
  };
}

/** The categories to offer for a channel ('' = every channel): in lobby order, each once. */
export function categoriesOf(channels: readonly LobbyChannel[], channel: string): string[] {
  const shown = channel === '' ? channels : channels.filter((c) => c.code === channel);
  return [...new Set(shown.flatMap((c) => c.categories))];
}

/**
 * A channel's transfer amount as typed (the locale's way, parseTypedAmount) as the request's amount, or
 * its problem under the field with the wallet's codes: required, a correct amount, at most what there is
 * to move (the main withdrawable balance in, the channel's balance out) when that is known.
 */
export function transferAmountInput(
  text: string,
  locale: string,
  available: number | undefined,
): { amount: number | undefined; issue?: Issue } {
  const typed = parseTypedAmount(text, locale);
  if ('issue' in typed) {
    return {
      amount: undefined,
      issue: { code: typed.issue === 'empty' ? 'amount_required' : 'amount_invalid' },
    };
  }
  if (typed.minor > toMinorUnits(MONEY_MAX)) return { amount: undefined, issue: { code: 'amount_invalid' } };
  if (available !== undefined && typed.minor > toMinorUnits(available)) {
    return { amount: undefined, issue: { code: 'insufficient_funds' } };
  }
  return { amount: toMoney(Number(typed.minor)) };
}

/** A return to player as the provider states it (96.5 = 96.50%), in the locale's percent form. */
export function formatRtp(rtp: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(rtp / 100);
}
