import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSessionUser } from '#lib/session';
import { ChangePasswordPage } from '../../../features/auth/components/change-password-page';

export const Route = createFileRoute('/_authed/(account)/Password')({
  loader: ({ context }) => context.viewer.me(),
  component: PasswordRoute,
});

function PasswordRoute() {
  const router = useRouter();
  const user = useSessionUser();
  if (!user) return null;
  const phone = `+${user.username.replace('+', ' ')}`;
  return (
    <ChangePasswordPage
      phone={phone}
      onDone={() => void router.navigate({ to: '/Setting', replace: true })}
    />
  );
}
