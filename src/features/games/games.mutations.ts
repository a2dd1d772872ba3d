import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { type ChannelTransferRequest, channelTransferCall, launchGameCall } from '#contract/games';
import { api } from '#lib/api-client';
import { ActionKey } from '#lib/idempotency';
import { WALLET_QUERY_ROOT } from '#lib/query-keys';
import { gamesKeys } from './games.queries';

/**
 * What playing or moving money changes: the wallet's balances (the main balance and the in-game amount
 * of /my), the channels' balances at their providers and the betting record. Not awaited by callers.
 */
export function useRefreshBalances(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: gamesKeys.channelBalances() });
    void queryClient.invalidateQueries({ queryKey: gamesKeys.rounds() });
  }, [queryClient]);
}

/**
 * A game's launch: the provider's page with a short-lived launch token, so a new one each time the
 * game opens; a failure says why in a toast (the lobby has no form to show it in).
 */
export function useLaunchGameMutation() {
  return useMutation({
    mutationFn: (input: { gameId: number; lang: string }) =>
      api.call(launchGameCall, input, { loading: true }),
  });
}

/**
 * Money into or out of a transfer channel: a fresh Idempotency-Key per user action, the same key on a
 * retry of the same action (ActionKey), so a move whose answer was lost is never applied twice; the
 * form shows the errors itself (silent); the balances are refreshed after, whatever happened.
 */
export function useChannelTransferMutation() {
  const key = useRef(new ActionKey());
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (input: ChannelTransferRequest) =>
      api.call(channelTransferCall, input, {
        silent: true,
        loading: true,
        idempotencyKey: key.current.for(input),
      }),
    onSuccess: () => key.current.done(),
    // Not awaited: the caller's own callbacks run first, before a refetch may unmount their form.
    onSettled: refresh,
  });
}
