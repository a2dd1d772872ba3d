import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminQueries } from '../../features/admin/admin.queries';
import { PagesPage } from '../../features/admin/components/pages-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/**
 * The page being edited lives in the URL (an unknown one: "No such page"); anything invalid: the list only.
 * A string, not the contract's slugs: a route's search is in the main bundle, the console's contract is not.
 */
const searchSchema = z.object({
  edit: z.catch(z.optional(z.string().check(z.maxLength(32))), undefined),
});

export const Route = createFileRoute('/admin/pages')({
  validateSearch: searchSchema,
  loader: ({ context }) => prefetchSection(context, adminQueries.pages()),
  component: PagesRoute,
});

function PagesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/pages' });
  return <PagesPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
