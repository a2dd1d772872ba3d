import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminQueries } from '../../features/admin/admin.queries';
import { NoticesPage } from '../../features/admin/components/notices-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The page and the notice being edited live in the URL; anything invalid falls back to the list. */
const searchSchema = z.object({
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
  edit: z.catch(z.optional(z.union([z.literal('new'), z.int().check(z.positive())])), undefined),
});

export const Route = createFileRoute('/admin/notices')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.notices(deps.page)),
  component: NoticesRoute,
});

function NoticesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/notices' });
  return <NoticesPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
