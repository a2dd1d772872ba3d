import { dehydrate, hydrate, type Mutation, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { NoAnswerError } from './api-client';
import { BUILD_ID } from './build-info';
import { withDeadline } from './deadline';
import { PERSIST_MAX_AGE_MS } from './query-client';
import { getToken, subscribeSession, USER_QUERY_KEY } from './session';

export const PERSIST_KEY_PREFIX = 'query-cache:';
const GUEST_PARTITION = 'guest';
/**
 * Data writes are throttled: a burst of cache events (a list page landing) costs one IndexedDB write. A
 * change of the queued actions is written at once (see `openPartition`).
 */
const WRITE_THROTTLE_MS = 1000;
/** The launch waits no longer than this for the saved copy; a later restore still lands when it comes. */
const RESTORE_TIMEOUT_MS = 3000;

const isInfiniteData = (data: unknown): data is { pages: unknown[]; pageParams: unknown[] } =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as { pages?: unknown }).pages) &&
  Array.isArray((data as { pageParams?: unknown }).pageParams);

/**
 * The copy that goes to IndexedDB: persisted queries with data (a failed refetch keeps its data, stored
 * as a success so a restore shows it), infinite lists cut to their first page so a resume refetches one
 * page, and the queued actions. Objects go in as they are: IndexedDB clones them, no JSON round trip.
 */
export function toStoredClient(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => {
    const data = query.state.data;
    return {
      ...query,
      state: {
        ...query.state,
        data: isInfiniteData(data)
          ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
          : data,
        status: 'success' as const,
        error: null,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchStatus: 'idle' as const,
      },
    };
  });
  // A queued action is stored as waiting even while it is being sent: until the server has answered, the
  // next launch sends it again (a replayed apply is answered "already applied" and the list shows the truth).
  const mutations = client.clientState.mutations.map((mutation) => ({
    ...mutation,
    state: { ...mutation.state, isPaused: true, failureCount: 0, failureReason: null, error: null },
  }));
  return { ...client, clientState: { queries, mutations } };
}

/** Only launch data with an answer to show is persisted (the features mark it with `persistedQuery`). */
export const shouldPersistQuery = (query: { meta?: { persist?: boolean }; state: { data: unknown } }) =>
  query.meta?.persist === true && query.state.data !== undefined;

/**
 * The mutation defaults every queued action spreads (apply, pin, a notice's read mark). It waits for the
 * connection, is kept on disk until the server answers (`isQueuedAction`), and leaves the queue only with
 * that answer: a send that gets none (an online signal during a reload, a dead network behind a live
 * link) waits again and is sent once more, paused while offline, else after 1, 2, 4, ... 30 s. Its calls
 * pass `quietWithoutAnswer`, so those tries make no noise.
 */
export const queuedAction = {
  networkMode: 'online',
  retry: (_failures: number, error: unknown) => error instanceof NoAnswerError,
} as const;

/**
 * A queued action with no answer yet, whether it waits or is being sent. The library keeps paused
 * mutations only, so an action resumed just as the page went away (an online signal during a reload)
 * was left out of the saved copy, and lost.
 */
export const isQueuedAction = (mutation: Mutation): boolean =>
  mutation.state.status === 'pending' && mutation.options.networkMode === queuedAction.networkMode;

const dehydrateOptions = {
  shouldDehydrateQuery: shouldPersistQuery,
  shouldDehydrateMutation: isQueuedAction,
};

/** Which queued actions the cache holds: when this changes, the partition is written at once. */
const queueOf = (queryClient: QueryClient): string =>
  queryClient
    .getMutationCache()
    .getAll()
    .filter(isQueuedAction)
    .map((mutation) => mutation.mutationId)
    .join();

/** A partition per user, named by a digest of the session token (never the token itself); guest when logged out. */
export async function partitionFor(token: string | null): Promise<string> {
  if (!token) return GUEST_PARTITION;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (byte) => byte.toString(16).padStart(2, '0'));
  return `user-${hex.join('')}`;
}

let idbStore: UseStore | undefined;
const store = (): UseStore => {
  idbStore ??= createStore('beacon', 'query-cache');
  return idbStore;
};

/** Deletes every saved copy on this device (Settings' "clear the saved data"), of every user and the guest. */
export const clearSavedCopies = (): Promise<void> => clear(store());

