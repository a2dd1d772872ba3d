import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminQueries } from '../../features/admin/admin.queries';
import { SitesPage } from '../../features/admin/components/sites-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The site being edited (its domain) or a new one's form lives in the URL; anything invalid: the list. */
const searchSchema = z.object({
  edit: z.catch(z.optional(z.string().check(z.maxLength(255))), undefined),
  create: z.catch(z.optional(z.boolean()), undefined),
});

export const Route = createFileRoute('/admin/sites')({
  validateSearch: searchSchema,
  loader: ({ context }) => prefetchSection(context, adminQueries.siteSettings()),
  component: SitesRoute,
});

function SitesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/sites' });
  return <SitesPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
