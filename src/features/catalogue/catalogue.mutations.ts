import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AppCard, appCardSchema } from '../../contract/appcard';
import {
  type Demand,
  demandApplyResponseSchema,
  keepTopResponseSchema,
  type WxApp,
  wxApplyResponseSchema,
} from '../../contract/catalogue';
import { api } from '../../lib/api-client';
import { PROMOTION_QUERY_ROOT } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { demandApplyOutcome, wxApplyOutcome } from './apply-result';
import { catalogueKeys, patchCachedItems } from './catalogue.queries';

/** Catalogue 1 apply: the message of spec section 8, then the item shows its new state everywhere. */
export function useWxApplyMutation() {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: (appid: string) => api.post('/wxcps/apply', { appid }, { schema: wxApplyResponseSchema }),
    onSuccess: (answer, appid) => {
      const outcome = wxApplyOutcome(answer.result);
      toast[outcome.kind](i18n._(outcome.message));
      if (!outcome.applied) return;
      patchCachedItems<WxApp>(queryClient, catalogueKeys.wx, (item) => item.appid === appid, {
        apply: false,
        link: answer.link,
      });
      void queryClient.invalidateQueries({ queryKey: PROMOTION_QUERY_ROOT });
    },
    onError: () => {
      // Already applied elsewhere (409) or gone (404): the api client said so; show the truth.
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.wx });
    },
  });
}

/** Catalogue 2 apply: result 1, -1, 0 or 2 (spec section 8); 0 asks for the app card. */
export function useDemandApplyMutation({ onNeedsAppCard }: { onNeedsAppCard: () => void }) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: (demandId: number) =>
      api.post('/doucps/apply', { demandId }, { schema: demandApplyResponseSchema }),
    onSuccess: (answer, demandId) => {
      const outcome = demandApplyOutcome(answer.result);
      toast[outcome.kind](i18n._(outcome.message));
      if (outcome.needsAppCard) onNeedsAppCard();
      if (!outcome.applied) return;
      patchCachedItems<Demand>(queryClient, catalogueKeys.dou, (item) => item.demandId === demandId, {
        apply: false,
        link: answer.link,
      });
      void queryClient.invalidateQueries({ queryKey: PROMOTION_QUERY_ROOT });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dou });
    },
  });
}

/** Pin (job 2): toggles; the answer says which. Spec section 4: pinning reloads the list. */
export function usePinMutation(kind: 'wx' | 'dou') {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return useMutation({
    mutationFn: (id: string | number) =>
      kind === 'wx'
        ? api.post('/wxcps/keeptop', { appid: id }, { schema: keepTopResponseSchema })
        : api.post('/doucps/keeptop', { demandId: id }, { schema: keepTopResponseSchema }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: kind === 'wx' ? catalogueKeys.wx : catalogueKeys.dou });
      toast.positive(answer.pinned ? t`Pinned successfully` : t`Unpinned`);
    },
  });
}

/** Saves the app card; field problems come back as issues the form shows. */
export function useAppCardMutation(viewer: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: AppCard) =>
      api.post('/appcard/edit', card, { schema: appCardSchema, silent: true, loading: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.appCard(viewer), saved);
    },
  });
}
