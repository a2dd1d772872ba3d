import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SpinPrize } from '#contract/spin';
import { formatMoney } from './money';

/** Items the app words itself; an unknown code (an item added later) shows the server's name. */
const ITEM_NAMES = {
  phone: msg`Cell phone`,
} as const;

type PrizeLike = Pick<SpinPrize, 'code' | 'kind' | 'name' | 'amount'>;

/** A spin wheel prize in the reader's words: on the wheel, in the draws and in the prize's message. */
export function prizeName(i18n: I18n, prize: PrizeLike): string {
  if (prize.kind === 'cash') return formatMoney(prize.amount);
  const known = ITEM_NAMES[prize.code as keyof typeof ITEM_NAMES];
  return known ? i18n._(known) : prize.name;
}
