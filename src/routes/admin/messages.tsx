import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminQueries } from '../../features/admin/admin.queries';
import { MessagesPage } from '../../features/admin/components/messages-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The page of past sends lives in the URL; anything invalid falls back to the first. */
const searchSchema = z.object({
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/messages')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.messageSends(deps.page)),
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/messages' });
  return <MessagesPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
