import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  onlineManager,
  type QueryClient,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { type AppCard, appCardEditCall } from '#contract/appcard';
import type { CatalogueKind, KeepTopResponse } from '#contract/catalogue';
import { api } from '#lib/api-client';
import { queuedAction } from '#lib/persist';
import { requestPersistentStorage } from '#lib/persistent-storage';
import { CATALOGUE_QUERY_ROOT, PROMOTION_QUERY_ROOT } from '#lib/query-keys';
import { toast } from '#lib/toast';
import { setApplyRefusal, useApplyRefusals } from './apply-refusals';
import type { ApplyOutcome } from './apply-result';
import { catalogueKeys, findCachedItem, patchCachedItems } from './catalogue.queries';
import { CATALOGUES, type Catalogue, type CatalogueItem } from './catalogues';

/** Apply and pin wait for the connection; their keys name the defaults that run them, even after a reload. */
export const catalogueMutationKeys = {
  apply: (kind: CatalogueKind) => [...CATALOGUE_QUERY_ROOT, kind, 'apply'] as const,
  pin: (kind: CatalogueKind) => [...CATALOGUE_QUERY_ROOT, kind, 'pin'] as const,
};

/** What an apply's onMutate leaves for its answer; persisted with the queued apply, so it survives a reload. */
interface ApplyContext {
  /** Tapped offline: the answer comes later, maybe on another page. */
  queued: boolean;
}

/** An apply answered: how it came (queued or not), what it said, and the item it was for. */
interface Settled {
  outcome: ApplyOutcome;
  queued: boolean;
  /** The item's name as cached, for a late answer's message. */
  name: string | undefined;
  showLink: () => void;
  remember: (outcome: ApplyOutcome | undefined) => void;
}

/**
 * One catalogue's apply and pin defaults. `settled` says the answer's message and, when it applied, shows
 * the item's link everywhere it is cached.
 */
function setKindDefaults<Item extends CatalogueItem, Id, Answer extends { link: string }>(
  queryClient: QueryClient,
  kind: Catalogue<Item, Id, unknown, Answer>,
  queued: () => boolean,
  settled: (answer: Settled) => void,
): void {
  const root = [...CATALOGUE_QUERY_ROOT, kind.name];
  queryClient.setMutationDefaults(catalogueMutationKeys.apply(kind.name), {
    ...queuedAction,
    mutationFn: (id: Id) => kind.apply(id),
    onMutate: (id: Id): ApplyContext => {
      setApplyRefusal(kind.name, id, undefined);
      return { queued: queued() };
    },
    onSuccess: (answer: Answer, id: Id, context: ApplyContext | undefined) => {
      const match = (item: Item) => kind.idOf(item) === id;
      const cached = findCachedItem<Item>(queryClient, root, match);
      settled({
        outcome: kind.outcomeOf(answer),
        queued: context?.queued === true,
        name: cached ? kind.nameOf(cached) : undefined,
        showLink: () =>
          patchCachedItems<Item>(queryClient, root, match, {
            apply: false,
            link: answer.link,
          } as Partial<Item>),
        remember: (outcome) => setApplyRefusal(kind.name, id, outcome),
      });
    },
    // Already applied elsewhere (409) or gone (404): the api client said so; show the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: root }),
  });
  queryClient.setMutationDefaults(catalogueMutationKeys.pin(kind.name), {
    ...queuedAction,
    mutationFn: (id: Id) => kind.pin(id),
    onMutate: queued,
    // Spec section 4: pinning reloads the list.
    onSuccess: async (answer: KeepTopResponse) => {
      await queryClient.invalidateQueries({ queryKey: root });
      toast.positive(i18n._(answer.pinned ? msg`Pinned successfully` : msg`Unpinned`));
    },
  });
}

/**
 * Apply and pin tapped offline are queued (`networkMode: 'online'` pauses them), persisted with the query
 * cache, and sent when the connection returns, even after a reload: so what they do with the answer lives
 * here, in mutation defaults, not in a component that may be gone by then. Call before the cache is restored.
 */
export function setCatalogueMutationDefaults(queryClient: QueryClient): void {
  const queued = () => {
    const offline = !onlineManager.isOnline();
    if (offline) toast.positive(i18n._(msg`Saved: it will be sent when you're back online`));
    return offline;
  };
  /**
   * The answer, whenever it comes: its message, then the item shows its link everywhere it is cached. A
   * refusal stays on the item's row with what to do next; a queued apply's refusal also says so in its
   * message, naming the item, since the promoter tapped it a while ago and may be looking elsewhere.
   */
  const settled = ({ outcome, queued: late, name, showLink, remember }: Settled) => {
    toast[outcome.kind](late && !outcome.applied ? lateRefusal(outcome, name) : i18n._(outcome.message));
    remember(outcome.applied ? undefined : outcome);
    if (!outcome.applied) return;
    showLink();
    void queryClient.invalidateQueries({ queryKey: PROMOTION_QUERY_ROOT });
    void requestPersistentStorage();
  };
  for (const kind of CATALOGUES) setKindDefaults(queryClient, kind, queued, settled);
}

function lateRefusal(outcome: ApplyOutcome, name: string | undefined): string {
  const result = i18n._(outcome.message);
  const next = outcome.nextStep ? i18n._(outcome.nextStep) : '';
  return name
    ? i18n._(msg`Your queued apply for ${name}: ${result}. ${next}`)
    : i18n._(msg`Your queued apply: ${result}. ${next}`);
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
  /** The item's last apply, when it was refused: what it means and what to do next. */
  refusal: (id: Id) => ApplyOutcome | undefined;
  /** Opens the app card form (the way on after result 0). */
  addAppCard: () => void;
}

/**
 * A catalogue's apply and pin, and their state per item (including queued ones restored after a reload).
 * An answer that asks for the app card (catalogue 2, result 0) calls `onNeedsAppCard`.
 */
export function useCatalogueActions<Item extends CatalogueItem, Id, Answer extends { link: string }>(
  kind: Catalogue<Item, Id, unknown, Answer>,
  onNeedsAppCard: () => void,
): CatalogueActions<Id> {
  const apply = useMutation<Answer, Error, Id>({ mutationKey: catalogueMutationKeys.apply(kind.name) });
  const pin = useMutation<KeepTopResponse, Error, Id>({ mutationKey: catalogueMutationKeys.pin(kind.name) });
  const state = useActionStates(kind.name);
  const refusal = useApplyRefusals(kind.name);
  return {
    apply: (id) =>
      apply.mutate(id, {
        onSuccess: (answer) => {
          if (kind.outcomeOf(answer).needsAppCard) onNeedsAppCard();
        },
      }),
    pin: (id) => pin.mutate(id),
    applyState: (id) => state('apply', id),
    pinState: (id) => state('pin', id),
    refusal,
    addAppCard: onNeedsAppCard,
  };
}

/** Saves the app card; field problems come back as issues the form shows. */
export function useAppCardMutation(viewer: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: AppCard) => api.call(appCardEditCall, card, { silent: true, loading: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.appCard(viewer), saved);
    },
  });
}
