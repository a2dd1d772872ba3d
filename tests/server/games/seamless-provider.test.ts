// The seamless wallet spoken by the real demo provider (its own process) over HTTP, on SQLite and
// PostgreSQL: full rounds, a replayed call, a rollback sent before its bet, a win after the session
// expired, a bet the player cannot cover, and a provider signing with the wrong secret. The protocol's
// finer rules (stale timestamps, different-body duplicates, ...) are in seamless.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { waitFor } from '../processes';
import { deposit, expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import { addProvider, launchToken } from './fixtures';
import type { RoundView } from './peer-fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

interface Setup {
  server: TestServer;
  provider: DemoProvider;
  seamless: { code: string; secret: string };
  gameId: number;
}

async function setUp(env: Record<string, string> = {}, providerSecret?: string): Promise<Setup> {
  const server = await startServer({ env });
  await seedSites(server);
  const seamless = { code: `sp-${randomUUID().slice(0, 8)}`, secret: `s-${randomUUID()}` };
  const provider = await startDemoProvider({
    platformUrl: server.url,
    seamless: { code: seamless.code, secret: providerSecret ?? seamless.secret },
    transfer: { code: 'unused', secret: `t-${randomUUID()}` },
    // Bets without an answer are rolled back after this, so a test never waits minutes.
    env: { BET_RETRY_MS: '5000' },
  });
  const { gameId } = await addProvider(server, { ...seamless, baseUrl: provider.url });
  return { server, provider, seamless, gameId };
}

/**
 * A set-up made before the describe block's tests and cleaned up after them; the handle forwards to it, so it
 * serves inside the tests.
 */
function setUpForSuite(env: Record<string, string> = {}, providerSecret?: string): Setup {
  let made: Setup | undefined;
  const current = (): Setup => {
    if (!made) throw new Error('the set-up is made in beforeAll: use it in a test');
    return made;
  };
  // The demo provider is a process of its own: starting it takes longer than the default hook timeout.
  beforeAll(async () => {
    made = await setUp(env, providerSecret);
  }, 60_000);
  afterAll(async () => {
    await made?.provider.cleanup();
    await made?.server.close();
  });
  return {
    get server() {
      return current().server;
    },
    get provider() {
      return current().provider;
    },
    get seamless() {
      return current().seamless;
    },
    get gameId() {
      return current().gameId;
    },
  };
}

async function control<T>(s: Setup, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${s.provider.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

/** A player with 100.00 whose launched game the provider authenticated: its session id there. */
async function playerAt(s: Setup): Promise<{ user: WalletUser; session: string }> {
  const user = await newUser(s.server, { safePassword: null });
  await deposit(s.server, user, 100);
  const token = await launchToken(s.server, user, s.gameId);
  const auth = await control<{ session: string; balance: number }>(s, '/control/authenticate', { token });
  expect(auth).toMatchObject({ status: 200, data: { balance: 10_000 } });
  return { user, session: auth.data.session };
}

const play = async (s: Setup, session: string, stake: number, rounds = 1) =>
  (
    await control<{ rounds: RoundView[] }>(s, '/control/play', {
      session,
      gameCode: 'lucky-reels',
      stake,
      rounds,
    })
  ).data.rounds;

const mainBalance = async (s: Setup, user: WalletUser) =>
  (await s.server.post('/user/secondaryInfo', {}, user.token)).data.canWithdrawCoin * 100;

const ledgerTransactionsOf = async (s: Setup, transactionId: string) =>
  s.server.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_source', '=', `provider:${s.seamless.code}`)
    .where('external_ref', '=', transactionId)
    .execute();

/** The wallet calls of one action Beacon recorded for the player's rounds, with their state. */
const walletCallsOf = (s: Setup, user: WalletUser, action: 'bet' | 'win') =>
  s.server.db
    .selectFrom('game_wallet_calls')
    .innerJoin('game_rounds', 'game_rounds.id', 'game_wallet_calls.round_id')
    .select(['game_wallet_calls.id', 'game_wallet_calls.state'])
    .where('game_rounds.user_id', '=', user.id)
    .where('game_wallet_calls.action', '=', action)
    .execute();

describe('with the demo provider', () => {
  const s = setUpForSuite();

  it('plays full rounds: each bet and win applied once, the balance and the betting record agree', async () => {
    const p = await playerAt(s);
    const rounds = await play(s, p.session, 200, 5);
    expect(rounds.map((r) => [r.bet?.status, r.win?.status, r.state])).toEqual(
      Array.from({ length: 5 }, () => ['OK', 'OK', 'settled']),
    );
    const expected = 10_000 + rounds.reduce((sum, r) => sum - r.stake + r.payout, 0);
    expect(await mainBalance(s, p.user)).toBe(expected);
    expect(rounds.at(-1)?.win?.balance).toBe(expected);
    const record = await s.server.post('/games/rounds', {}, p.user.token);
    expect(record.data.totalElements).toBe(5);
    expect(
      record.data.content.map((r: { roundId: string; status: string }) => [r.roundId, r.status]),
    ).toEqual([...rounds].reverse().map((r) => [r.roundId, 'settled']));
    await expectLedgerSound(s.server);
  });

  it('answers a replayed bet with its first answer and applies it once', async () => {
    const p = await playerAt(s);
    await control(s, '/control/faults', { faults: [{ kind: 'replay', action: 'bet' }] });
    const [round] = await play(s, p.session, 300);
    expect(round?.bet?.status).toBe('OK');
    const { data } = await control<{ calls: { transactionId: string; answers: { answer: unknown }[] }[] }>(
      s,
      '/control/calls',
    );
    const bet = data.calls.find((c) => c.transactionId === round?.bet?.transactionId);
    expect(bet?.answers.length).toBe(2);
    expect(bet?.answers[1]?.answer).toEqual(bet?.answers[0]?.answer);
    expect(await ledgerTransactionsOf(s, round?.bet?.transactionId ?? '')).toHaveLength(1);
    expect(await mainBalance(s, p.user)).toBe(10_000 - 300 + (round?.payout ?? 0));
  });

  it('records a rollback that overtakes its bet, and refuses the bet when it comes', async () => {
    const p = await playerAt(s);
    await control(s, '/control/faults', { faults: [{ kind: 'rollback-before-bet' }] });
    const [round] = await play(s, p.session, 400);
    expect(round?.rollback?.status).toBe('OK');
    expect(round?.bet?.status).toBe('DUPLICATE_TRANSACTION');
    expect(round?.win).toBeNull();
    expect(await ledgerTransactionsOf(s, round?.bet?.transactionId ?? '')).toHaveLength(0);
    expect(await mainBalance(s, p.user)).toBe(10_000);
  });

  it('refuses a bet the player cannot cover; nothing moves', async () => {
    const p = await playerAt(s);
    const [round] = await play(s, p.session, 10_100);
    expect(round?.bet).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 10_000 });
    expect(round?.win).toBeNull();
    expect(await mainBalance(s, p.user)).toBe(10_000);
  });
});

describe('with a session that expires mid-round', () => {
  const s = setUpForSuite();

  it('takes the win after the session expired, then refuses the next bet', async () => {
    const p = await playerAt(s);
    // The provider holds the win for this long after Beacon has answered the bet.
    await control(s, '/control/faults', { faults: [{ kind: 'win-after-expiry', delayMs: 3_000 }] });
    const playing = play(s, p.session, 500);
    // Once the bet is applied (not after a guessed pause: a slow host answered the bet after it, and the
    // bet was then refused for the expiry), the session's 30 minutes pass on the platform's clock while
    // the provider holds the win.
    await waitFor(
      async () => (await walletCallsOf(s, p.user, 'bet')).filter((c) => c.state === 'applied').length === 1,
      10_000,
      'the bet to be applied',
    );
    s.server.clock.advance(31 * 60_000);
    const winsBeforeExpiry = await walletCallsOf(s, p.user, 'win');
    // Still held when the clock moved: the win below is one that arrived after the expiry.
    expect(winsBeforeExpiry).toEqual([]);
    const [round] = await playing;
    expect(round?.bet?.status).toBe('OK');
    expect(round?.win?.status).toBe('OK');
    expect(await mainBalance(s, p.user)).toBe(10_000 - 500 + (round?.payout ?? 0));
    const [next] = await play(s, p.session, 100);
    expect(next?.bet?.status).toBe('TOKEN_EXPIRED');
  });
});

describe('with a provider signing with the wrong secret', () => {
  const s = setUpForSuite({}, 'not-the-configured-secret');

  it('is refused: no session opens, and the refusal, unsigned, counts as no answer for it', async () => {
    const user = await newUser(s.server, { safePassword: null });
    const token = await launchToken(s.server, user, s.gameId);
    const auth = await control<{ error?: string }>(s, '/control/authenticate', { token });
    // Beacon cannot sign for a caller it did not recognise, so the provider cannot trust the answer.
    expect(auth.status).toBe(502);
    const sessions = await s.server.db
      .selectFrom('game_sessions')
      .select('session_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([{ session_hash: null }]);
  });
});
