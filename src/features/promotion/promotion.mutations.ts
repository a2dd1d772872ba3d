import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demandDeleteCall } from '#contract/catalogue';
import { api } from '#lib/api-client';
import { CATALOGUE_QUERY_ROOT } from '#lib/query-keys';
import { toast } from '#lib/toast';
import { promotionKeys } from './promotion.queries';

/** Removes a claimed demand task; the catalogue shows it as claimable again. */
export function useDeleteDemandMutation(viewer: number) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return useMutation({
    mutationFn: (demandId: number) => api.call(demandDeleteCall, { demandId }),
    onSuccess: async () => {
      toast.positive(t`Deleted`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionKeys.myDou(viewer) }),
        queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT }),
      ]);
    },
  });
}
