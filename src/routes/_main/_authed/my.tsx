import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useLogoutMutation } from '../../../features/auth/auth.mutations';
import { userQueries } from '../../../features/auth/auth.queries';
import { MyPage } from '../../../features/profile/components/my-page';

export const Route = createFileRoute('/_main/_authed/my')({
  loader: ({ context }) => context.queryClient.ensureQueryData(userQueries.me()),
  component: MyRoute,
});

function MyRoute() {
  const router = useRouter();
  const { data } = useSuspenseQuery(userQueries.me());
  const logout = useLogoutMutation();
  return (
    <MyPage
      user={data.user}
      loggingOut={logout.isPending}
      onLogout={() =>
        logout.mutate(undefined, { onSettled: () => void router.navigate({ to: '/login', replace: true }) })
      }
    />
  );
}
