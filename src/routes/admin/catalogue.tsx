import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { CATALOGUE_KINDS } from '#contract/catalogue';
import { adminQueries } from '../../features/admin/admin.queries';
import { CatalogueItemsPage } from '../../features/admin/components/catalogue-items-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The catalogue, the search, the page and the item being edited live in the URL. */
const searchSchema = z.object({
  kind: z.catch(z._default(z.enum(CATALOGUE_KINDS), 'wx'), 'wx'),
  q: z.catch(z._default(z.string().check(z.maxLength(100)), ''), ''),
  review: z.catch(z._default(z.boolean(), false), false),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
  edit: z.catch(z.optional(z.union([z.literal('new'), z.int().check(z.positive())])), undefined),
});

export const Route = createFileRoute('/admin/catalogue')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { edit: _, ...listed } }) => listed,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.catalogue(deps)),
  component: CatalogueRoute,
});

function CatalogueRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/catalogue' });
  return <CatalogueItemsPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
