import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BlockRequest,
  blockCall,
  type LimitSetRequest,
  limitSetCall,
  type ProtectionState,
  realitySetCall,
} from '#contract/protection';
import { api } from '#lib/api-client';
import { protectionKeys } from './protection.queries';

/** Every change answers the whole state: it replaces the cached one at once. */
function useStateMutation<I>(send: (input: I) => Promise<ProtectionState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => queryClient.setQueryData(protectionKeys.state(), state),
  });
}

/** The limit form shows its problems under its fields (silent); the overlay shows while the call runs. */
export const useSetLimitMutation = () =>
  useStateMutation((input: LimitSetRequest) =>
    api.call(limitSetCall, input, { silent: true, loading: true }),
  );

/** A failure is said in a toast (the dialog has no field to show it under). */
export const useBlockMutation = () =>
  useStateMutation((input: BlockRequest) => api.call(blockCall, input, { loading: true }));

export const useRealityMutation = () =>
  useStateMutation((minutes: 0 | 15 | 30 | 60) => api.call(realitySetCall, { minutes }, { loading: true }));
