import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  type AgentDownRequest,
  agentDefaultsCall,
  agentDownCall,
  bindCall,
  type ChannelRatio,
  type DownlinkRequest,
  type EarningsWithdrawRequest,
  earningsWithdrawCall,
  genDownlinkCall,
  genRechargeLinkCall,
  joinAgentCall,
  promoteCall,
  type RechargeLinkRequest,
} from '#contract/agent';
import { api } from '#lib/api-client';
import { ActionKey } from '#lib/idempotency';
import { WALLET_QUERY_ROOT } from '#lib/query-keys';
import { USER_QUERY_KEY } from '#lib/session';
import { agentKeys } from './agent.queries';

/** Forms show their problems under their fields (silent); the overlay shows while the call runs. */
const FORM = { silent: true, loading: true } as const;

/**
 * Joining as an agent: the job decides the tab bar (spec section 6), so the signed-in user is asked for
 * again at once and the team tab appears without a reload; the summary changes with the job too.
 */
export function useJoinAgentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(joinAgentCall, {}, { loading: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: agentKeys.all }),
      ]),
  });
}

/** Promoting a direct member to agent: their row and page change; failures say why in a toast. */
export function usePromoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberUid: number) => api.call(promoteCall, { memberUid }, { loading: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agentKeys.team() }),
  });
}

/** A direct member's ratios (from the next business day): the team and the member's page show the change. */
export function useSetRatioMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentDownRequest) => api.call(agentDownCall, input, FORM),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: agentKeys.team() }),
  });
}

/** The agent's own defaults for new direct members (within the agent's own ratios). */
export function useDefaultsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ratios: ChannelRatio[]) => api.call(agentDefaultsCall, { ratios }, FORM),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agentKeys.summary() }),
  });
}

/** A registration link that presets the member's ratio and job; each one made is a new link. */
export function useDownlinkMutation() {
  return useMutation({
    mutationFn: (input: DownlinkRequest) => api.call(genDownlinkCall, input, FORM),
  });
}

/** A link opening the deposit page for a member of the team. */
export function useRechargeLinkMutation() {
  return useMutation({
    mutationFn: (input: RechargeLinkRequest) => api.call(genRechargeLinkCall, input, FORM),
  });
}

/** Binding an invite code later (counts from the next business day): the summary says who to. */
export function useBindMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => api.call(bindCall, { inviteCode }, FORM),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agentKeys.summary() }),
  });
}

/**
 * Commission or rake back to the main balance: money moves, so a fresh Idempotency-Key per user action
 * and the same key on a retry of it (ActionKey: a move whose answer was lost is never made twice); the
 * earnings figures and the wallet's balances are refreshed after, whatever happened.
 */
export function useEarningsWithdrawMutation() {
  const queryClient = useQueryClient();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: EarningsWithdrawRequest) =>
      api.call(earningsWithdrawCall, input, { ...FORM, idempotencyKey: key.current.for(input) }),
    onSuccess: () => key.current.done(),
    // Not awaited: the caller's own callbacks run first, before a refetch may unmount their form.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: agentKeys.statements() });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });
}
