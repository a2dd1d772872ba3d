import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spinDrawCall } from '#contract/spin';
import { api } from '#lib/api-client';
import { spinKeys } from './spin.queries';

/**
 * Today's spin. No Idempotency-Key: the server keeps one spin per day, so a retry of this call (same day)
 * answers the first spin. The state is refreshed once the wheel has shown the result (the page decides).
 */
export function useSpinMutation() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({ mutationFn: (day: string) => api.call(spinDrawCall, { day }) }),
    refresh: () => queryClient.invalidateQueries({ queryKey: spinKeys.all }),
  };
}
