import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { LevelsPage } from '../../../features/profile/components/levels-page';
import { profileQueries } from '../../../features/profile/profile.queries';

export const Route = createFileRoute('/_authed/(account)/Levels')({
  loader: ({ context }) => prefetch(context, profileQueries.levels()),
  component: LevelsPage,
});
