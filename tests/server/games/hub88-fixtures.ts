// Hub88 as the tests play it (decision 0054): its key pair and Beacon's, a provider of the hub88 wire with
// them, and Hub88's side of the wire: its wallet calls signed with its private key, and a Games API (game/url,
// game/list) on a local port that checks Beacon's signature and hands back the session token Beacon opened.
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  HUB88_CALLS,
  HUB88_GAME_LIST_PATH,
  HUB88_GAME_URL_PATH,
  HUB88_SIGNATURE_HEADER,
  type Hub88Action,
  type Hub88Answer,
} from '#contract/game-hub88';
import { addKey } from '../../../server/modules/games/provider-keys';
import type { TestServer } from '../harness';
import type { WalletUser } from '../wallet/helpers';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

export const rsaPair = (): KeyPair =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const hub88Sign = (privateKey: string, body: string): string =>
  sign('sha256', Buffer.from(body), privateKey).toString('base64');

/** Hub88's side of a launch and of the game list, on a port of its own. */
export interface GamesApi {
  url: string;
  /** The key Beacon's calls are checked with (a test changes it when Beacon's key rotates). */
  beaconPublicKey: string;
  /** The bodies Beacon sent to game/url, newest last. */
  launches: Record<string, unknown>[];
  /** Calls refused for their signature. */
  refused: number;
  games: { game_code: string; name: string; category: string; enabled?: boolean }[];
  close(): Promise<void>;
}

export async function startGamesApi(beaconPublicKey: string): Promise<GamesApi> {
  const api: GamesApi = {
    url: '',
    beaconPublicKey,
    launches: [],
    refused: 0,
    games: [{ game_code: 'hub-reels', name: 'Hub Reels', category: 'Video Slots' }],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const signature = String(req.headers[HUB88_SIGNATURE_HEADER.toLowerCase()] ?? '');
      const signed = verify(
        'sha256',
        Buffer.from(body),
        api.beaconPublicKey,
        Buffer.from(signature, 'base64'),
      );
      res.setHeader('content-type', 'application/json');
      if (!signed) {
        api.refused++;
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: 'invalid signature' }));
      }
      if (req.url === HUB88_GAME_URL_PATH) {
        const launch = JSON.parse(body) as Record<string, unknown>;
        api.launches.push(launch);
        return res.end(JSON.stringify({ url: `${api.url}/play/${launch.game_code}?token=${launch.token}` }));
      }
      if (req.url === HUB88_GAME_LIST_PATH) return res.end(JSON.stringify(api.games));
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

export interface Hub88Provider {
  code: string;
  gameCode: string;
  gameId: number;
  hub88: KeyPair;
  beacon: KeyPair;
}

/** A provider of the hub88 wire with Hub88's public key to check its calls and Beacon's private key to sign. */
export async function addHub88Provider(
  server: TestServer,
  opts: {
    baseUrl: string;
    code?: string;
    hub88?: KeyPair;
    beacon?: KeyPair;
    settings?: object;
    gameCode?: string;
  },
): Promise<Hub88Provider> {
  const code = opts.code ?? `h88-${randomUUID().slice(0, 8)}`;
  const gameCode = opts.gameCode ?? 'hub-reels';
  const gameId = await configureProvider(server.db, {
    ...SEAMLESS_SLOTS_GAME,
    code,
    secret: '',
    baseUrl: opts.baseUrl,
    gameCode,
    gameName: 'Hub Reels',
  });
  await server.db
    .updateTable('game_providers')
    .set({ wire: 'hub88', settings: JSON.stringify(opts.settings ?? { operatorId: 7 }) })
    .where('code', '=', code)
    .execute();
  const hub88 = opts.hub88 ?? rsaPair();
  const beacon = opts.beacon ?? rsaPair();
  const ctx = server.app.ctx;
  const now = Date.now();
  const key = { providerCode: code, validFrom: now - 60_000, now };
  await addKey(ctx, ctx.db, { ...key, purpose: 'verify', value: hub88.publicKey, secret: false });
  await addKey(ctx, ctx.db, { ...key, purpose: 'sign', value: beacon.privateKey, secret: true });
  return { code, gameCode, gameId, hub88, beacon };
}

export interface Hub88Result {
  body: Hub88Answer;
  http: number;
  raw: string;
}

/** Hub88's signed wallet call (signed with Hub88's key unless told otherwise). */
export async function hub88Call(
  server: Pick<TestServer, 'url'>,
  provider: { code: string; hub88: KeyPair },
  action: Hub88Action,
  body: object,
  opts: { signWith?: string; signature?: string | null; rawBody?: string } = {},
): Promise<Hub88Result> {
  const raw = opts.rawBody ?? JSON.stringify({ request_uuid: randomUUID(), ...body });
  const path = HUB88_CALLS[action].path.replace(':provider', provider.code);
  const signature =
    opts.signature === undefined
      ? hub88Sign(opts.signWith ?? provider.hub88.privateKey, raw)
      : opts.signature;
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [HUB88_SIGNATURE_HEADER]: signature }),
    },
    body: raw,
  });
  const text = await res.text();
  return { http: res.status, body: JSON.parse(text) as Hub88Answer, raw: text };
}

/** The session token of a Hub88 game launched by the app for this user (what Hub88 got in game/url). */
export async function launchHub88(
  server: TestServer,
  api: GamesApi,
  user: WalletUser,
  gameId: number,
): Promise<{ token: string; user: string }> {
  const res = await server.post('/games/launch', { gameId }, user.token);
  if (res.status !== 200) throw new Error(`launch: ${res.message}`);
  const token = new URL(res.data.url).searchParams.get('token');
  const sent = api.launches.at(-1);
  if (!token || !sent || sent.token !== token) throw new Error('launch: the token is not the one Hub88 got');
  return { token, user: String(sent.user) };
}

/** Hub88 units: 1/100,000 of the currency unit (Beacon's cents times 1,000). */
export const units = (cents: number): number => cents * 1000;
