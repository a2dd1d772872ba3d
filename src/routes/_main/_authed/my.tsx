import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { useIsLogin } from '#lib/session';
import { useLogoutMutation } from '../../../features/auth/auth.mutations';
import { userQueries } from '../../../features/auth/auth.queries';
import { GamesCorner } from '../../../features/games/components/games-corner';
import { gamesQueries } from '../../../features/games/games.queries';
import { MessagesMenuItem } from '../../../features/messages/components/messages-menu-item';
import { NoticesMenuItem } from '../../../features/notices/components/notices-menu-item';
import { useNoticeCentre } from '../../../features/notices/notices.queries';
import { MyPage } from '../../../features/profile/components/my-page';
import { SpinEntry } from '../../../features/spin/components/spin-entry';
import { WalletSummary } from '../../../features/wallet/components/wallet-summary';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_main/_authed/my')({
  loader: async ({ context }) => {
    // The balances load alongside; a failure there leaves the page usable (the api client says why).
    void prefetch(
      context,
      walletQueries.secondary(),
      walletQueries.level(),
      gamesQueries.lobby(currentLocale()),
    );
    await context.viewer.me();
  },
  component: MyRoute,
});

function MyRoute() {
  const router = useRouter();
  // The loader has the user in the cache. Not a suspense read: a logout clears the cache while this page
  // is still on screen, and a suspense read would ask the server who nobody is (tokenLogin with no token).
  const loggedIn = useIsLogin();
  const { data } = useQuery({ ...userQueries.me(), enabled: loggedIn });
  const logout = useLogoutMutation();
  // What can move into a transfer channel (the games corner's cards).
  const withdrawable = useQuery({ ...walletQueries.secondary(), enabled: loggedIn }).data?.canWithdrawCoin;
  // The messages' unread count is fetched again whenever the notices' poll has answered (one poller).
  const { i18n } = useLingui();
  const noticesPolledAt = useNoticeCentre(i18n.locale).dataUpdatedAt;
  if (!data) return null;
  return (
    <MyPage
      user={data.user}
      wallet={
        <>
          <WalletSummary />
          <SpinEntry />
          <GamesCorner withdrawable={withdrawable} />
        </>
      }
      notices={
        <>
          <NoticesMenuItem />
          <MessagesMenuItem pollTick={noticesPolledAt} />
        </>
      }
      loggingOut={logout.isPending}
      onLogout={() =>
        logout.mutate(undefined, { onSettled: () => void router.navigate({ to: '/login', replace: true }) })
      }
    />
  );
}
