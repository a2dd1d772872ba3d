import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type DemandApplyResponse, DemandApplyResult } from '#contract/catalogue';

export interface ApplyOutcome {
  kind: 'positive' | 'negative';
  message: MessageDescriptor;
  /** Result 0: the promoter needs an app card before claiming; the app offers to add one. */
  needsAppCard: boolean;
  /** The item now has the promoter's link (or the greyed apply while it is under review). */
  applied: boolean;
  /**
   * A refusal's meaning and what the promoter can do next: shown on the item's row, and in the message of
   * an apply that was queued offline, whose answer comes when the promoter may be looking elsewhere.
   */
  nextStep?: MessageDescriptor;
}

/** Spec section 8: catalogue 1 apply success (result true) is 'Apply succeeded', positive at the top. */
export function wxApplyOutcome(result: boolean): ApplyOutcome {
  return result
    ? { kind: 'positive', message: msg`Apply succeeded`, needsAppCard: false, applied: true }
    : {
        kind: 'negative',
        message: msg`Data error`,
        needsAppCard: false,
        applied: false,
        nextStep: msg`This item is no longer available.`,
      };
}

/** Spec section 8: 1 success; -1 'data error'; 0 'not yet participated, cannot claim'; 2 'tasks all claimed'. */
export function demandApplyOutcome(result: DemandApplyResponse['result']): ApplyOutcome {
  switch (result) {
    case DemandApplyResult.success:
      return { kind: 'positive', message: msg`Apply succeeded`, needsAppCard: false, applied: true };
    case DemandApplyResult.noAppCard:
      return {
        kind: 'negative',
        message: msg`Not yet participated, cannot claim`,
        needsAppCard: true,
        applied: false,
        nextStep: msg`Add your short-video account card first, then apply again.`,
      };
    case DemandApplyResult.quotaUsedUp:
      return {
        kind: 'negative',
        message: msg`Tasks all claimed`,
        needsAppCard: false,
        applied: false,
        nextStep: msg`Every claim of this task is taken: there is nothing more to do.`,
      };
    default:
      return {
        kind: 'negative',
        message: msg`Data error`,
        needsAppCard: false,
        applied: false,
        nextStep: msg`This task is no longer available.`,
      };
  }
}

/** Which button a row shows (spec section 4): apply, a greyed apply while the link is pending, or view. */
export type ItemAction = 'apply' | 'pending' | 'view';
export function itemAction(item: { apply: boolean; link: string }): ItemAction {
  if (item.apply) return 'apply';
  return item.link ? 'view' : 'pending';
}
