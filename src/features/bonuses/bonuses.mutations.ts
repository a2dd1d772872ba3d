import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { type BonusClaimRequest, bonusClaimCall } from '#contract/bonuses';
import { api } from '#lib/api-client';
import { ActionKey } from '#lib/idempotency';
import { WALLET_QUERY_ROOT } from '#lib/query-keys';
import { bonusKeys } from './bonuses.queries';

/**
 * Claims an offer: it moves money, so one Idempotency-Key per claim, the same on a retry (a claim sent again
 * after a dropped connection is not granted twice). The page shows the answer (silent); the bonuses and the
 * balances are refreshed after, whatever the answer (a refused claim may have changed what is on offer).
 */
export function useClaimMutation() {
  const queryClient = useQueryClient();
  const key = useRef(new ActionKey());
  return useMutation({
    mutationFn: (input: BonusClaimRequest) =>
      api.call(bonusClaimCall, input, {
        silent: true,
        loading: true,
        idempotencyKey: key.current.for(input),
      }),
    onSuccess: () => key.current.done(),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });
}
