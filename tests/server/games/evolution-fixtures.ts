// Evolution as the tests play it (decision 0054): a provider of the evolution wire with its two tokens (the
// authToken Evolution sends, the API token Beacon launches with), Evolution's side of the wallet (its calls
// with the authToken in the query), and its User Authentication and lobby on a local port, which check the
// casino key and API token and hand back the sid Beacon opened.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EVOLUTION_AUTH_PARAM,
  EVOLUTION_CALLS,
  type EvolutionAnswer,
  type EvolutionMethod,
  evolutionLaunchPath,
  evolutionLobbyPath,
} from '#contract/game-evolution';
import { addKey } from '../../../server/modules/games/provider-keys';
import type { TestServer } from '../harness';
import type { WalletUser } from '../wallet/helpers';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';

const CASINO_KEY = 'testcasino';

/** Evolution's User Authentication and lobby state, on a port of their own. */
export interface EvolutionApi {
  url: string;
  apiToken: string;
  /** The bodies Beacon sent to User Authentication, newest last. */
  launches: Record<string, unknown>[];
  refused: number;
  tables: Record<string, { name: string; gameType: string; open?: boolean }>;
  close(): Promise<void>;
}

export async function startEvolutionApi(apiToken = `api-${randomUUID()}`): Promise<EvolutionApi> {
  const api: EvolutionApi = {
    url: '',
    apiToken,
    launches: [],
    refused: 0,
    tables: { 'evo-table': { name: 'Evo Table', gameType: 'roulette', open: true } },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === evolutionLaunchPath(CASINO_KEY, api.apiToken)) {
        const launch = JSON.parse(body) as { player: { session: { id: string } } };
        api.launches.push(launch);
        return res.end(JSON.stringify({ entry: `/entry?token=${launch.player.session.id}` }));
      }
      const basic = `Basic ${Buffer.from(`${CASINO_KEY}:${api.apiToken}`).toString('base64')}`;
      if (
        req.method === 'GET' &&
        req.url === evolutionLobbyPath(CASINO_KEY) &&
        req.headers.authorization === basic
      )
        return res.end(JSON.stringify({ tables: api.tables }));
      api.refused++;
      res.statusCode = 401;
      res.end(JSON.stringify({ errors: [{ code: 'G.1' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

export interface EvolutionProvider {
  code: string;
  gameCode: string;
  gameId: number;
  authToken: string;
}

export const evolutionToken = () => randomBytes(24).toString('base64url');

/** A provider of the evolution wire: the authToken checks its calls, the API token launches its games. */
export async function addEvolutionProvider(
  server: TestServer,
  opts: { baseUrl: string; apiToken: string; code?: string; authToken?: string; gameCode?: string },
): Promise<EvolutionProvider> {
  const code = opts.code ?? `evo-${randomUUID().slice(0, 8)}`;
  const gameCode = opts.gameCode ?? 'evo-table';
  const gameId = await configureProvider(server.db, {
    ...SEAMLESS_SLOTS_GAME,
    code,
    secret: '',
    baseUrl: opts.baseUrl,
    gameCode,
    gameName: 'Evo Table',
  });
  await server.db
    .updateTable('game_providers')
    .set({ wire: 'evolution', settings: JSON.stringify({ casinoKey: CASINO_KEY }) })
    .where('code', '=', code)
    .execute();
  const authToken = opts.authToken ?? evolutionToken();
  const ctx = server.app.ctx;
  const now = Date.now();
  const key = { providerCode: code, validFrom: now - 60_000, now, secret: true };
  await addKey(ctx, ctx.db, { ...key, purpose: 'verify', value: authToken });
  await addKey(ctx, ctx.db, { ...key, purpose: 'sign', value: opts.apiToken });
  return { code, gameCode, gameId, authToken };
}

export interface EvolutionResult {
  body: EvolutionAnswer;
  http: number;
}

/** Evolution's wallet call (with the provider's authToken unless told otherwise). */
export async function evolutionCall(
  server: Pick<TestServer, 'url'>,
  provider: { code: string; authToken: string },
  method: EvolutionMethod,
  body: object,
  opts: { authToken?: string | null; rawBody?: string } = {},
): Promise<EvolutionResult> {
  const path = EVOLUTION_CALLS[method].path.replace(':provider', provider.code);
  const url = new URL(`${server.url}/api${path}`);
  const token = opts.authToken === undefined ? provider.authToken : opts.authToken;
  if (token !== null) url.searchParams.set(EVOLUTION_AUTH_PARAM, token);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: opts.rawBody ?? JSON.stringify({ uuid: randomUUID(), ...body }),
  });
  return { http: res.status, body: (await res.json()) as EvolutionAnswer };
}

/** The sid of an Evolution game launched by the app for this user (what Evolution got in User Authentication). */
export async function launchEvolution(
  server: TestServer,
  api: EvolutionApi,
  user: WalletUser,
  gameId: number,
): Promise<{ sid: string; userId: string }> {
  const res = await server.post('/games/launch', { gameId }, user.token);
  if (res.status !== 200) throw new Error(`launch: ${res.message}`);
  const sid = new URL(res.data.url).searchParams.get('token');
  const sent = api.launches.at(-1) as { player: { id: string; session: { id: string } } } | undefined;
  if (!sid || !sent || sent.player.session.id !== sid)
    throw new Error('launch: the sid is not the one Evolution got');
  return { sid, userId: sent.player.id };
}
