import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminQueries } from '../../features/admin/admin.queries';
import { GamesPage } from '../../features/admin/components/games-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The provider, the search and the page live in the URL; anything invalid falls back to the default. */
const searchSchema = z.object({
  provider: z.catch(z._default(z.string().check(z.maxLength(32)), ''), ''),
  q: z.catch(z._default(z.string().check(z.maxLength(50)), ''), ''),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/games')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.providers(), adminQueries.games(deps)),
  component: GamesRoute,
});

function GamesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/games' });
  return <GamesPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
