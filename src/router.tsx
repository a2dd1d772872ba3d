import { createRouter } from '@tanstack/react-router';
import { queryClient } from '#lib/query-client';
import { isLogin, type Viewer } from '#lib/session';
import { NotFound } from '#ui/not-found';
import { PagePending } from '#ui/page-pending';
import { userQueries } from './features/auth/auth.queries';
import { routeTree } from './routeTree.gen';

/** The one way a route learns who is signed in: the token for the guards, the user query for the rest. */
const viewer: Viewer = {
  isLoggedIn: isLogin,
  me: () => queryClient.ensureQueryData(userQueries.me()),
  uid: async () => {
    if (!isLogin()) return 0;
    const me = await viewer.me().catch(() => undefined);
    return me?.user.uid ?? 0;
  },
};

export const router = createRouter({
  routeTree,
  context: { queryClient, viewer },
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
