import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  adminBonusGrantCall,
  adminClaimDecideCall,
  adminOfferCreateCall,
  adminOfferEditCall,
  adminOfferEndCall,
  adminOfferPauseCall,
  adminOfferResumeCall,
  adminRequirementCancelCall,
  type BonusGrantRequest,
  type ClaimDecideRequest,
  type OfferCreateRequest,
  type OfferEditRequest,
} from '#contract/admin/bonuses';
import { api } from '#lib/api-client';
import { ActionKey } from '#lib/idempotency';
import { bonusKeys } from './bonuses.queries';

/** A form shows its problems under its fields (silent); the overlay shows while a call runs. */
const FORM = { silent: true, loading: true } as const;
/** A list's buttons: a refusal (the state moved on) is a toast. */
const ACTION = { loading: true } as const;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
}

/** Creates an offer, or writes an offer's next version (with its id). */
export function useOfferSaveMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: OfferCreateRequest | OfferEditRequest) =>
      'id' in input && typeof input.id === 'number'
        ? api.call(adminOfferEditCall, input as OfferEditRequest, FORM)
        : api.call(adminOfferCreateCall, input as OfferCreateRequest, FORM),
    onSettled: refresh,
  });
}

const MOVE_CALLS = { pause: adminOfferPauseCall, resume: adminOfferResumeCall, end: adminOfferEndCall };

export function useOfferMoveMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: keyof typeof MOVE_CALLS }) =>
      api.call(MOVE_CALLS[move], { id }, ACTION),
    onSettled: refresh,
  });
}

/**
 * A manual grant: a money call whose key is the form's action (a retry after a lost answer sends the same
 * key, and the server grants once); a changed form is a new action.
 */
export function useBonusGrantMutation() {
  const refresh = useRefresh();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: BonusGrantRequest) =>
      api.call(adminBonusGrantCall, input, { ...FORM, idempotencyKey: key.current.for(input) }),
    onSuccess: () => key.current.done(),
    onSettled: refresh,
  });
}

export function useRequirementCancelMutation() {
  const refresh = useRefresh();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: { requirementId: number; note: string }) =>
      api.call(adminRequirementCancelCall, input, { ...ACTION, idempotencyKey: key.current.for(input) }),
    onSuccess: () => key.current.done(),
    onSettled: refresh,
  });
}

export function useClaimDecideMutation() {
  const refresh = useRefresh();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: ClaimDecideRequest) =>
      api.call(adminClaimDecideCall, input, { ...ACTION, idempotencyKey: key.current.for(input) }),
    onSuccess: () => key.current.done(),
    onSettled: refresh,
  });
}
