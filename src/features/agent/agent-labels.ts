import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Figure } from '#contract/agent';
import type { Range } from './agent-values';

export const RANGE_LABELS: Record<Range, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  week: msg`This week`,
  month: msg`This month`,
  custom: msg`Custom`,
};

export const FIGURE_LABELS: Record<Figure, MessageDescriptor> = {
  bets: msg`Bets`,
  deposits: msg`Deposits`,
  withdrawals: msg`Withdrawals`,
  rakeBack: msg`Rake back`,
  teamDeposits: msg`Team deposits`,
  teamWithdrawals: msg`Team withdrawals`,
  teamValidBets: msg`Team valid bets`,
  commission: msg`Commission`,
  newMembers: msg`New members`,
};

export const JOIN_LABELS: Record<'player' | 'agent', MessageDescriptor> = {
  player: msg`Player`,
  agent: msg`Agent`,
};

/** Why a commission is held for review (decision 0017's reasons); a newer reason shows as the server says it. */
const HOLD_REASONS: Record<string, MessageDescriptor> = {
  shared_device: msg`Held for review: the member uses the same device as you`,
  shared_ip: msg`Held for review: the member uses the same network address as you`,
  fast_deposit: msg`Held for review: the member registered from your network and deposited within minutes`,
};

export function holdReason(i18n: I18n, reason: string): string {
  const known = HOLD_REASONS[reason];
  return known ? i18n._(known) : i18n._(msg`Held for review: ${reason}`);
}

const JOB_LABELS: readonly MessageDescriptor[] = [msg`Player`, msg`Agent`, msg`Senior agent`];
export const jobLabel = (i18n: I18n, job: number): string => i18n._(JOB_LABELS[job] ?? msg`Player`);
