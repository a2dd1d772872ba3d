import { createFileRoute } from '@tanstack/react-router';
import { LevelsPage } from '../../../features/profile/components/levels-page';
import { profileQueries } from '../../../features/profile/profile.queries';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(account)/Levels')({
  loader: ({ context }) => prefetch(context, profileQueries.levels()),
  component: LevelsPage,
});
