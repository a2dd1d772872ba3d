import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageKindName } from '#contract/messages';

/** The title of an event's message, per kind: in the list, the details and a push notification. */
export const MESSAGE_TITLES: Record<Exclude<MessageKindName, 'operator'>, MessageDescriptor> = {
  deposit_completed: msg`Deposit received`,
  withdrawal_settled: msg`Withdrawal paid`,
  withdrawal_rejected: msg`Withdrawal not completed`,
  transfer_received: msg`Transfer received`,
  prize_won: msg`You won a prize`,
  commission_settled: msg`Earnings settled`,
  ratio_changed: msg`Ratio changed`,
};
