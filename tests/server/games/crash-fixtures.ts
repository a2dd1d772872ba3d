// What the seamless crash tests share (seamless-crash.test.ts: Beacon's own wire; hub88-crash.test.ts:
// Hub88's): a fixed free port for the platform, the peer's test controls, rounds played while the platform is
// killed and restarted, and the check that every transaction the peer sent was applied exactly once.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { userAccount } from '../../../server/modules/ledger/service';
import { decodeSecretKey, seal } from '../../../server/modules/operators/secret-box';
import { call, demoLogin } from '../processes';

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The peer's test-only controls under `base` (its URL, and /hub88 for its Hub88 mode). */
export const controlsAt =
  (base: () => string) =>
  async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base()}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

export type Controls = ReturnType<typeof controlsAt>;

export interface CrashRound {
  stake: number;
  payout: number;
  bet: { status: string | null } | null;
  win: { status: string | null } | null;
  rollback: { status: string | null } | null;
}

export interface PeerCall {
  transactionId: string;
  action: string;
  attempts: number;
  /** The body as the peer sent it, in its wire's shape. */
  body: unknown;
}

/**
 * The demo player of a platform process with a launched game of `gameName` opened at the peer (its
 * /control/authenticate): their user id, and the peer's session and balance. The launch's `token` is what the
 * platform handed the peer (Beacon's launch token, Hub88's token, Evolution's sid).
 */
export async function demoPlayerAtPeer(
  platform: { url: string },
  db: Db,
  control: Controls,
  gameName: string,
): Promise<{ userId: number; session: string; balance: number }> {
  const token = await demoLogin(platform.url, 'player');
  const user = await call(platform.url, '/user/info', {}, token);
  const row = await db.selectFrom('users').select('id').where('uid', '=', user.uid).executeTakeFirstOrThrow();
  const games = await call(platform.url, '/games/list', {});
  const gameId = games.content.find((g: { name: string }) => g.name === gameName).id as number;
  const launch = await call(platform.url, '/games/launch', { gameId }, token);
  const session = await control<{ session: string; balance: number }>('/control/authenticate', {
    token: new URL(launch.url).searchParams.get('token'),
  });
  return { userId: Number(row.id), ...session };
}

/** A provider's keys as the console stores them, written into a platform process's database: secrets sealed with its key. */
export async function writeProviderKeys(
  db: Db,
  dataDir: string,
  code: string,
  keys: { purpose: 'verify' | 'sign'; value: string; sealed: boolean }[],
): Promise<void> {
  const keyText = await readFile(path.join(dataDir, 'operator-secret.key'), 'utf8');
  const key = decodeSecretKey(keyText.trim());
  if (!key) throw new Error('the platform wrote no operator secret key');
  const now = Date.now();
  await db
    .insertInto('game_provider_keys')
    .values(
      keys.map((k) => ({
        provider_code: code,
        purpose: k.purpose,
        value: k.sealed ? seal(key, k.value, `game_provider_key:${code}:${k.purpose}`) : k.value,
        valid_from: now - 60_000,
        valid_until: null,
        created_at: now,
      })),
    )
    .execute();
}

/** SIGKILLs a platform process and starts it again on its port: answers the new one. */
export async function killAndRestart<P extends { kill(signal: 'SIGKILL'): Promise<void> }>(
  platform: P,
  start: () => Promise<P>,
): Promise<P> {
  await platform.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  return start();
}

/**
 * `rounds` rounds of `stake` played by the peer in `session`; once a few calls are through, `restart` kills the
 * platform and brings it back on its port. Answers the rounds and the peer's calls once all are decided.
 */
export async function playThroughRestart(
  control: Controls,
  plan: { session: string; gameCode: string; stake: number; rounds: number },
  restart: () => Promise<void>,
): Promise<{ rounds: CrashRound[]; calls: PeerCall[] }> {
  const playing = control<{ rounds: CrashRound[] }>('/control/play', plan);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { calls } = await control<{ calls: unknown[] }>('/control/calls');
    if (calls.length >= 6) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await restart();
  const { rounds } = await playing;
  const { calls } = await control<{ calls: PeerCall[] }>('/control/calls');
  return { rounds, calls };
}

/**
 * Every call the peer made has one record on the platform and at most one posting; the player's balance is
 * what the rounds the peer saw through make it; the books are sound.
 */
export async function expectAppliedOnce(
  db: Db,
  providerCode: string,
  played: { rounds: CrashRound[]; calls: PeerCall[] },
  player: { userId: number; before: number },
  /** The id the platform records a call under (a wire may give the core its own: Evolution's cancel). */
  recordId: (call: PeerCall) => string = (c) => c.transactionId,
): Promise<void> {
  const { rounds, calls } = played;
  // The kill happened while calls were in flight: some needed more than one attempt.
  expect(calls.some((c) => c.attempts > 1)).toBe(true);
  // Each round's bet was decided, or given up on and rolled back (a wire that cancels a lost bet at once).
  for (const r of rounds) expect(r.bet?.status ?? r.rollback?.status ?? null).not.toBeNull();
  const moneyCalls = calls.filter((c) => ['bet', 'win', 'rollback'].includes(c.action));
  expect(moneyCalls.length).toBeGreaterThanOrEqual(2 * rounds.length);
  for (const c of moneyCalls) {
    const records = await db
      .selectFrom('game_wallet_calls')
      .select(['action'])
      .where('provider_code', '=', providerCode)
      .where('transaction_ref', '=', recordId(c))
      .execute();
    expect(
      records.map((r) => r.action),
      recordId(c),
    ).toEqual([c.action]);
    const postings = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('external_source', '=', `provider:${providerCode}`)
      .where('external_ref', '=', recordId(c))
      .execute();
    expect(postings.length).toBeLessThanOrEqual(1);
  }
  let expected = player.before;
  for (const r of rounds) {
    const betStood = r.bet?.status === 'OK' && r.rollback?.status !== 'OK';
    if (betStood) expected -= r.stake;
    if (r.win?.status === 'OK') expected += r.payout;
  }
  const main = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', userAccount(player.userId, 'main'))
    .executeTakeFirstOrThrow();
  expect(Number(main.balance)).toBe(expected);
  expect(await auditLedger(db)).toEqual({
    entriesTotal: 0,
    unbalancedTransactions: 0,
    driftedAccounts: 0,
    negativeUserAccounts: 0,
  });
}
