import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { LobbyPage } from '../../../features/games/components/lobby-page';
import { gamesQueries } from '../../../features/games/games.queries';
import type { LobbyFilters } from '../../../features/games/games-values';
import { RealityCheck } from '../../../features/protection/components/reality-check';
import { walletQueries } from '../../../features/wallet/wallet.queries';

const text = (max: number) =>
  z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(max))), undefined);

/** The lobby's channel, category and search live in the URL (when set), so back and reload keep them. */
const searchSchema = z.object({ channel: text(32), category: text(32), search: text(100) });

const lobbyFilters = (search: z.output<typeof searchSchema>): LobbyFilters => ({
  channel: search.channel ?? '',
  category: search.category ?? '',
  search: search.search ?? '',
});

export const Route = createFileRoute('/_authed/(games)/games')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => lobbyFilters(search),
  loader: ({ context, deps }) =>
    prefetch(
      context,
      gamesQueries.lobby(currentLocale()),
      gamesQueries.list(deps),
      walletQueries.secondary(),
    ),
  component: LobbyRoute,
});

function LobbyRoute() {
  const filters = lobbyFilters(Route.useSearch());
  const navigate = useNavigate({ from: '/games' });
  // The main balance, which seamless games play with; the wallet refreshes it when a game closes.
  const balance = useQuery(walletQueries.secondary()).data?.totalCoin;
  const onFilters = (next: LobbyFilters) =>
    void navigate({
      // Empty filters stay out of the URL.
      search: {
        channel: next.channel || undefined,
        category: next.category || undefined,
        search: next.search || undefined,
      },
      replace: true,
    });
  return (
    <LobbyPage
      filters={filters}
      onFilters={onFilters}
      balance={balance}
      // The reality check (player protection) over the game in play; "leave" closes the game.
      gameOverlay={(leave) => <RealityCheck onLeave={leave} />}
    />
  );
}
