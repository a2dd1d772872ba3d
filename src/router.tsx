import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import { NotFound } from './ui/not-found';
import { PagePending } from './ui/page-pending';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // The query cache owns freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
  defaultPendingComponent: PagePending,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
