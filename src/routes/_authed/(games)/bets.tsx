import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { daySchema } from '#contract/day';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { BetsPage } from '../../../features/games/components/bets-page';
import { gamesQueries } from '../../../features/games/games.queries';
import { type BetsSearch, roundFilters } from '../../../features/games/games-values';

/** The filters live in the URL, so back and reload keep them; a wrong one is dropped, not an error. */
const searchSchema = z.object({
  channel: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(32))), undefined),
  from: z.catch(z.optional(daySchema), undefined),
  to: z.catch(z.optional(daySchema), undefined),
});

export const Route = createFileRoute('/_authed/(games)/bets')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetch(
      context,
      gamesQueries.lobby(currentLocale()),
      gamesQueries.rounds(roundFilters(deps), currentLocale()),
    ),
  component: BetsRoute,
});

function BetsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/bets' });
  const onSearch = (next: BetsSearch) =>
    void navigate({ search: { channel: next.channel, from: next.from, to: next.to }, replace: true });
  return <BetsPage search={search} onSearch={onSearch} />;
}
