import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useIsLogin } from '#lib/session';
import { TabBar } from '#ui/tab-bar';
import { userQueries } from '../features/auth/auth.queries';
import { unreadIds, useNoticeCentre } from '../features/notices/notices.queries';

/** The main layout: the routed tab page above the fixed bottom tab bar. */
export const Route = createFileRoute('/_main')({
  loader: async ({ context }) => {
    // The tab bar needs the job; a failure is shown by the api-client and leaves the player tabs.
    if (context.viewer.isLoggedIn()) await context.viewer.me().catch(() => undefined);
  },
  component: MainLayout,
});

function MainLayout() {
  const loggedIn = useIsLogin();
  const me = useQuery({ ...userQueries.me(), enabled: loggedIn });
  const { i18n } = useLingui();
  // Unread notices show on My, where the notice centre is.
  const unread = unreadIds(useNoticeCentre(i18n.locale).data).length;
  return (
    <div className="main-layout">
      <Outlet />
      <TabBar job={loggedIn ? me.data?.user.job : undefined} badges={{ my: unread }} />
    </div>
  );
}
