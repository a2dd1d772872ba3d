// What the tests of the demo provider's aggregator modes share (hub88-provider.test.ts,
// evolution-provider.test.ts; the round views also seamless-provider.test.ts): the peer's test controls under
// its mode's path, a player whose game Beacon launched through the peer, rounds played there, and what the
// platform then holds (the balance, the postings of a transaction).
import { expect } from 'vitest';
import type { TestServer } from '../harness';
import { waitFor } from '../processes';
import { deposit, expectLedgerSound, newUser, type WalletUser } from '../wallet/helpers';

export interface CallView {
  transactionId: string;
  status: string | null;
  balance: number | null;
}
export interface RoundView {
  roundId: string;
  stake: number;
  payout: number;
  state: string;
  bet: CallView | null;
  win: CallView | null;
  rollback: CallView | null;
}

export type PeerControl = <T>(path: string, body?: unknown) => Promise<{ status: number; data: T }>;

/** The peer's test-only controls under `base` (its URL and a mode's path), answered with their HTTP status. */
export const peerControl =
  (base: () => string): PeerControl =>
  async <T>(path: string, body?: unknown) => {
    const res = await fetch(`${base()}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json()) as T };
  };

/** A player with 100.00 whose game Beacon launched through the peer (at `pathname`), opened at the peer. */
export async function playerAtPeer(
  server: TestServer,
  control: PeerControl,
  gameId: number,
  pathname: string,
): Promise<{ user: WalletUser; session: string }> {
  const user = await newUser(server, { safePassword: null });
  await deposit(server, user, 100);
  const launch = await server.post('/games/launch', { gameId }, user.token);
  expect(launch.status, launch.message).toBe(200);
  const url = new URL(launch.data.url);
  expect(url.pathname).toBe(pathname);
  const auth = await control<{ session: string; balance: number }>('/control/authenticate', {
    token: url.searchParams.get('token'),
  });
  expect(auth).toMatchObject({ status: 200, data: { balance: 10_000 } });
  return { user, session: auth.data.session };
}

export const playAtPeer = async (control: PeerControl, session: string, stake: number, rounds = 1) =>
  (
    await control<{ rounds: RoundView[] }>('/control/play', {
      session,
      gameCode: 'lucky-reels',
      stake,
      rounds,
    })
  ).data.rounds;

export const mainBalance = async (server: TestServer, user: WalletUser) =>
  (await server.post('/user/secondaryInfo', {}, user.token)).data.canWithdrawCoin * 100;

export const postingsOf = (server: TestServer, providerCode: string, transactionId: string) =>
  server.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_source', '=', `provider:${providerCode}`)
    .where('external_ref', '=', transactionId)
    .execute();

/** Four full rounds at the peer: each bet and win applied once, the balance and the betting record agreeing. */
export async function expectFullRounds(
  server: TestServer,
  control: PeerControl,
  providerCode: string,
  player: { user: WalletUser; session: string },
): Promise<void> {
  const rounds = await playAtPeer(control, player.session, 200, 4);
  expect(rounds.map((r) => [r.bet?.status, r.win?.status, r.state])).toEqual(
    Array(4).fill(['OK', 'OK', 'settled']),
  );
  const expected = rounds.reduce((b, r) => b - r.stake + r.payout, 10_000);
  expect(await mainBalance(server, player.user)).toBe(expected);
  expect(rounds.at(-1)?.win?.balance).toBe(expected);
  for (const r of rounds) {
    expect(await postingsOf(server, providerCode, r.bet?.transactionId ?? '')).toHaveLength(1);
    // A lost round's win of 0 still closes it: a posting moving its stake to the house.
    expect(await postingsOf(server, providerCode, r.win?.transactionId ?? '')).toHaveLength(1);
  }
  const record = await server.post(
    '/games/rounds',
    { channel: 'slots', number: 0, size: 10 },
    player.user.token,
  );
  expect(record.data.content.map((r: { roundId: string }) => r.roundId).sort()).toEqual(
    rounds.map((r) => r.roundId).sort(),
  );
  await expectLedgerSound(server);
}

/** A win the peer holds past the session's life (its fault) is still paid once the clock has moved on. */
export async function expectHeldWinPaid(
  server: TestServer,
  control: PeerControl,
  player: { user: WalletUser; session: string },
): Promise<void> {
  await control('/control/faults', { faults: [{ kind: 'win-after-expiry', delayMs: 3_000 }] });
  const playing = playAtPeer(control, player.session, 500);
  await waitFor(
    async () => {
      const rows = await server.db
        .selectFrom('game_wallet_calls')
        .innerJoin('game_rounds', 'game_rounds.id', 'game_wallet_calls.round_id')
        .select('game_wallet_calls.state')
        .where('game_rounds.user_id', '=', player.user.id)
        .where('game_wallet_calls.action', '=', 'bet')
        .execute();
      return rows.some((r) => r.state === 'applied');
    },
    10_000,
    'the bet applied',
  );
  server.clock.advance(2 * 3_600_000);
  const [round] = await playing;
  expect(round?.win?.status).toBe('OK');
  expect(await mainBalance(server, player.user)).toBe(10_000 - 500 + (round?.payout ?? 0));
  await expectLedgerSound(server);
}
