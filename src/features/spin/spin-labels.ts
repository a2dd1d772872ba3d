import type { I18n } from '@lingui/core';
import type { SpinDraw } from '#contract/spin';
import { formatMoney } from '#lib/money';
import { prizeName } from '#lib/prize-name';

/** What a draw won: the money paid (doubled or not), or the item. */
export function wonName(i18n: I18n, draw: SpinDraw): string {
  return draw.prize.kind === 'cash' ? formatMoney(draw.amount) : prizeName(i18n, draw.prize);
}

/** A weight out of the total as a percentage, up to 2 decimals (0.1%, 40%). */
export function formatOdds(weight: number, total: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    total > 0 ? weight / total : 0,
  );
}
