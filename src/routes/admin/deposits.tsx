import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { DEPOSIT_STATES, MONEY_LIST_SORTS } from '#contract/console-states';
import { adminQueries } from '../../features/admin/admin.queries';
import { DepositsPage } from '../../features/admin/components/deposits-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The filters live in the URL, so back and reload keep them; anything invalid falls back to the default. */
const searchSchema = z.object({
  state: z.catch(z._default(z.enum([...DEPOSIT_STATES, 'all']), 'all'), 'all'),
  q: z.catch(z._default(z.string().check(z.maxLength(40), z.regex(/^[0-9A-Z]*$/)), ''), ''),
  sort: z.catch(z._default(z.enum(MONEY_LIST_SORTS), 'newest'), 'newest'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/deposits')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.deposits(deps)),
  component: DepositsRoute,
});

function DepositsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/deposits' });
  return <DepositsPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
