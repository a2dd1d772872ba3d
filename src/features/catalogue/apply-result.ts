import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type DemandApplyResponse, DemandApplyResult } from '../../contract/catalogue';

export interface ApplyOutcome {
  kind: 'positive' | 'negative';
  message: MessageDescriptor;
  /** Result 0: the promoter needs an app card before claiming; the app offers to add one. */
  needsAppCard: boolean;
  /** The item now has the promoter's link (or the greyed apply while it is under review). */
  applied: boolean;
}

/** Spec section 8: catalogue 1 apply success (result true) is 'Apply succeeded', positive at the top. */
export function wxApplyOutcome(result: boolean): ApplyOutcome {
  return result
    ? { kind: 'positive', message: msg`Apply succeeded`, needsAppCard: false, applied: true }
    : { kind: 'negative', message: msg`Data error`, needsAppCard: false, applied: false };
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
      };
    case DemandApplyResult.quotaUsedUp:
      return { kind: 'negative', message: msg`Tasks all claimed`, needsAppCard: false, applied: false };
    default:
      return { kind: 'negative', message: msg`Data error`, needsAppCard: false, applied: false };
  }
}

/** Which button a row shows (spec section 4): apply, a greyed apply while the link is pending, or view. */
export type ItemAction = 'apply' | 'pending' | 'view';
export function itemAction(item: { apply: boolean; link: string }): ItemAction {
  if (item.apply) return 'apply';
  return item.link ? 'view' : 'pending';
}