interface Partition {
  name: string;
  /** The saved copy, if any. */
  read: () => Promise<PersistedClient | undefined>;
  /** Writes the cache now (after any write in progress); resolves once it is on disk. */
  save: () => Promise<void>;
  remove: () => Promise<void>;
  /** Starts writing the client's changes to this partition. */
  follow: () => void;
  /** Stops writing, and drops the writes still throttled, once the session has moved on. */
  close: () => void;
}

function openPartition(queryClient: QueryClient, name: string, buster: string): Partition {
  const key = `${PERSIST_KEY_PREFIX}${name}`;
  let open = true;
  let unsubscribe = () => {};
  let throttled: ReturnType<typeof setTimeout> | undefined;
  let writes: Promise<void> = Promise.resolve();
  let queued = queueOf(queryClient);

  // One write at a time, each of the cache as it is when that write starts, so the last write to land is
  // the newest state. (The library's persister took its copy when a change happened and wrote it up to a
  // second later: an immediate write next to it could be overtaken by an older copy.)
  const save = (): Promise<void> => {
    clearTimeout(throttled);
    throttled = undefined;
    writes = writes
      .then(async () => {
        if (!open) return;
        const client = {
          buster,
          timestamp: Date.now(),
          clientState: dehydrate(queryClient, dehydrateOptions),
        };
        await set(key, toStoredClient(client), store());
      })
      .catch((error: unknown) => console.warn('The saved data could not be written', error));
    return writes;
  };
  const saveSoon = () => {
    throttled ??= setTimeout(() => void save(), WRITE_THROTTLE_MS);
  };

  return {
    name,
    read: () => get<PersistedClient>(key, store()),
    save,
    remove: () => del(key, store()),
    follow: () => {
      queued = queueOf(queryClient);
      const onQueries = queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') saveSoon();
      });
      // A tapped action is on disk before the user can think it is queued (a crash of the tab a moment
      // later keeps it), and leaves it as soon as it is answered (a relaunch does not send it again).
      const onMutations = queryClient.getMutationCache().subscribe(() => {
        const now = queueOf(queryClient);
        if (now === queued) return;
        queued = now;
        void save();
      });
      unsubscribe = () => {
        onQueries();
        onMutations();
      };
    },
    close: () => {
      open = false;
      clearTimeout(throttled);
      unsubscribe();
    },
  };
}

/** Deletes every user partition but `keep`: one phone, several accounts, nobody reads another's data. */
async function dropOtherUsers(keep: string): Promise<void> {
  const stored = await keys<string>(store());
  await Promise.all(
    stored
      .filter((key) => key.startsWith(`${PERSIST_KEY_PREFIX}user-`) && key !== `${PERSIST_KEY_PREFIX}${keep}`)
      .map((key) => del(key, store())),
  );
}

function forgetAllBut(queryClient: QueryClient, keep: readonly unknown[]): void {
  const keepHash = JSON.stringify(keep);
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== keepHash });
}

/**
 * `late`: the restore had not finished when the app had to render; it goes on, and lands (queued actions
 * and all) as soon as IndexedDB answers.
 */
export type RestoreOutcome = 'restored' | 'empty' | 'failed' | 'late';

export interface QueryPersistence {
  /** How the launch went: a failed or empty restore leaves the cache empty and the app asks the network. */
  outcome: RestoreOutcome;
  /** Resolves when the restore is over, late or not, with what it came to. */
  restored: Promise<Exclude<RestoreOutcome, 'late'>>;
  /** Resolves when the partition of the current session is in use (after a login or logout). */
  settled: () => Promise<void>;
  stop: () => void;
}

/**
 * Puts a partition's saved copy into the client, unless the session moved on while IndexedDB was answering
 * (a slow disk, then a logout: that copy belongs to nobody here). A copy too old or from another build
 * (an update) shows no data, but its queued actions are the user's: they are restored and go out.
 */
