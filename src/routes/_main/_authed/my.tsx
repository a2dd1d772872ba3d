import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useLogoutMutation } from '../../../features/auth/auth.mutations';
import { userQueries } from '../../../features/auth/auth.queries';
import { NoticesMenuItem } from '../../../features/notices/components/notices-menu-item';
import { MyPage } from '../../../features/profile/components/my-page';
import { WalletSummary } from '../../../features/wallet/components/wallet-summary';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_main/_authed/my')({
  loader: async ({ context }) => {
    // The balances load alongside; a failure there leaves the page usable (the api client says why).
    void context.queryClient.ensureQueryData(walletQueries.secondary()).catch(() => undefined);
    void context.queryClient.ensureQueryData(walletQueries.level()).catch(() => undefined);
    await context.queryClient.ensureQueryData(userQueries.me());
  },
  component: MyRoute,
});

function MyRoute() {
  const router = useRouter();
  const { data } = useSuspenseQuery(userQueries.me());
  const logout = useLogoutMutation();
  return (
    <MyPage
      user={data.user}
      wallet={<WalletSummary />}
      notices={<NoticesMenuItem />}
      loggingOut={logout.isPending}
      onLogout={() =>
        logout.mutate(undefined, { onSettled: () => void router.navigate({ to: '/login', replace: true }) })
      }
    />
  );
}
