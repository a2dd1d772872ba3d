import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { COMMAND_STATES } from '#contract/console-states';
import { adminQueries } from '../../features/admin/admin.queries';
import { RequestsPage } from '../../features/admin/components/requests-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

const searchSchema = z.object({
  state: z.catch(z._default(z.enum([...COMMAND_STATES, 'all']), 'pending'), 'pending'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/requests')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.commands(deps)),
  component: RequestsRoute,
});

function RequestsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/requests' });
  return <RequestsPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
