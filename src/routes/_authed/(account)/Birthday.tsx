import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '#lib/session';
import { DateOfBirthPage } from '../../../features/profile/components/date-of-birth-page';

export const Route = createFileRoute('/_authed/(account)/Birthday')({
  loader: ({ context }) => context.viewer.me(),
  component: BirthdayRoute,
});

function BirthdayRoute() {
  const user = useSessionUser();
  return user ? <DateOfBirthPage user={user} /> : null;
}
