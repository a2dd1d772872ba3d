import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  onlineManager,
  type QueryClient,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { type AppCard, appCardSchema } from '../../contract/appcard';
import {
  type Demand,
  type DemandApplyResponse,
  demandApplyResponseSchema,
  type KeepTopResponse,
  keepTopResponseSchema,
  type WxApp,
  type WxApplyResponse,
  wxApplyResponseSchema,
} from '../../contract/catalogue';
import { api } from '../../lib/api-client';
import { queuedAction } from '../../lib/persist';
import { requestPersistentStorage } from '../../lib/persistent-storage';
import { CATALOGUE_QUERY_ROOT, PROMOTION_QUERY_ROOT } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { type ApplyOutcome, demandApplyOutcome, wxApplyOutcome } from './apply-result';
import { catalogueKeys, patchCachedItems } from './catalogue.queries';

type CatalogueKind = 'wx' | 'dou';

/** Apply and pin wait for the connection; their keys name the defaults that run them, even after a reload. */
export const catalogueMutationKeys = {
  apply: (kind: CatalogueKind) => [...CATALOGUE_QUERY_ROOT, kind, 'apply'] as const,
  pin: (kind: CatalogueKind) => [...CATALOGUE_QUERY_ROOT, kind, 'pin'] as const,
};

// A send that gets no answer is tried again (queuedAction): it makes no noise meanwhile.
const quiet = { quietWithoutAnswer: true } as const;

const pinRequest = (kind: CatalogueKind, id: string | number) =>
  kind === 'wx'
    ? api.post('/wxcps/keeptop', { appid: id }, { schema: keepTopResponseSchema, ...quiet })
    : api.post('/doucps/keeptop', { demandId: id }, { schema: keepTopResponseSchema, ...quiet });

/**
 * Apply and pin tapped offline are queued (`networkMode: 'online'` pauses them), persisted with the query
 * cache, and sent when the connection returns, even after a reload: so what they do with the answer lives
 * here, in mutation defaults, not in a component that may be gone by then. Call before the cache is restored.
 */
export function setCatalogueMutationDefaults(queryClient: QueryClient): void {
  const queued = () => {
    if (!onlineManager.isOnline())
      toast.positive(i18n._(msg`Saved: it will be sent when you're back online`));
  };
  /** The answer, whenever it comes: its message, then the item shows its link everywhere it is cached. */
  const settled = (outcome: ApplyOutcome, showLink: () => void) => {
    toast[outcome.kind](i18n._(outcome.message));
    if (!outcome.applied) return;
    showLink();
    void queryClient.invalidateQueries({ queryKey: PROMOTION_QUERY_ROOT });
    void requestPersistentStorage();
  };

  queryClient.setMutationDefaults(catalogueMutationKeys.apply('wx'), {
    ...queuedAction,
    mutationFn: (appid: string) =>
      api.post('/wxcps/apply', { appid }, { schema: wxApplyResponseSchema, ...quiet }),
    onMutate: queued,
    onSuccess: (answer: WxApplyResponse, appid: string) =>
      settled(wxApplyOutcome(answer.result), () =>
        patchCachedItems<WxApp>(queryClient, catalogueKeys.wx, (item) => item.appid === appid, {
          apply: false,
          link: answer.link,
        }),
      ),
    // Already applied elsewhere (409) or gone (404): the api client said so; show the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.wx }),
  });
  queryClient.setMutationDefaults(catalogueMutationKeys.apply('dou'), {
    ...queuedAction,
    mutationFn: (demandId: number) =>
      api.post('/doucps/apply', { demandId }, { schema: demandApplyResponseSchema, ...quiet }),
    onMutate: queued,
    onSuccess: (answer: DemandApplyResponse, demandId: number) =>
      settled(demandApplyOutcome(answer.result), () =>
        patchCachedItems<Demand>(queryClient, catalogueKeys.dou, (item) => item.demandId === demandId, {
          apply: false,
          link: answer.link,
        }),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.dou }),
  });
  for (const kind of ['wx', 'dou'] as const) {
    queryClient.setMutationDefaults(catalogueMutationKeys.pin(kind), {
      ...queuedAction,
      mutationFn: (id: string | number) => pinRequest(kind, id),
      onMutate: queued,
      // Spec section 4: pinning reloads the list.
      onSuccess: async (answer: KeepTopResponse) => {
        await queryClient.invalidateQueries({
          queryKey: kind === 'wx' ? catalogueKeys.wx : catalogueKeys.dou,
        });
        toast.positive(i18n._(answer.pinned ? msg`Pinned successfully` : msg`Unpinned`));
      },
    });
  }
}

/** Where an item's apply or pin stands: being sent, or queued until the connection returns. */
export type ActionState = 'sending' | 'queued' | undefined;

function useActionStates(kind: CatalogueKind) {
  const pending = useMutationState({
    filters: { mutationKey: [...CATALOGUE_QUERY_ROOT, kind], status: 'pending' },
    select: (mutation) => ({
      action: mutation.options.mutationKey?.[2],
      id: mutation.state.variables,
      queued: mutation.state.isPaused,
    }),
  });
  return (action: 'apply' | 'pin', id: unknown): ActionState => {
    const found = pending.find((entry) => entry.action === action && entry.id === id);
    return found ? (found.queued ? 'queued' : 'sending') : undefined;
  };
}

/** Apply and pin of one catalogue's items, and where each stands. */
export interface CatalogueActions<Id> {
  apply: (id: Id) => void;
  pin: (id: Id) => void;
  applyState: (id: Id) => ActionState;
  pinState: (id: Id) => ActionState;
}

/** Catalogue 1 apply and pin, and their state per item (including queued ones restored after a reload). */
export function useWxActions(): CatalogueActions<string> {
  const apply = useMutation<WxApplyResponse, Error, string>({
    mutationKey: catalogueMutationKeys.apply('wx'),
  });
  const pin = useMutation<KeepTopResponse, Error, string>({ mutationKey: catalogueMutationKeys.pin('wx') });
  const state = useActionStates('wx');
  return {
    apply: (appid: string) => apply.mutate(appid),
    pin: (appid: string) => pin.mutate(appid),
    applyState: (appid: string) => state('apply', appid),
    pinState: (appid: string) => state('pin', appid),
  };
}

/** Catalogue 2 apply (result 0 asks for the app card) and pin, and their state per item. */
export function useDemandActions({
  onNeedsAppCard,
}: {
  onNeedsAppCard: () => void;
}): CatalogueActions<number> {
  const apply = useMutation<DemandApplyResponse, Error, number>({
    mutationKey: catalogueMutationKeys.apply('dou'),
  });
  const pin = useMutation<KeepTopResponse, Error, number>({ mutationKey: catalogueMutationKeys.pin('dou') });
  const state = useActionStates('dou');
  return {
    apply: (demandId: number) =>
      apply.mutate(demandId, {
        onSuccess: (answer) => {
          if (demandApplyOutcome(answer.result).needsAppCard) onNeedsAppCard();
        },
      }),
    pin: (demandId: number) => pin.mutate(demandId),
    applyState: (demandId: number) => state('apply', demandId),
    pinState: (demandId: number) => state('pin', demandId),
  };
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
