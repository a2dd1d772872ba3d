import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireLogin } from '#lib/auth-guard';

/** The standalone pages: each needs a token. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => requireLogin(context.viewer, location),
  // The pages read who is signed in from the cache (notices are keyed per user, the bank form needs the
  // area code), which may have no user yet: a new build's first launch, a cleared cache. Opened cold, a
  // page would then wait for a user nobody asks for. A failure is left to the api client, as on the tabs.
  loader: async ({ context }) => {
    await context.viewer.me().catch(() => undefined);
  },
  component: Outlet,
});
