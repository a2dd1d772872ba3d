import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamesWorker } from '../../../server/modules/games/worker';
import { ensureUserAccounts, userAccount } from '../../../server/modules/ledger/service';
import { usingPostgres } from '../harness';
import { fund } from '../ledger/fixtures';
import { expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import { addProvider, openSession, seamlessCall, txId } from './fixtures';
import {
  addDemoTransferProvider,
  channelTransfer,
  ledgerBalances,
  providerWallet,
  TRANSFER_GAME,
  type TransferProvider,
  transferRows,
  transferServerForSuite,
} from './transfer-fixtures';

// A time-out or self-exclusion takes effect at once wherever the player can bet (decision 0042): the
// transfer provider is told to end the player's sessions (its open game page then refuses bets), the
// channel's money comes back to the main balance through the ledger (retried by the games worker while the
// provider cannot be reached), and a pulled record of a round placed after the block began is not recorded.
// The seamless channel refuses the next bet on its own (Beacon holds that wallet).

const server = transferServerForSuite();
let provider: TransferProvider;
let seamless: Awaited<ReturnType<typeof addProvider>>;

/**
 * The demo provider stamps rounds with the wall clock; Beacon's test clock is set to it (forward only), so
 * that "placed after the block began" compares two times of one clock.
 */
function syncClock(): void {
  server.clock.advance(Math.max(0, Date.now() - server.clock.now()));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  syncClock();
  await seedSites(server);
  provider = await addDemoTransferProvider(server);
  seamless = await addProvider(server);
}, 60_000);
afterAll(async () => {
  await provider?.demo.cleanup();
});

const BLOCKS = [
  { kind: 'time_out', duration: '7d' },
  { kind: 'self_exclusion', duration: '6m' },
] as const;

async function player(): Promise<WalletUser> {
  const user = await newUser(server, { safePassword: null });
  await ensureUserAccounts(server.db, user.id, server.clock.now());
  await fund(server.db, user.id, 100_000);
  return user;
}

const takeBlock = (user: WalletUser, block: (typeof BLOCKS)[number]) =>
  server.post('/protection/block', { ...block, confirm: true }, user.token);

/** The transfer game opened by the app: its page's session at the provider. */
async function openTransferGame(user: WalletUser): Promise<string> {
  const game = await server.db
    .selectFrom('games')
    .select('id')
    .where('provider_code', '=', provider.code)
    .executeTakeFirstOrThrow();
  const res = await server.post('/games/launch', { gameId: Number(game.id) }, user.token);
  expect(res.status).toBe(200);
  const session = new URL(res.data.url).searchParams.get('session');
  if (!session) throw new Error('launch: no session in the URL');
  return session;
}

