import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { BUILD_ID } from './build-info';
import { withDeadline } from './deadline';
import { PERSIST_MAX_AGE_MS } from './query-client';
import { getToken, subscribeSession, USER_QUERY_KEY } from './session';

export const PERSIST_KEY_PREFIX = 'query-cache:';
const GUEST_PARTITION = 'guest';
/** Writes are throttled: a burst of cache events (a list page landing) costs one IndexedDB write. */
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
 * page, and the paused mutations (queued applies and pins). Objects go in as they are: IndexedDB clones
 * them, no JSON round trip.
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
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** Only launch data with an answer to show is persisted (the features mark it with `persistedQuery`). */
export const shouldPersistQuery = (query: { meta?: { persist?: boolean }; state: { data: unknown } }) =>
  query.meta?.persist === true && query.state.data !== undefined;

const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery };

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

interface Partition {
  name: string;
  persister: Persister;
  /** Starts writing the client's changes to this partition. */
  follow: () => void;
  /** Stops writing, and drops the writes still throttled, once the session has moved on. */
  close: () => void;
}

function openPartition(queryClient: QueryClient, name: string, buster: string): Partition {
  let open = true;
  let unsubscribe = () => {};
  // The persister's types say string, but it hands serialize's result to the storage untouched; IndexedDB
  // stores structured clones, so the object goes in and comes out as it is (no JSON round trip).
  const persister = createAsyncStoragePersister({
    key: `${PERSIST_KEY_PREFIX}${name}`,
    throttleTime: WRITE_THROTTLE_MS,
    storage: {
      getItem: async (key) =>
        ((await get<PersistedClient>(key, store())) ?? null) as unknown as string | null,
      setItem: async (key, value) => {
        if (open) await set(key, value, store());
      },
      removeItem: (key) => del(key, store()),
    },
    serialize: (client) => toStoredClient(client) as unknown as string,
    deserialize: (stored) => stored as unknown as PersistedClient,
  });
  return {
    name,
    persister,
    follow: () => {
      unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster, dehydrateOptions });
    },
    close: () => {
      open = false;
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
 * Puts a partition's saved copy into the client, unless it is too old, from another build, or the session
 * moved on while IndexedDB was answering (a slow disk, then a logout: that copy belongs to nobody here).
 */
async function restorePartition(
  queryClient: QueryClient,
  partition: Partition,
  buster: string,
): Promise<'restored' | 'empty'> {
  let saved: PersistedClient | undefined;
  try {
    saved = await partition.persister.restoreClient();
  } catch (error) {
    // A corrupt copy is dropped, as the persist-client library does, so the next launch starts clean.
    await partition.persister.removeClient();
    throw error;
  }
  if (!saved) return 'empty';
  const expired = !saved.timestamp || Date.now() - saved.timestamp > PERSIST_MAX_AGE_MS;
  if (expired || saved.buster !== buster) {
    await partition.persister.removeClient();
    return 'empty';
  }
  if ((await partitionFor(getToken())) !== partition.name) return 'empty';
  const { queries, mutations } = saved.clientState;
  if (queries.length + mutations.length === 0) return 'empty';
  hydrate(queryClient, saved.clientState, { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });
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
          await previous.persister.removeClient();
          // Straight from one user to another (no logout in between): keep only the new user's own answer.
          if (name !== GUEST_PARTITION) forgetAllBut(queryClient, USER_QUERY_KEY);
        }
        current = openPartition(queryClient, name, buster);
        current.follow();
        await persistQueryClientSave({ queryClient, persister: current.persister, buster, dehydrateOptions });
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
