import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '#contract/game-provider';
import { channelAccount, userAccount } from '../../../server/modules/ledger/service';
import type { ApiResult, TestServer } from '../harness';
import { serverForSuite } from '../harness';
import { balanceOf } from '../ledger/fixtures';
import { money, newKey, type WalletUser } from '../wallet/helpers';
import { configureProvider } from './fixtures';
import { startDemoProvider } from './provider-process';

/** The channel the test's transfer provider's wallet is (no other transfer provider uses it in a test db). */
export const TRANSFER_CHANNEL = 'live-casino';
export const TRANSFER_GAME = 'table-dice';

export type DemoProvider = Awaited<ReturnType<typeof startDemoProvider>>;

/** `serverForSuite` whose provider calls give up after 2 s (a dropped answer is found out quickly). */
export const transferServerForSuite = (env: Record<string, string> = {}): TestServer =>
  serverForSuite({ env: { PROVIDER_TIMEOUT_MS: '2000', ...env } });

export interface TransferProvider {
  code: string;
  secret: string;
  channel: string;
  demo: DemoProvider;
}

/** The real demo provider as a process, configured in Beacon as a transfer provider (base URL overridable). */
export async function addDemoTransferProvider(
  server: TestServer,
  opts: { baseUrl?: (demoUrl: string) => string; channel?: string } = {},
): Promise<TransferProvider> {
  const code = `tt-${randomUUID().slice(0, 8)}`;
  const secret = `transfer-secret-${randomUUID()}`;
  const demo = await startDemoProvider({
    platformUrl: server.url,
    seamless: { code: `ts-${randomUUID().slice(0, 8)}`, secret: `seamless-secret-${randomUUID()}` },
    transfer: { code, secret },
  });
  const channel = opts.channel ?? TRANSFER_CHANNEL;
  await configureProvider(server.db, {
    code,
    secret,
    protocol: 'transfer',
    baseUrl: opts.baseUrl ? opts.baseUrl(demo.url) : demo.url,
    channel,
    gameCode: TRANSFER_GAME,
    gameName: 'Table Dice',
    category: 'dice',
  });
  return { code, secret, channel, demo };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
async function control<T = any>(demo: DemoProvider, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${demo.url}/control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`control/${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The player's wallet at the provider, in minor units. */
export const providerWallet = async (demo: DemoProvider, userId: number): Promise<number> =>
  (await control<{ balance: number }>(demo, `wallet/${userId}`)).balance;

export const injectFaults = (
  demo: DemoProvider,
  faults: { kind: 'drop-answer' | 'refuse-before-apply'; action: 'deposit' | 'withdraw' }[],
) => control(demo, 'faults', { faults });

export const recordsRequests = async (demo: DemoProvider) =>
  (await control<{ requests: { cursor: string; limit: number }[] }>(demo, 'records-requests')).requests;

export interface PlayedRound {
  status: string;
  bet: number;
  win: number;
  recordId: string | null;
  roundId: string | null;
}

/** Rounds of the transfer game on the provider's own wallet (at most 200 a call). */
export const playAtProvider = async (
  demo: DemoProvider,
  userId: number,
  stake: number,
  rounds: number,
  choice?: number,
): Promise<PlayedRound[]> =>
  (
    await control<{ rounds: PlayedRound[] }>(demo, 'transfer-play', {
      playerId: String(userId),
      gameCode: TRANSFER_GAME,
      stake,
      rounds,
      ...(choice === undefined ? {} : { choice }),
    })
  ).rounds;

/** POST /games/transfer with an Idempotency-Key (a fresh one unless given). */
export const channelTransfer = (
  server: TestServer,
  user: WalletUser,
  channel: string,
  direction: 'in' | 'out',
  amount: number,
  key: string = newKey(),
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
): Promise<ApiResult<any>> =>
  money(server, '/games/transfer', { channel, direction, amount }, user.token, key);

/** The player's main and channel accounts in Beacon's ledger, minor units. */
export async function ledgerBalances(
  server: TestServer,
  userId: number,
  channel = TRANSFER_CHANNEL,
): Promise<{ main: number; channel: number }> {
  return {
    main: await balanceOf(server.db, userAccount(userId, 'main')),
    channel: await balanceOf(server.db, channelAccount(userId, channel)),
  };
}

export async function transferRows(server: TestServer, userId: number) {
  const rows = await server.db
    .selectFrom('game_transfers')
    .select(['direction', 'amount', 'state', 'ref'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Money is where it should be: Beacon's channel account and the provider's wallet agree. */
export async function expectChannelMatchesProvider(
  server: TestServer,
  provider: TransferProvider,
  userId: number,
) {
  expect((await ledgerBalances(server, userId, provider.channel)).channel).toBe(
    await providerWallet(provider.demo, userId),
  );
}

export interface SigningProxy {
  url: string;
  /** The next `n` answers reach Beacon with a signature that does not check (the call itself goes through). */
  corruptNext(n: number): void;
  close(): Promise<void>;
}

/** A hop in front of the demo provider that can spoil the signature of its answers. */
export async function signingProxy(target: () => string): Promise<SigningProxy> {
  let corrupt = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const upstream = await fetch(`${target()}${req.url}`, {
          method: req.method,
          headers: {
            'content-type': 'application/json',
            [TIMESTAMP_HEADER]: String(req.headers[TIMESTAMP_HEADER.toLowerCase()] ?? ''),
            [SIGNATURE_HEADER]: String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? ''),
          },
          body: Buffer.concat(chunks),
        });
        const text = await upstream.text();
        const signature = upstream.headers.get(SIGNATURE_HEADER) ?? '';
        const spoil = corrupt > 0;
        if (spoil) corrupt--;
        res.writeHead(upstream.status, {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: upstream.headers.get(TIMESTAMP_HEADER) ?? '',
          [SIGNATURE_HEADER]: spoil
            ? `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`
            : signature,
        });
        res.end(text);
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy: no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    corruptNext(n) {
      corrupt = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
