import { createFileRoute, redirect } from '@tanstack/react-router';

/** The console opens on the review queue. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/withdrawals', replace: true });
  },
});