/** A bet as the open game page sends it. */
async function pageBet(session: string, stake = 100): Promise<{ http: number; body: { roundId?: string } }> {
  const res = await fetch(`${provider.demo.url}/tplay/${TRANSFER_GAME}/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, stake }),
  });
  return { http: res.status, body: (await res.json()) as { roundId?: string } };
}

const roundsOf = async (userId: number) =>
  server.db.selectFrom('game_rounds').select(['round_ref']).where('user_id', '=', userId).execute();

const worker = () => createGamesWorker(server.app.ctx);

describe.each(BLOCKS)('a $kind with money in the transfer channel and its game open', (block) => {
  it('ends the provider sessions, refuses the open page’s next bet and brings the money back', async () => {
    const user = await player();
    expect((await channelTransfer(server, user, provider.channel, 'in', 300)).status).toBe(200);
    const session = await openTransferGame(user);
    const before = await pageBet(session);
    expect(before.http).toBe(200);
    await worker().runOnce();
    expect((await roundsOf(user.id)).map((r) => r.round_ref)).toEqual([before.body.roundId]);
    const atProvider = await providerWallet(provider.demo, user.id);
    expect((await ledgerBalances(server, user.id)).channel).toBe(atProvider);

    await sleep(5);
    syncClock();
    expect((await takeBlock(user, block)).status).toBe(200);

    // (a) the provider ended the page's session: its next bet is refused and moves nothing there.
    expect((await pageBet(session)).http).toBe(401);
    // (b) the channel's money is back on the main balance, through the ledger, at once.
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000 + atProvider, channel: 0 });
    expect(await providerWallet(provider.demo, user.id)).toBe(0);
    const out = (await transferRows(server, user.id)).filter((r) => r.direction === 'out');
    expect(out).toMatchObject([{ amount: atProvider, state: 'applied' }]);

    // Idempotent: the worker's later turns move nothing more.
    await worker().runOnce();
    await worker().runOnce();
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000 + atProvider, channel: 0 });
    expect((await transferRows(server, user.id)).filter((r) => r.direction === 'out')).toHaveLength(1);
    expect((await roundsOf(user.id)).map((r) => r.round_ref)).toEqual([before.body.roundId]);
    await expectLedgerSound(server);
  });

  it('is finished by the worker when the provider is down, and a round placed after it is not recorded', async () => {
    const user = await player();
    expect((await channelTransfer(server, user, provider.channel, 'in', 300)).status).toBe(200);
    const session = await openTransferGame(user);

    await provider.demo.stop();
    try {
      await sleep(5);
      syncClock();
      // The block holds whatever the provider does: it is the player's, and Beacon's refusals start now.
      expect((await takeBlock(user, block)).status).toBe(200);
      expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000, channel: 30_000 });
      await worker().runOnce();
      expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000, channel: 30_000 });
    } finally {
      await provider.demo.restart();
    }

    // Back up, the provider was never told: its page takes a bet placed after the block began.
    const late = await pageBet(session);
    expect(late.http).toBe(200);
    const atProvider = await providerWallet(provider.demo, user.id);

    await worker().runOnce();
    expect((await pageBet(session)).http).toBe(401);
    // (c) the late round is not Beacon's: no betting record, no money moved by it in the ledger.
    expect(await roundsOf(user.id)).toEqual([]);
    const refused = await server.db
      .selectFrom('game_refused_records')
      .select(['round_ref', 'user_id', 'reason'])
      .where('provider_code', '=', provider.code)
      .where('user_id', '=', user.id)
      .execute();
    expect(refused.map((r) => ({ ...r, user_id: Number(r.user_id) }))).toEqual([
      { round_ref: late.body.roundId, user_id: user.id, reason: 'placed_during_block' },
    ]);
    // What the provider holds of the player's 300.00 comes back; what its late round took is its own to
    // void (it then holds it again, and a later turn brings it back), never the house's or the player's.
    const back = Math.min(atProvider, 30_000);
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000 + back, channel: 30_000 - back });
    expect(await providerWallet(provider.demo, user.id)).toBe(atProvider - back);

    await worker().runOnce();
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000 + back, channel: 30_000 - back });
    expect(
      (await transferRows(server, user.id)).filter((r) => r.direction === 'out' && r.state === 'applied'),
    ).toHaveLength(1);
    await expectLedgerSound(server);
  });

  it('refuses the seamless channel’s next bet', async () => {
    const user = await player();
    const session = await openSession(server, seamless, user);
    const bet = () =>
      seamlessCall(server, seamless, 'bet', {
        sessionToken: session.sessionToken,
        playerId: session.playerId,
        transactionId: txId('bet'),
        roundId: txId('round'),
        gameCode: seamless.gameCode,
        amount: 500,
      });
    expect((await bet()).body.status).toBe('OK');
    expect((await takeBlock(user, block)).status).toBe(200);
    const refused = await bet();
    expect(refused.body).toMatchObject({ status: 'USER_BLOCKED', balance: 99_500 });
  });
});

// PostgreSQL runs a move in and a block side by side (SQLite runs one write transaction at a time). The move
// in is held after its protection check, on the player's main account, while the block is taken: a move to a
// provider the player never used must either be refused or leave the block a sweep of that provider.
describe.skipIf(!usingPostgres())('a block taken while a move into a never-used channel is under way', () => {
  /** Backends of this database waiting for a row lock. */
  const lockWaiters = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(server.db)
      ).rows[0]?.n ?? 0,
    );
  const until = async (what: () => Promise<boolean>) => {
    for (let i = 0; i < 500; i++) {
      if (await what()) return;
      await sleep(10);
    }
    throw new Error('timed out waiting');
  };

  it('sweeps that channel too', async () => {
    const user = await player();
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let holding!: () => void;
    const held = new Promise<void>((r) => {
      holding = r;
    });
    const holder = server.db.transaction().execute(async (trx) => {
      await sql`select balance from ledger_accounts where code = ${userAccount(user.id, 'main')} for update`.execute(
        trx,
      );
      holding();
      await released;
    });
    await held;
    const move = channelTransfer(server, user, provider.channel, 'in', 300);
    await until(async () => (await lockWaiters()) >= 1);
    syncClock();
    let blockDone = false;
    const block = takeBlock(user, BLOCKS[0]).finally(() => {
      blockDone = true;
    });
    // The block either finishes (it did not wait for the move) or queues behind it on the protection row.
    await until(async () => blockDone || (await lockWaiters()) >= 2);
    release();
    await holder;
    const [moved, blocked] = await Promise.all([move, block]);
    expect(blocked.status).toBe(200);
    if (moved.status === 200) {
      const sweeps = await server.db
        .selectFrom('game_block_sweeps')
        .select('provider_code')
        .where('user_id', '=', user.id)
        .execute();
      expect(sweeps.map((s) => s.provider_code)).toContain(provider.code);
    }
    await worker().runOnce();
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 100_000, channel: 0 });
    await expectLedgerSound(server);
  });
});
