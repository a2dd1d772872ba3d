import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { HOLD_STATES } from '#contract/console-states';
import { adminQueries } from '../../features/admin/admin.queries';
import { HoldsPage } from '../../features/admin/components/holds-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The state filter and the page live in the URL; by default the ones still held. */
const searchSchema = z.object({
  state: z.catch(z._default(z.enum([...HOLD_STATES, 'all']), 'held'), 'held'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/holds')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.holds(deps)),
  component: HoldsRoute,
});

function HoldsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/holds' });
  return <HoldsPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
