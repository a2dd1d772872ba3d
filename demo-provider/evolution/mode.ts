import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { evolutionLaunchRequestSchema } from '#contract/game-evolution';
import { type ModeCommon, modePlay, playRoutes } from '../aggregator-mode';
import { CURRENCY, DEMO_GAMES } from '../catalogue';
import { readJson } from '../http';
import type { RoundRunner } from '../seamless-rounds';
import { EvolutionWire } from './wallet-wire';

/*
 * The demo provider as an Evolution-style live casino (decision 0054), under /evolution: User Authentication
 * (the licensee hands a player's sid over with its casino key and API token, and is given the game's entry),
 * the lobby state (its tables), the game page an entry opens, and its rounds sent to Beacon's One Wallet with
 * the authToken. Its own database, so its rounds resume after a restart as the Beacon-wire rounds do.
 */

export interface EvolutionModeOptions extends ModeCommon {
  /** Beacon's code of this provider. */
  code: string;
  /** What Evolution gave the licensee: its casino key and API token (User Authentication, the lobby). */
  casinoKey: string;
  apiToken: string;
  /** The token Evolution sends with every wallet call. */
  authToken: string;
}

export interface EvolutionMode {
  rounds: RoundRunner;
}

/** The demo games as this live casino lists its tables. */
const TABLES: Record<string, string> = { 'lucky-reels': 'Golden Spins Live', 'lucky-dice': 'Dice Live' };

const error = (reply: FastifyReply, code: number, message: string) =>
  reply
    .code(code)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ code: message }] });

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export function evolutionMode(app: FastifyInstance, options: EvolutionModeOptions): EvolutionMode {
  const wire = new EvolutionWire({
    platformUrl: options.platformUrl,
    code: options.code,
    authToken: options.authToken,
    currency: CURRENCY,
  });
  const play = modePlay(options, wire);
  const tables = DEMO_GAMES.filter((g) => g.side === 'seamless');

  void app.register(
    async (scope) => {
      scope.post<{ Params: { casinoKey: string; apiToken: string } }>(
        '/ua/v1/:casinoKey/:apiToken',
        async (request, reply) => {
          if (
            !same(request.params.casinoKey, options.casinoKey) ||
            !same(request.params.apiToken, options.apiToken)
          )
            return error(reply, 401, 'G.1');
          const input = evolutionLaunchRequestSchema.safeParse(readJson(request.body));
          if (!input.success) return error(reply, 400, 'G.0');
          const { player, config } = input.data;
          if (player.currency !== CURRENCY) return error(reply, 400, 'G.5');
          const table = tables.find((g) => g.code === config.game.table.id);
          if (!table) return error(reply, 404, 'G.3');
          wire.noteLaunch(player.session.id, player.id);
          const entry = new URLSearchParams({ token: player.session.id, lang: player.language });
          return { entry: `/evolution/play/${encodeURIComponent(table.code)}?${entry}` };
        },
      );
      scope.get<{ Params: { casinoKey: string } }>(
        '/api/lobby/v1/:casinoKey/state',
        async (request, reply) => {
          const expected = `Basic ${Buffer.from(`${options.casinoKey}:${options.apiToken}`).toString('base64')}`;
          if (
            !same(request.headers.authorization ?? '', expected) ||
            request.params.casinoKey !== options.casinoKey
          )
            return error(reply, 401, 'unauthorized');
          return {
            tables: Object.fromEntries(
              tables.map((g) => [
                g.code,
                { name: TABLES[g.code] ?? `${g.name} Live`, gameType: 'slots', open: true },
              ]),
            ),
          };
        },
      );
      // The demo's stand-in for Evolution's back office, where a licensee reads its casino key and API token: a
      // real one is a page of theirs behind their sign-in, not part of its API.
      scope.get('/backoffice/credentials', async () => ({
        casinoKey: options.casinoKey,
        apiToken: options.apiToken,
      }));
      playRoutes(scope, options, play, '/evolution');
    },
    { prefix: '/evolution' },
  );
  return { rounds: play.rounds };
}
