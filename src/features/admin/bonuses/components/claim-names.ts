import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CLAIM_STATES } from '#contract/admin/bonuses';
import type { CLAIM_REASONS, RequirementState } from '#contract/bonuses';

/** Why a claim was held or refused, as the contract names it. */
export const CLAIM_REASON_NAMES: Record<(typeof CLAIM_REASONS)[number], MessageDescriptor> = {
  same_phone: msg`Same phone as an earlier claim`,
  same_device: msg`Same device as an earlier claim`,
  same_address: msg`Same address as an earlier claim`,
  budget_exhausted: msg`The offer's budget is spent`,
};

export const CLAIM_STATE_NAMES: Record<(typeof CLAIM_STATES)[number], MessageDescriptor> = {
  granted: msg`Granted`,
  held: msg`Held for review`,
  refused: msg`Refused`,
};

export const REQUIREMENT_STATE_NAMES: Record<RequirementState, MessageDescriptor> = {
  open: msg`Open`,
  released: msg`Released`,
  expired: msg`Expired`,
  forfeited: msg`Forfeited`,
  cancelled: msg`Cancelled`,
};
