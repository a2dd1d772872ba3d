import { useLingui } from '@lingui/react/macro';
import type { Message } from '#contract/messages';
import { formatMoney } from '#lib/money';
import { prizeName } from '#lib/prize-name';
import { MESSAGE_TITLES } from '../push/message-titles';

export interface Wording {
  title: string;
  body: string;
}

/**
 * An event's message worded in the reader's language from its kind and params (so it follows a change of
 * language); an operator's message has its own words.
 */
export function useMessageWording(): (message: Message) => Wording {
  const { t, i18n } = useLingui();
  return (message) => {
    const p = message.params;
    const text = (key: string) => String(p[key] ?? '');
    const money = (key: string) => formatMoney(Number(p[key] ?? 0));
    const amount = money('amount');
    const orderNo = text('orderNo');
    const day = text('day');
    const title = message.kind === 'operator' ? '' : i18n._(MESSAGE_TITLES[message.kind]);
    switch (message.kind) {
      case 'deposit_completed':
        return {
          title,
          body: t`Your deposit of ${amount} has been added to your balance. Order ${orderNo}.`,
        };
      case 'withdrawal_settled':
        return {
          title,
          body: t`Your withdrawal of ${amount} has been paid out. Order ${orderNo}.`,
        };
      case 'withdrawal_rejected': {
        const reason = text('reason');
        return {
          title,
          body: t`Your withdrawal of ${amount} was not completed and the money is back in your balance. Reason: ${reason}. Order ${orderNo}.`,
        };
      }
      case 'transfer_received': {
        const uid = text('fromUid');
        return { title, body: t`You received ${amount} from user ${uid}.` };
      }
      case 'prize_won': {
        const name = prizeName(i18n, { kind: 'item', code: text('prize'), name: text('name'), amount: 0 });
        return p.kind === 'cash'
          ? { title, body: t`Your spin of ${day} won ${amount}. It is in your balance.` }
          : {
              title,
              body: t`Your spin of ${day} won ${name}. Customer service will contact you within 24 hours.`,
            };
      }
      case 'commission_settled': {
        const commission = money('commission');
        const rakeback = money('rakeback');
        const held = money('held');
        const settled = t`Your earnings of ${day} are settled: commission ${commission}, rake back ${rakeback}.`;
        return {
          title,
          body: Number(p.held ?? 0) > 0 ? `${settled} ${t`${held} is held for review.`}` : settled,
        };
      }
      case 'ratio_changed': {
        const channel = text('channel');
        const from = text('from');
        const rate = text('rate');
        return {
          title,
          body: t`Your ratio in ${channel} changes from ${from}% to ${rate}% from ${day}.`,
        };
      }
      case 'operator':
        return { title: message.title ?? '', body: message.body ?? '' };
    }
  };
}
