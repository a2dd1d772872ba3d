import { createFileRoute } from '@tanstack/react-router';
import { ResetPage } from '../features/auth/components/reset-page';

/** Reachable logged in too: someone who knows only an old password may want a new one. */
export const Route = createFileRoute('/reset')({
  component: ResetPage,
});
