import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { isOffline, offlineMessage } from './offline';
import { toast } from './toast';

/** How long persisted launch data may be shown (issue 4); queries that are persisted live as long. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Kept in IndexedDB so the next launch paints it before the network answers (issue 4). */
      persist?: boolean;
    };
  }
}

/**
 * What a feature spreads into the queryOptions of data that launch needs. Persisted queries live as long
 * as the persisted copy may be shown, or a restored query would be collected before anyone looks at it.
 */
export const persistedQuery = { meta: { persist: true }, gcTime: PERSIST_MAX_AGE_MS } as const;

/**
 * The one query client of the app. Queries are `offlineFirst`: they try the network once, and when it
 * fails the persisted copy stays on screen. Mutations run `always`, so an action tapped offline fails at
 * once with a clear message instead of spinning; the few actions built to wait for the connection (apply,
 * pin, a notice's read mark) spread `queuedAction` (persist.ts) in their mutation defaults and are queued.
 */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    // The api-client keeps quiet about network failures while offline; an action the user tapped says why.
    onError: () => {
      if (isOffline()) toast.negative(offlineMessage());
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      networkMode: 'offlineFirst',
      // The api-client already shows the error; retrying a 400 or a 996 helps nobody.
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'always' },
  },
});

// The onlineManager starts out online and learns only from later online/offline events; a launch that is
// already offline must queue apply and pin (and show the indicator) from the first tap.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
// It listens to those events only while it has a subscriber, and the app subscribes when it mounts, after
// the saved cache is restored: an event in between was lost, and the app believed the old state (offline
// when back online, so queued actions waited for nothing). A subscriber for the page's life keeps it
// listening from the first line.
onlineManager.subscribe(() => undefined);
