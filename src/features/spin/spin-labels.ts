import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SpinDraw, SpinPrize } from '../../contract/spin';
import { formatMoney } from '../../lib/money';

/** Items the app words itself; an unknown code (an item added later) shows the server's name. */
const ITEM_NAMES = {
  phone: msg`Cell phone`,
} as const;

type PrizeLike = Pick<SpinPrize, 'code' | 'kind' | 'name' | 'amount'>;

export function prizeName(i18n: I18n, prize: PrizeLike): string {
  if (prize.kind === 'cash') return formatMoney(prize.amount);
  const known = ITEM_NAMES[prize.code as keyof typeof ITEM_NAMES];
  return known ? i18n._(known) : prize.name;
}

/** What a draw won: the money paid (doubled or not), or the item. */
export function wonName(i18n: I18n, draw: SpinDraw): string {
  return draw.prize.kind === 'cash' ? formatMoney(draw.amount) : prizeName(i18n, draw.prize);
}

/** A business day (YYYY-MM-DD) as the reader's short date. */
export function formatDay(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1),
  );
}

export function formatTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** A weight out of the total as a percentage, up to 2 decimals (0.1%, 40%). */
export function formatOdds(weight: number, total: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    total > 0 ? weight / total : 0,
  );
}
