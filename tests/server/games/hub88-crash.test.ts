// Crash test of Hub88's wire (decision 0054): the platform process is SIGKILLed while the demo provider in
// Hub88 mode (its own process) calls it round after round, and restarted on the same port; the peer sends
// every call whose answer it lost again, with the same transaction_uuid and body, as Hub88 does. Afterwards
// each transaction is applied exactly once (one record, at most one posting, by transaction_uuid), the
// balance is what the rounds the peer saw through make it, and the books are sound. SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { userAccount } from '../../../server/modules/ledger/service';
import { decodeSecretKey, seal } from '../../../server/modules/operators/secret-box';
import { call, demoLogin, processEnvForSuite, type ServerProcess, startServerProcess } from '../processes';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';
import { rsaPair } from './hub88-fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const CODE = 'crash-hub88';
const ROUNDS = 24;
const STAKE = 100;
const hub88 = rsaPair();
const beacon = rsaPair();

const proc = processEnvForSuite(async () => ({ PORT: String(await freePort()) }));
let platform: ServerProcess;
let peer: DemoProvider;

beforeAll(async () => {
  platform = await startServerProcess(proc.env);
  peer = await startDemoProvider({
    platformUrl: platform.url,
    seamless: { code: 'crash-unused', secret: `s-${randomUUID()}` },
    transfer: { code: 'crash-unused-t', secret: `t-${randomUUID()}` },
    env: {
      HUB88_CODE: CODE,
      HUB88_OPERATOR_ID: '7',
      HUB88_PRIVATE_KEY: hub88.privateKey,
      HUB88_BEACON_PUBLIC_KEY: beacon.publicKey,
    },
  });
  await configureProvider(proc.db, {
    ...SEAMLESS_SLOTS_GAME,
    code: CODE,
    secret: '',
    baseUrl: `${peer.url}/hub88`,
    gameName: 'Hub Lucky Reels',
  });
  await proc.db
    .updateTable('game_providers')
    .set({ wire: 'hub88', settings: JSON.stringify({ operatorId: 7 }) })
    .where('code', '=', CODE)
    .execute();
  // Beacon's private key sealed with the process's own key, as the console would store it.
  const keyText = await readFile(path.join(proc.env.DATA_DIR ?? '', 'operator-secret.key'), 'utf8');
  const key = decodeSecretKey(keyText.trim());
  if (!key) throw new Error('the platform wrote no operator secret key');
  const now = Date.now();
  await proc.db
    .insertInto('game_provider_keys')
    .values([
      {
        provider_code: CODE,
        purpose: 'verify',
        value: hub88.publicKey,
        valid_from: now - 60_000,
        valid_until: null,
        created_at: now,
      },
      {
        provider_code: CODE,
        purpose: 'sign',
        value: seal(key, beacon.privateKey, `game_provider_key:${CODE}:sign`),
        valid_from: now - 60_000,
        valid_until: null,
        created_at: now,
      },
    ])
    .execute();
}, 90_000);

afterAll(async () => {
  await peer?.cleanup();
  await platform?.kill('SIGTERM');
});

async function control<T>(where: string, body?: unknown): Promise<T> {
  const res = await fetch(`${peer.url}/hub88${where}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${where}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface RoundView {
  stake: number;
  payout: number;
  bet: { status: string | null } | null;
  win: { status: string | null } | null;
  rollback: { status: string | null } | null;
}

describe('the platform killed while Hub88 calls it', () => {
  it('ends with every transaction_uuid applied exactly once', async () => {
    const token = await demoLogin(platform.url, 'player');
    const user = await call(platform.url, '/user/info', {}, token);
    const userRow = await proc.db
      .selectFrom('users')
      .select('id')
      .where('uid', '=', user.uid)
      .executeTakeFirstOrThrow();
    const games = await call(platform.url, '/games/list', {});
    const gameId = games.content.find((g: { name: string }) => g.name === 'Hub Lucky Reels').id as number;
    const launch = await call(platform.url, '/games/launch', { gameId }, token);
    const session = await control<{ session: string; balance: number }>('/control/authenticate', {
      token: new URL(launch.url).searchParams.get('token'),
    });
    const before = session.balance;

    const playing = control<{ rounds: RoundView[] }>('/control/play', {
      session: session.session,
      gameCode: 'lucky-reels',
      stake: STAKE,
      rounds: ROUNDS,
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { calls } = await control<{ calls: unknown[] }>('/control/calls');
      if (calls.length >= 6) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await platform.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    platform = await startServerProcess(proc.env);
    const { rounds } = await playing;

    expect(rounds).toHaveLength(ROUNDS);
    const { calls } = await control<{ calls: { transactionId: string; action: string; attempts: number }[] }>(
      '/control/calls',
    );
    expect(calls.some((c) => c.attempts > 1)).toBe(true);
    for (const r of rounds) expect(r.bet?.status).not.toBeNull();
    const moneyCalls = calls.filter((c) => ['bet', 'win', 'rollback'].includes(c.action));
    expect(moneyCalls.length).toBeGreaterThanOrEqual(2 * ROUNDS);
    for (const c of moneyCalls) {
      const records = await proc.db
        .selectFrom('game_wallet_calls')
        .select(['action'])
        .where('provider_code', '=', CODE)
        .where('transaction_ref', '=', c.transactionId)
        .execute();
      expect(records.map((r) => r.action)).toEqual([c.action]);
      const postings = await proc.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('external_source', '=', `provider:${CODE}`)
        .where('external_ref', '=', c.transactionId)
        .execute();
      expect(postings.length).toBeLessThanOrEqual(1);
    }
    let expected = before;
    for (const r of rounds) {
      const betStood = r.bet?.status === 'OK' && r.rollback?.status !== 'OK';
      if (betStood) expected -= r.stake;
      if (r.win?.status === 'OK') expected += r.payout;
    }
    const main = await proc.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', userAccount(Number(userRow.id), 'main'))
      .executeTakeFirstOrThrow();
    expect(Number(main.balance)).toBe(expected);
    expect(await auditLedger(proc.db)).toEqual({
      entriesTotal: 0,
      unbalancedTransactions: 0,
      driftedAccounts: 0,
      negativeUserAccounts: 0,
    });
  }, 180_000);
});
