import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoundStatus } from '#contract/games';

export const ROUND_STATUS_LABELS: Record<RoundStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  settled: msg`Settled`,
  cancelled: msg`Cancelled`,
  void: msg`Void`,
};

export const MOVE_ACTION_LABELS: Record<'bet' | 'win' | 'rollback', MessageDescriptor> = {
  bet: msg`Bet`,
  win: msg`Win`,
  rollback: msg`Rollback`,
};

/** The game categories providers commonly use; others are data the operator named and show as they are. */
const CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  slots: msg`Slots`,
  slot: msg`Slots`,
  reels: msg`Reels`,
  dice: msg`Dice`,
  table: msg`Table games`,
  cards: msg`Card games`,
  card: msg`Card games`,
  live: msg`Live casino`,
  fishing: msg`Fishing`,
  arcade: msg`Arcade`,
  crash: msg`Crash`,
  lottery: msg`Lottery`,
  sports: msg`Sports`,
};

export function categoryLabel(i18n: I18n, category: string): string {
  const known = CATEGORY_LABELS[category.toLowerCase()];
  if (known) return i18n._(known);
  return category.charAt(0).toUpperCase() + category.slice(1);
}
