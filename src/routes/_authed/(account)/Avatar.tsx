import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '#lib/session';
import { AvatarPage } from '../../../features/profile/components/avatar-page';

export const Route = createFileRoute('/_authed/(account)/Avatar')({
  loader: ({ context }) => context.viewer.me(),
  component: AvatarRoute,
});

function AvatarRoute() {
  const user = useSessionUser();
  return user ? <AvatarPage user={user} /> : null;
}
