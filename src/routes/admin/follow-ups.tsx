import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { FOLLOW_UP_STATES } from '#contract/console-states';
import { adminQueries } from '../../features/admin/admin.queries';
import { FollowUpsPage } from '../../features/admin/components/follow-ups-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The state filter and the page live in the URL; by default the ones to do. */
const searchSchema = z.object({
  state: z.catch(z._default(z.enum([...FOLLOW_UP_STATES, 'all']), 'open'), 'open'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/follow-ups')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.followUps(deps)),
  component: FollowUpsRoute,
});

function FollowUpsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/follow-ups' });
  return (
    <FollowUpsPage filters={search} onFilters={(next) => void navigate({ search: next })} now={Date.now()} />
  );
}
