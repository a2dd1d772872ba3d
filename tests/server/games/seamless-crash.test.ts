// Crash test (issue 13): the platform process is SIGKILLed while the demo provider (its own process) is
// calling it round after round, and restarted on the same port; the provider retries every call whose
// answer it lost, with the same transaction id and body. Afterwards each of the provider's transactions is
// applied exactly once: one ledger transaction per transaction id, the player's balance what the rounds
// the provider saw through make it, and the books sound. Runs on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { userAccount } from '../../../server/modules/ledger/service';
import { call, demoLogin, processEnvForSuite, type ServerProcess, startServerProcess } from '../processes';
import { configureProvider, SEAMLESS_SLOTS_GAME } from './fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const SEAMLESS = { code: 'crash-seamless', secret: `s-${randomUUID()}` };
const TRANSFER = { code: 'crash-transfer', secret: `t-${randomUUID()}` };
const ROUNDS = 24;
const STAKE = 100;

// A fixed port: the restarted platform is where the provider keeps calling.
const proc = processEnvForSuite(async () => ({ PORT: String(await freePort()) }));
let platform: ServerProcess;
let provider: DemoProvider;

beforeAll(async () => {
  platform = await startServerProcess(proc.env);
  // A short bet retry window would roll bets back; the provider keeps retrying through the restart.
  provider = await startDemoProvider({ platformUrl: platform.url, seamless: SEAMLESS, transfer: TRANSFER });
  await configureProvider(proc.db, { ...SEAMLESS, ...SEAMLESS_SLOTS_GAME, baseUrl: provider.url });
}, 90_000);

afterAll(async () => {
  await provider?.cleanup();
  await platform?.kill('SIGTERM');
});

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${provider.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface CallView {
  transactionId: string;
  status: string | null;
}
interface RoundView {
  roundId: string;
  stake: number;
  payout: number;
  bet: CallView | null;
  win: CallView | null;
  rollback: CallView | null;
}

describe('the platform killed while the provider calls it', () => {
  it('ends with every provider transaction applied exactly once', async () => {
    const token = await demoLogin(platform.url, 'player');
    const user = await call(platform.url, '/user/info', {}, token);
    const userRow = await proc.db
      .selectFrom('users')
      .select('id')
      .where('uid', '=', user.uid)
      .executeTakeFirstOrThrow();
    const userId = Number(userRow.id);
    const games = await call(platform.url, '/games/list', {});
    const gameId = games.content.find((g: { name: string }) => g.name === 'Lucky Reels').id as number;
    const launch = await call(platform.url, '/games/launch', { gameId }, token);
    const launchToken = new URL(launch.url).searchParams.get('token');
    const session = await control<{ session: string; balance: number }>('/control/authenticate', {
      token: launchToken,
    });
    const before = session.balance;

    const playing = control<{ rounds: RoundView[] }>('/control/play', {
      session: session.session,
      gameCode: 'lucky-reels',
      stake: STAKE,
      rounds: ROUNDS,
    });
    // Let some rounds through, then kill the platform mid-stream and bring it back on the same port.
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
    // The kill happened while calls were in flight: some needed more than one attempt.
    expect(calls.some((c) => c.attempts > 1)).toBe(true);
    // Every round ended in a definitive answer once the platform was back.
    for (const r of rounds) expect(r.bet?.status).not.toBeNull();
    // Every call the provider made has exactly one record and at most one ledger transaction on the platform.
    const moneyCalls = calls.filter((c) => ['bet', 'win', 'rollback'].includes(c.action));
    expect(moneyCalls.length).toBeGreaterThanOrEqual(2 * ROUNDS);
    for (const c of moneyCalls) {
      const records = await proc.db
        .selectFrom('game_wallet_calls')
        .select(['action'])
        .where('provider_code', '=', SEAMLESS.code)
        .where('transaction_ref', '=', c.transactionId)
        .execute();
      expect(records.map((r) => r.action)).toEqual([c.action]);
      const postings = await proc.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('external_source', '=', `provider:${SEAMLESS.code}`)
        .where('external_ref', '=', c.transactionId)
        .execute();
      expect(postings.length).toBeLessThanOrEqual(1);
    }
    // The balance is exactly what the rounds make it: stakes of bets that stood, plus their wins.
    let expected = before;
    for (const r of rounds) {
      const betStood = r.bet?.status === 'OK' && r.rollback?.status !== 'OK';
      if (betStood) expected -= r.stake;
      if (r.win?.status === 'OK') expected += r.payout;
    }
    const main = await proc.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', userAccount(userId, 'main'))
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
