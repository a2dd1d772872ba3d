// Evolution's One Wallet spoken by a separate process (the demo provider in Evolution mode, decision 0054)
// over HTTP, on SQLite and PostgreSQL: Beacon launches through the peer's User Authentication (with the
// casino key and API token, which the peer checks), the peer sends every wallet call with the authToken and
// plays full rounds; a repeated debit, a cancel sent before its debit and a credit held past the session's
// life are the peer's own faults. The adapter's finer rules are in evolution.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { waitFor } from '../processes';
import { deposit, expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import { addEvolutionProvider, type EvolutionProvider, evolutionToken } from './evolution-fixtures';
import { type DemoProvider, startDemoProvider } from './provider-process';

interface CallView {
  transactionId: string;
  status: string | null;
  balance: number | null;
}
interface RoundView {
  roundId: string;
  stake: number;
  payout: number;
  state: string;
  bet: CallView | null;
  win: CallView | null;
  rollback: CallView | null;
}

let server: TestServer;
let peer: DemoProvider;
let provider: EvolutionProvider;

beforeAll(async () => {
  server = await startServer();
  await seedSites(server);
  const authToken = evolutionToken();
  const apiToken = evolutionToken();
  const code = `evop-${randomUUID().slice(0, 8)}`;
  peer = await startDemoProvider({
    platformUrl: server.url,
    seamless: { code: 'unused-seamless', secret: `s-${randomUUID()}` },
    transfer: { code: 'unused-transfer', secret: `t-${randomUUID()}` },
    env: {
      BET_RETRY_MS: '5000',
      EVOLUTION_CODE: code,
      EVOLUTION_CASINO_KEY: 'testcasino',
      EVOLUTION_AUTH_TOKEN: authToken,
      EVOLUTION_API_TOKEN: apiToken,
    },
  });
  provider = await addEvolutionProvider(server, {
    code,
    baseUrl: `${peer.url}/evolution`,
    apiToken,
    authToken,
    gameCode: 'lucky-reels',
  });
}, 60_000);

afterAll(async () => {
  await peer?.cleanup();
  await server?.close();
});

async function control<T>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${peer.url}/evolution${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

/** A player with 100.00 whose game Beacon launched through the peer's User Authentication, opened at the peer. */
async function playerAt(): Promise<{ user: WalletUser; session: string }> {
  const user = await newUser(server, { safePassword: null });
  await deposit(server, user, 100);
  const launch = await server.post('/games/launch', { gameId: provider.gameId }, user.token);
  expect(launch.status, launch.message).toBe(200);
  const url = new URL(launch.data.url);
  expect(url.pathname).toBe('/evolution/play/lucky-reels');
  const auth = await control<{ session: string; balance: number }>('/control/authenticate', {
    token: url.searchParams.get('token'),
  });
  expect(auth).toMatchObject({ status: 200, data: { balance: 10_000 } });
  return { user, session: auth.data.session };
}

const play = async (session: string, stake: number, rounds = 1) =>
  (
    await control<{ rounds: RoundView[] }>('/control/play', {
      session,
      gameCode: 'lucky-reels',
      stake,
      rounds,
    })
  ).data.rounds;

const mainBalance = async (user: WalletUser) =>
  (await server.post('/user/secondaryInfo', {}, user.token)).data.canWithdrawCoin * 100;

const postingsOf = (transactionId: string) =>
  server.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_source', '=', `provider:${provider.code}`)
    .where('external_ref', '=', transactionId)
    .execute();

/** The One Wallet statuses the peer was answered for one of its calls, attempt by attempt. */
async function evolutionStatuses(transactionId: string | undefined): Promise<(string | undefined)[]> {
  const { data } = await control<{
    calls: { transactionId: string; answers: { answer?: { message?: string } }[] }[];
  }>('/control/calls');
  const sent = data.calls.find((c) => c.transactionId === transactionId);
  return sent?.answers.map((a) => a.answer?.message) ?? [];
}

describe('the demo provider in Evolution mode', () => {
  it('plays full rounds: each debit and credit applied once, the balance and the betting record agree', async () => {
    const p = await playerAt();
    const rounds = await play(p.session, 200, 4);
    expect(rounds.map((r) => [r.bet?.status, r.win?.status, r.state])).toEqual(
      Array(4).fill(['OK', 'OK', 'settled']),
    );
    const expected = rounds.reduce((b, r) => b - r.stake + r.payout, 10_000);
    expect(await mainBalance(p.user)).toBe(expected);
    expect(rounds.at(-1)?.win?.balance).toBe(expected);
    for (const r of rounds) {
      expect(await postingsOf(r.bet?.transactionId ?? '')).toHaveLength(1);
      expect(await postingsOf(r.win?.transactionId ?? '')).toHaveLength(1);
    }
    const record = await server.post(
      '/games/rounds',
      { channel: 'slots', number: 0, size: 10 },
      p.user.token,
    );
    expect(record.data.content.map((r: { roundId: string }) => r.roundId).sort()).toEqual(
      rounds.map((r) => r.roundId).sort(),
    );
    await expectLedgerSound(server);
  });

  it('a repeated debit is answered BET_ALREADY_EXIST and moves the money once', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'replay', action: 'bet' }] });
    const [round] = await play(p.session, 300);
    expect(await evolutionStatuses(round?.bet?.transactionId)).toEqual(['OK', 'BET_ALREADY_EXIST']);
    expect(round?.win?.status).toBe('OK');
    expect(await postingsOf(round?.bet?.transactionId ?? '')).toHaveLength(1);
    expect(await mainBalance(p.user)).toBe(10_000 - 300 + (round?.payout ?? 0));
  });

  it('a cancel sent before its debit: Evolution is told BET_DOES_NOT_EXIST, and the debit after it fails for good', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'rollback-before-bet' }] });
    const [round] = await play(p.session, 400);
    // The peer reads BET_DOES_NOT_EXIST and FINAL_ERROR_ACTION_FAILED in Beacon's words.
    expect(round?.rollback?.status).toBe('TRANSACTION_NOT_FOUND');
    expect(round?.bet?.status).toBe('DUPLICATE_TRANSACTION');
    expect(await evolutionStatuses(round?.rollback?.transactionId)).toEqual(['BET_DOES_NOT_EXIST']);
    expect(await evolutionStatuses(round?.bet?.transactionId)).toEqual(['FINAL_ERROR_ACTION_FAILED']);
    expect(round?.win).toBeNull();
    expect(await postingsOf(round?.bet?.transactionId ?? '')).toHaveLength(0);
    expect(await mainBalance(p.user)).toBe(10_000);
  });

  it('a credit held past the session’s life is still paid', async () => {
    const p = await playerAt();
    await control('/control/faults', { faults: [{ kind: 'win-after-expiry', delayMs: 3_000 }] });
    const playing = play(p.session, 500);
    await waitFor(
      async () => {
        const rows = await server.db
          .selectFrom('game_wallet_calls')
          .innerJoin('game_rounds', 'game_rounds.id', 'game_wallet_calls.round_id')
          .select('game_wallet_calls.state')
          .where('game_rounds.user_id', '=', p.user.id)
          .where('game_wallet_calls.action', '=', 'bet')
          .execute();
        return rows.some((r) => r.state === 'applied');
      },
      10_000,
      'the debit applied',
    );
    server.clock.advance(2 * 3_600_000);
    const [round] = await playing;
    expect(round?.win?.status).toBe('OK');
    expect(await mainBalance(p.user)).toBe(10_000 - 500 + (round?.payout ?? 0));
    await expectLedgerSound(server);
  });

  it('the peer refuses a launch or a lobby read without Beacon’s API token', async () => {
    const launch = await fetch(`${peer.url}/evolution/ua/v1/testcasino/not-the-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(launch.status).toBe(401);
    const lobby = await fetch(`${peer.url}/evolution/api/lobby/v1/testcasino/state`);
    expect(lobby.status).toBe(401);
  });
});
