import { createPublicKey, verify } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  HUB88_GAME_LIST_PATH,
  HUB88_GAME_URL_PATH,
  HUB88_SIGNATURE_HEADER,
  hub88GameListRequestSchema,
  hub88GameUrlRequestSchema,
} from '#contract/game-hub88';
import { type ModeCommon, modePlay, playRoutes } from '../aggregator-mode';
import { CURRENCY, DEMO_GAMES } from '../catalogue';
import { rawBody, readJson } from '../http';
import type { RoundRunner } from '../seamless-rounds';
import { Hub88Wire } from './wallet-wire';

/*
 * The demo provider as a Hub88-style aggregator (decision 0054), under /hub88: Hub88's Games API (the game
 * list and game/url, each call checked against Beacon's public key as Hub88 checks an operator's), the game
 * page a launch opens, and its rounds sent to Beacon's Hub88 wallet with Hub88's key. Its own database, so
 * its rounds resume after a restart as the Beacon-wire rounds do.
 */

export interface Hub88ModeOptions extends ModeCommon {
  /** Beacon's code of this provider. */
  code: string;
  /** The operator id Hub88 gave Beacon: game/list and game/url must name it. */
  operatorId: number;
  /** Hub88's private key (signs wallet calls) and Beacon's public key (checks Games API calls). */
  privateKey: string;
  beaconPublicKey: string;
}

export interface Hub88Mode {
  rounds: RoundRunner;
}

/** The demo games as this aggregator lists them. */
const HUB88_NAMES: Record<string, string> = { 'lucky-reels': 'Fruit Party 88', 'lucky-dice': 'High Roll 88' };

const error = (reply: FastifyReply, code: number, message: string) =>
  reply.code(code).type('application/json; charset=utf-8').send({ error: message });

export function hub88Mode(app: FastifyInstance, options: Hub88ModeOptions): Hub88Mode {
  const wire = new Hub88Wire({
    platformUrl: options.platformUrl,
    code: options.code,
    privateKey: options.privateKey,
    currency: CURRENCY,
  });
  const play = modePlay(options, wire);

  /** Operators' public keys, as uploaded to Hub88's back office (HubConnect): the configured one, and more. */
  const operatorKeys = [options.beaconPublicKey];

  /** Beacon's call, checked as Hub88 checks an operator's: its signature over the raw body, then its fields. */
  const signed = (request: FastifyRequest): unknown => {
    const signature = request.headers[HUB88_SIGNATURE_HEADER.toLowerCase()];
    if (typeof signature !== 'string') return null;
    const bytes = rawBody(request.body);
    const checks = (key: string) => {
      try {
        return verify('sha256', bytes, key, Buffer.from(signature, 'base64'));
      } catch {
        // A malformed signature or key checks nothing.
        return false;
      }
    };
    return operatorKeys.some(checks) ? readJson(request.body) : null;
  };

  void app.register(
    async (scope) => {
      scope.post(HUB88_GAME_LIST_PATH, async (request, reply) => {
        const body = signed(request);
        if (body === null) return error(reply, 401, 'invalid signature');
        const input = hub88GameListRequestSchema.safeParse(body);
        if (!input.success) return error(reply, 400, 'invalid parameters');
        if (input.data.operator_id !== options.operatorId) return error(reply, 404, 'unknown operator_id');
        return DEMO_GAMES.filter((g) => g.side === 'seamless').map((g) => ({
          game_code: g.code,
          // Named apart from the same games on Beacon's own wire: a player finds each in the lobby by its name.
          name: HUB88_NAMES[g.code] ?? `${g.name} 88`,
          category: 'Video Slots',
          product: 'Beacon Demo',
          enabled: true,
        }));
      });
      scope.post(HUB88_GAME_URL_PATH, async (request, reply) => {
        const body = signed(request);
        if (body === null) return error(reply, 401, 'invalid signature');
        const input = hub88GameUrlRequestSchema.safeParse(body);
        if (!input.success) return error(reply, 400, 'invalid parameters');
        const launch = input.data;
        if (launch.operator_id !== options.operatorId) return error(reply, 404, 'unknown operator_id');
        if (!DEMO_GAMES.some((g) => g.code === launch.game_code && g.side === 'seamless'))
          return error(reply, 404, 'unknown game_code');
        if (launch.currency !== CURRENCY) return error(reply, 403, 'currency not enabled');
        wire.noteLaunch(launch.token, launch.user);
        const url = new URL(`hub88/play/${encodeURIComponent(launch.game_code)}`, `${options.publicUrl()}/`);
        url.searchParams.set('token', launch.token);
        url.searchParams.set('lang', launch.lang);
        return { url: url.toString() };
      });
      // The demo's stand-in for Hub88's back office (HubConnect), where an operator reads Hub88's public key and
      // uploads its own: a real aggregator's is a web page of theirs, not part of its API.
      scope.get('/backoffice/public-key', async () => ({
        publicKey: createPublicKey(options.privateKey).export({ type: 'spki', format: 'pem' }).toString(),
      }));
      scope.post('/backoffice/operator-keys', async (request, reply) => {
        const input = z
          .object({ publicKey: z.string().min(1).max(10_000) })
          .safeParse(readJson(request.body));
        if (!input.success) return error(reply, 400, 'invalid parameters');
        try {
          createPublicKey(input.data.publicKey);
        } catch {
          return error(reply, 400, 'not a public key');
        }
        operatorKeys.push(input.data.publicKey);
        return { keys: operatorKeys.length };
      });
      playRoutes(scope, options, play, '/hub88');
    },
    { prefix: '/hub88' },
  );
  return { rounds: play.rounds };
}
