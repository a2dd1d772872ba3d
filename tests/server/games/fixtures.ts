import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PROVIDER_HEADER, type WalletAnswer } from '#contract/game-provider';
import type { Db } from '../../../server/db/create-db';
import { upsertGame, upsertProvider } from '../../../server/modules/games/repository';
import { signedHeaders } from '../../../server/modules/games/signing';
import type { TestServer } from '../harness';
import type { WalletUser } from '../wallet/helpers';

/** What a test configures: a provider as data and one of its games (min 1.00, max 1,000.00). */
export interface ProviderSpec {
  code: string;
  secret: string;
  protocol: 'seamless' | 'transfer';
  baseUrl: string;
  channel: string;
  gameCode: string;
  gameName: string;
  category: string;
}

/** Writes a provider and its game into a database (a test server's, or a process's). Answers the game's id. */
export async function configureProvider(db: Db, spec: ProviderSpec): Promise<number> {
  const now = Date.now();
  await upsertProvider(db, {
    code: spec.code,
    name: `Provider ${spec.code}`,
    protocol: spec.protocol,
    base_url: spec.baseUrl,
    secret: spec.secret,
    channel_code: spec.protocol === 'transfer' ? spec.channel : null,
    enabled: 1,
    created_at: now,
  });
  await upsertGame(db, {
    provider_code: spec.code,
    code: spec.gameCode,
    name: spec.gameName,
    search_name: spec.gameName.toLowerCase(),
    channel_code: spec.channel,
    category: spec.category,
    rtp_bp: 9650,
    min_bet: 100,
    max_bet: 100_000,
    sort_order: 0,
    enabled: 1,
    created_at: now,
  });
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('provider_code', '=', spec.code)
    .where('code', '=', spec.gameCode)
    .executeTakeFirstOrThrow();
  return Number(game.id);
}

/** The seamless provider and slots game a test configures unless it says otherwise (its code and secret aside). */
export const SEAMLESS_SLOTS_GAME = {
  protocol: 'seamless',
  baseUrl: 'http://127.0.0.1:9/',
  channel: 'slots',
  gameCode: 'lucky-reels',
  gameName: 'Lucky Reels',
  category: 'reels',
} as const satisfies Omit<ProviderSpec, 'code' | 'secret'>;

/** A provider of a test of its own (a fresh code and secret unless given), with one game. */
export async function addProvider(
  server: TestServer,
  opts: Partial<ProviderSpec> = {},
): Promise<ProviderSpec & { gameId: number }> {
  const spec: ProviderSpec = {
    code: `t-${randomUUID().slice(0, 8)}`,
    secret: `secret-${randomUUID()}`,
    ...SEAMLESS_SLOTS_GAME,
    ...opts,
  };
  return { ...spec, gameId: await configureProvider(server.db, spec) };
}

/** The launch token of a seamless game launched by the app for this user. */
export async function launchToken(server: TestServer, user: WalletUser, gameId: number): Promise<string> {
  const res = await server.post('/games/launch', { gameId }, user.token);
  if (res.status !== 200) throw new Error(`launch: ${res.message}`);
  const token = new URL(res.data.url).searchParams.get('token');
  if (!token) throw new Error('launch: no token in the URL');
  return token;
}

export interface SeamlessResult {
  http: number;
  body: WalletAnswer;
  headers: Headers;
  raw: string;
}

/**
 * A provider's signed call to Beacon's seamless wallet, signed now (wall clock) unless told otherwise: to a
 * test server, or to any server by its URL (a server process, the benchmark's).
 */
export async function seamlessCall(
  server: Pick<TestServer, 'url'>,
  provider: { code: string; secret: string },
  action: 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback',
  body: unknown,
  opts: { headers?: Record<string, string>; rawBody?: string; signAt?: number } = {},
): Promise<SeamlessResult> {
  const raw = opts.rawBody ?? JSON.stringify(body);
  const res = await fetch(`${server.url}/api/games/seamless/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PROVIDER_HEADER]: provider.code,
      ...signedHeaders(provider.secret, raw, opts.signAt ?? Date.now()),
      ...opts.headers,
    },
    body: raw,
  });
  const text = await res.text();
  return { http: res.status, body: JSON.parse(text) as WalletAnswer, headers: res.headers, raw: text };
}

/** A session of a freshly launched game: what a provider holds after `authenticate`. */
export async function openSession(
  server: TestServer,
  provider: { code: string; secret: string; gameId: number },
  user: WalletUser,
): Promise<{ sessionToken: string; playerId: string; balance: number }> {
  const token = await launchToken(server, user, provider.gameId);
  const res = await seamlessCall(server, provider, 'authenticate', { token });
  if (res.body.status !== 'OK' || !res.body.sessionToken || !res.body.playerId)
    throw new Error(`authenticate: ${res.raw}`);
  return {
    sessionToken: res.body.sessionToken,
    playerId: res.body.playerId,
    balance: res.body.balance ?? -1,
  };
}

export const txId = (prefix: string): string => `${prefix}-${randomUUID()}`;

/**
 * A seamless bet of `bet` minor units opening a new round in the session, which the wallet must take.
 * Answers the round's reference, and how to close the round with a win (which it must take too).
 */
export async function placeSeamlessBet(
  server: Pick<TestServer, 'url'>,
  provider: { code: string; secret: string; gameCode: string },
  session: { sessionToken: string; playerId: string },
  bet: number,
): Promise<{ roundId: string; closeWithWin(win: number): Promise<void> }> {
  const base = {
    sessionToken: session.sessionToken,
    playerId: session.playerId,
    roundId: txId('round'),
    gameCode: provider.gameCode,
  };
  const placed = await seamlessCall(server, provider, 'bet', {
    ...base,
    transactionId: txId('bet'),
    amount: bet,
  });
  expect(placed.body.status, placed.raw).toBe('OK');
  return {
    roundId: base.roundId,
    async closeWithWin(win: number) {
      const paid = await seamlessCall(server, provider, 'win', {
        ...base,
        transactionId: txId('win'),
        amount: win,
        roundClosed: true,
      });
      expect(paid.body.status, paid.raw).toBe('OK');
    },
  };
}

/** A seamless round played to its end in the session: a bet, then a win closing it. Answers the round's reference. */
export async function playSeamlessRound(
  server: Pick<TestServer, 'url'>,
  provider: { code: string; secret: string; gameCode: string },
  session: { sessionToken: string; playerId: string },
  bet: number,
  win: number,
): Promise<string> {
  const placed = await placeSeamlessBet(server, provider, session, bet);
  await placed.closeWithWin(win);
  return placed.roundId;
}
