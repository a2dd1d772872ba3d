import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import type { GameRow, ProviderRow } from '../repository';
import type { ProviderWire } from '../tables';
import { evolutionGames, launchEvolution } from './evolution/games-api';
import { evolutionRoutes } from './evolution/routes';
import { hub88Games, launchHub88 } from './hub88/games-api';
import { hub88Routes } from './hub88/routes';
import { hub88Settings } from './hub88/settings';

/*
 * The aggregators' wires (decision 0054), each an adapter over the seamless core: its wallet endpoints, its
 * launch (the game page's address, from the aggregator) and its game list. Beacon's own wire (`beacon`) is
 * the core's, in ../routes.ts and ../lobby.ts.
 */

/** A game as an aggregator's list gives it, before it is a row of `games`. */
export interface ListedGame {
  code: string;
  name: string;
  category: string;
  /** The Beacon channel it goes in, by the provider's settings. */
  channel: string;
}

export interface Wire {
  routes(app: FastifyInstance, ctx: AppContext): Promise<void>;
  launch(
    ctx: AppContext,
    userId: number,
    provider: ProviderRow,
    game: GameRow,
    lang: string,
  ): Promise<string>;
  /** The aggregator's games for this provider, or null when the list could not be read. */
  games(ctx: AppContext, provider: ProviderRow): Promise<ListedGame[] | null>;
}

export const WIRES: Partial<Record<ProviderWire, Wire>> = {
  hub88: {
    routes: hub88Routes,
    launch: launchHub88,
    games: async (ctx, provider) => {
      const settings = hub88Settings(provider.settings);
      return (
        (await hub88Games(ctx, provider))
          ?.filter((g) => g.enabled !== false)
          .map((g) => ({
            code: g.game_code,
            name: g.name,
            category: g.category,
            channel: settings.channels[g.category] ?? settings.defaultChannel,
          })) ?? null
      );
    },
  },
  evolution: { routes: evolutionRoutes, launch: launchEvolution, games: evolutionGames },
};

/** Every aggregator wire's endpoints. */
export async function wireRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const wire of Object.values(WIRES)) await wire.routes(app, ctx);
}