async function restorePartition(
  queryClient: QueryClient,
  partition: Partition,
  buster: string,
): Promise<'restored' | 'empty'> {
  let saved: PersistedClient | undefined;
  try {
    saved = await partition.read();
  } catch (error) {
    // A corrupt copy is dropped, as the persist-client library does, so the next launch starts clean.
    await partition.remove();
    throw error;
  }
  if (!saved) return 'empty';
  const expired = !saved.timestamp || Date.now() - saved.timestamp > PERSIST_MAX_AGE_MS;
  const stale = expired || saved.buster !== buster;
  const mutations = saved.clientState.mutations ?? [];
  const queries = stale ? [] : saved.clientState.queries;
  if (stale && mutations.length === 0) {
    await partition.remove();
    return 'empty';
  }
  if ((await partitionFor(getToken())) !== partition.name) return 'empty';
  if (queries.length + mutations.length === 0) return 'empty';
  hydrate(
    queryClient,
    { queries, mutations },
    { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } },
  );
  // Written again at once under this build's buster: the old copy is replaced, never deleted, so its
  // queued actions are on disk at every moment.
  if (stale) await partition.save();
  // Restored data paints at once but is never taken as fresh: every restored query refetches when a
  // screen shows it (a balance seconds old in storage may have moved since). A late restore leaves newer
  // answers from the network as they are (hydrate keeps them), and fresh.
  await Promise.all(
    queries.map((restored) => {
      const query = queryClient.getQueryCache().find({ queryKey: restored.queryKey, exact: true });
      if (!query || query.state.dataUpdatedAt > restored.state.dataUpdatedAt) return undefined;
      return queryClient.invalidateQueries({ queryKey: restored.queryKey, exact: true, refetchType: 'none' });
    }),
  );
  // A queued apply from the last session goes out now if the connection is there; the online event that
  // would resume it may have come and gone before it was restored.
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
  return 'restored';
}

/**
 * Restores the current session's partition into the client, then keeps it written. A login, logout or
 * token change moves to that session's partition; a logout deletes the user's partition. Call before the
 * app renders, after the mutation defaults are set (a restored queued apply needs its mutationFn). It
 * resolves once the restore is done or after `restoreTimeoutMs`, whichever comes first: a slow disk on a
 * cheap phone delays the saved data, never the app.
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  {
    buster = BUILD_ID,
    restoreTimeoutMs = RESTORE_TIMEOUT_MS,
  }: { buster?: string; restoreTimeoutMs?: number } = {},
): Promise<QueryPersistence> {
  let current: Partition | null = null;
  let usable = true;
  let stopped = false;

  const restored = (async (): Promise<Exclude<RestoreOutcome, 'late'>> => {
    try {
      const partition = openPartition(queryClient, await partitionFor(getToken()), buster);
      const outcome = await restorePartition(queryClient, partition, buster);
      // Following starts after the restore, so the restore's own cache events are not written straight
      // back. If the session moved on meanwhile, the session queue below opens its partition instead.
      if (!stopped && (await partitionFor(getToken())) === partition.name) {
        partition.follow();
        current = partition;
        void dropOtherUsers(partition.name).catch(() => undefined);
      }
      return outcome;
    } catch (error) {
      // No IndexedDB (private mode), a corrupt entry: the network is the source, as without persistence.
      console.warn('The saved data could not be restored', error);
      usable = false;
      return 'failed';
    }
  })();

  // Session moves wait for the restore, however late, so partitions change in order.
  let queue: Promise<void> = restored.then(() => undefined);
  const moveToSession = () => {
    const token = getToken();
    queue = queue
      .then(async () => {
        if (!usable) return;
        const name = await partitionFor(token);
        if (current?.name === name) return;
        const previous = current;
        previous?.close();
        if (previous && previous.name !== GUEST_PARTITION) {
          await previous.remove();
          // Straight from one user to another (no logout in between): keep only the new user's own answer.
          if (name !== GUEST_PARTITION) forgetAllBut(queryClient, USER_QUERY_KEY);
        }
        current = openPartition(queryClient, name, buster);
        current.follow();
        await current.save();
        await dropOtherUsers(name);
      })
      .catch((error: unknown) => console.warn('The saved data could not follow the session', error));
  };
  const unsubscribe = subscribeSession(moveToSession);
  const outcome = await withDeadline(restored, restoreTimeoutMs, 'late' as const);
  if (outcome === 'late')
    console.warn(`The saved data took over ${restoreTimeoutMs} ms; the app goes on without it`);

  return {
    outcome,
    restored,
    settled: () => queue,
    stop: () => {
      stopped = true;
      unsubscribe();
      current?.close();
    },
  };
}
