import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RecordType } from '#contract/record-types';
import type { TxState } from '#contract/tx-states';

/** Spec section 4: the transaction state labels. */
export const STATE_LABELS: Record<TxState, MessageDescriptor> = {
  Prepare: msg`Pending payment`,
  Success: msg`Success`,
  Fail: msg`Failed`,
  WaitReview: msg`Under review`,
  WaitExec: msg`Approved, awaiting payout`,
  Exec: msg`Paying out`,
};

export const RECORD_TYPE_LABELS: Record<RecordType, MessageDescriptor> = {
  deposit: msg({ message: 'Deposit', context: 'record type' }),
  withdraw: msg`Withdrawal`,
  transferIn: msg`Transfer received`,
  transferOut: msg`Transfer sent`,
  safeIn: msg`Into the safe`,
  safeOut: msg`Out of the safe`,
  bonus: msg`Bonus`,
  game: msg`Game`,
  spin: msg`Spin wheel prize`,
  commission: msg`Commission`,
  rakeBack: msg`Rake back`,
};

/** On /WithdrawStep the first step is the request itself. */
export const WITHDRAW_STEP_LABELS: Record<TxState, MessageDescriptor> = {
  ...STATE_LABELS,
  Prepare: msg`Submitted`,
};
