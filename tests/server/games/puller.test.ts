import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import { businessDay } from '../../../server/business-days';
import type { Db } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import { pullOnce } from '../../../server/modules/games/puller';
import { validBetOf } from '../../../server/modules/games/rounds';
import { takeLease } from '../../../server/modules/games/transfer-repository';
import {
  channelAccount,
  ensureUserAccounts,
  forgetLedgerData,
  systemAccountPart,
} from '../../../server/modules/ledger/service';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo';
import { usingPostgres } from '../harness';
import { balanceOf, fund } from '../ledger/fixtures';
import {
  demoLogin,
  type ProcessEnv,
  processEnvironment,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../processes';
import { expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import { configureProvider } from './fixtures';
import { startDemoProvider } from './provider-process';
import {
  addDemoTransferProvider,
  channelTransfer,
  type DemoProvider,
  expectChannelMatchesProvider,
  type PlayedRound,
  playAtProvider,
  providerWallet,
  recordsRequests,
  TRANSFER_GAME,
  type TransferProvider,
  transferServerForSuite,
} from './transfer-fixtures';

// The record puller (docs/games-protocol.md, "Records"): each settled round at a transfer provider is
// posted to the ledger once, with its betting-record round and its valid bet, and a provider's records
// are pulled by one worker at a time (a lease), across processes too.

async function roundsOf(db: Db, providerCode: string, userId: number) {
  return db
    .selectFrom('game_rounds')
    .select(['round_ref', 'bet', 'win', 'valid_bet', 'status'])
    .where('provider_code', '=', providerCode)
    .where('user_id', '=', userId)
    .execute();
}

async function postedRecords(db: Db, providerCode: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('external_source', '=', `provider:${providerCode}`)
    .where('type', '=', 'game_record')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function dailyValidSum(db: Db, userId: number) {
  const rows = await db.selectFrom('game_daily_valid').selectAll().where('user_id', '=', userId).execute();
  return rows.map((r) => ({
    day: r.day,
    channel: r.channel_code,
    rounds: Number(r.rounds),
    bet: Number(r.bet),
    win: Number(r.win),
    validBet: Number(r.valid_bet),
  }));
}

/** What the played rounds should add up to in game_daily_valid (they are all settled, on one day). */
function expectedDaily(played: PlayedRound[], placedAt: number, channel: string) {
  return [
    {
      day: businessDay(placedAt, 'Asia/Manila'),
      channel,
      rounds: played.length,
      bet: played.reduce((s, r) => s + r.bet, 0),
      win: played.reduce((s, r) => s + r.win, 0),
      validBet: played.reduce((s, r) => s + validBetOf(r.bet, r.win, 'settled'), 0),
    },
  ];
}

describe('pulling records in one process', () => {
  const server = transferServerForSuite();
  let provider: TransferProvider;

  beforeAll(async () => {
    await seedSites(server);
    provider = await addDemoTransferProvider(server);
  }, 60_000);
  afterAll(async () => {
    await provider?.demo.cleanup();
  });

  async function player(): Promise<WalletUser> {
    const user = await newUser(server, { safePassword: null });
    await ensureUserAccounts(server.db, user.id, server.clock.now());
    await fund(server.db, user.id, 100_000);
    return user;
  }

  it('posts each record once, with its round and valid bet; a second pull or a replayed window moves nothing', async () => {
    const user = await player();
    expect((await channelTransfer(server, user, provider.channel, 'in', 100)).data.state).toBe('applied');
    const before = Date.now();
    const played = [
      ...(await playAtProvider(provider.demo, user.id, 100, 30)),
      ...(await playAtProvider(provider.demo, user.id, 0, 200)),
    ];
    expect(played.every((r) => r.status === 'OK')).toBe(true);
    const asked = (await recordsRequests(provider.demo)).length;

    const ctx = server.app.ctx;
    expect(await pullOnce(ctx, provider.code, 'worker-a')).toEqual({ taken: true, records: 230 });
    // Two pages of at most 200, each window asked once.
    expect((await recordsRequests(provider.demo)).slice(asked).map((r) => [r.cursor, r.limit])).toEqual([
      ['', 200],
      ['200', 200],
    ]);
    await expectChannelMatchesProvider(server, provider, user.id);
    const rounds = await roundsOf(server.db, provider.code, user.id);
    expect(rounds.length).toBe(230);
    expect(new Set(rounds.map((r) => r.round_ref))).toEqual(new Set(played.map((r) => r.roundId)));
    for (const r of rounds) {
      expect(r.status).toBe('settled');
      expect(Number(r.valid_bet)).toBe(validBetOf(Number(r.bet), Number(r.win), 'settled'));
    }
    expect(await dailyValidSum(server.db, user.id)).toEqual(expectedDaily(played, before, provider.channel));
    const house = await balanceOf(server.db, systemAccountPart('games', user.id));
    const net = played.reduce((s, r) => s + r.win - r.bet, 0);
    expect(await balanceOf(server.db, channelAccount(user.id, provider.channel))).toBe(10_000 + net);

    // Nothing new: one request from where it stopped, nothing posted.
    expect(await pullOnce(ctx, provider.code, 'worker-a')).toEqual({ taken: true, records: 0 });
    expect((await recordsRequests(provider.demo)).slice(asked + 2).map((r) => r.cursor)).toEqual(['230']);

    // The same window pulled again (a cursor lost to a restore, say): every record is known, nothing moves.
    await server.db
      .updateTable('game_pull_state')
      .set({ cursor: '' })
      .where('provider_code', '=', provider.code)
      .execute();
    expect(await pullOnce(ctx, provider.code, 'worker-b')).toEqual({ taken: true, records: 230 });
    expect(await postedRecords(server.db, provider.code)).toBe(230);
    expect((await roundsOf(server.db, provider.code, user.id)).length).toBe(230);
    expect(await dailyValidSum(server.db, user.id)).toEqual(expectedDaily(played, before, provider.channel));
    expect(await balanceOf(server.db, systemAccountPart('games', user.id))).toBe(house);
    await expectChannelMatchesProvider(server, provider, user.id);
    await expectLedgerSound(server);
  });

  it('pulls nothing while another worker holds the lease, and takes over a lease that ran out', async () => {
    const user = await player();
    await channelTransfer(server, user, provider.channel, 'in', 10);
    await playAtProvider(provider.demo, user.id, 100, 3);
    const asked = (await recordsRequests(provider.demo)).length;
    const now = server.clock.now();
    expect(await takeLease(server.db, provider.code, 'worker-elsewhere', now, now + 60_000)).toBe(true);

    expect(await pullOnce(server.app.ctx, provider.code, 'worker-a')).toEqual({ taken: false, records: 0 });
    expect((await recordsRequests(provider.demo)).length).toBe(asked);
    expect((await roundsOf(server.db, provider.code, user.id)).length).toBe(0);

    server.clock.advance(60_001);
    expect(await pullOnce(server.app.ctx, provider.code, 'worker-a')).toEqual({ taken: true, records: 3 });
    expect((await roundsOf(server.db, provider.code, user.id)).length).toBe(3);
    // Released after the pull: the other worker may take it at once.
    const later = server.clock.now();
    expect(await takeLease(server.db, provider.code, 'worker-elsewhere', later, later + 1000)).toBe(true);
    await server.db
      .updateTable('game_pull_state')
      .set({ lease_owner: null, lease_until: 0 })
      .where('provider_code', '=', provider.code)
      .execute();
    await expectChannelMatchesProvider(server, provider, user.id);
  });
});

async function transferIn(url: string, token: string, channel: string, amount: number) {
  const res = await fetch(`${url}/api/games/transfer`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    },
    body: JSON.stringify({ channel, direction: 'in', amount }),
  });
  return (await res.json()) as { status: number; message: string; data: { state: string } };
}

describe('two server processes on one PostgreSQL database', () => {
  let proc: ProcessEnv;
  let db: Db;
  let demo: DemoProvider;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const s of servers) await s.kill('SIGTERM');
    await demo?.cleanup();
    await db?.destroy();
    await proc?.cleanup();
  });

  // SQLite serves one process by design (decision 0006): the lease matters where several share a database.
  it.skipIf(!usingPostgres())(
    'pull each window of records once between them',
    async () => {
      proc = await processEnvironment({ GAMES_PULL_SECONDS: '0.2', PROVIDER_TIMEOUT_MS: '3000' });
      db = proc.openDb();
      await migrateToLatest(db);
      const code = `tp-${randomUUID().slice(0, 8)}`;
      const secret = `transfer-secret-${randomUUID()}`;
      const channel = 'pulled';
      await db
        .insertInto('game_channels')
        .values({ code: channel, name: 'Pulled', sort_order: 9, enabled: 1 })
        .execute();
      forgetLedgerData(db);
      demo = await startDemoProvider({
        platformUrl: 'http://127.0.0.1:9',
        seamless: { code: `ps-${randomUUID().slice(0, 8)}`, secret: `seamless-${randomUUID()}` },
        transfer: { code, secret },
      });
      // Workers pull a disabled provider too (its records are money already moved): they are kept away
      // from it by an address where nothing listens, then given the provider's again.
      const setReachable = (reachable: boolean) =>
        db
          .updateTable('game_providers')
          .set({ base_url: reachable ? demo.url : 'http://127.0.0.1:9/' })
          .where('code', '=', code)
          .execute();
      await configureProvider(db, {
        code,
        secret,
        protocol: 'transfer',
        baseUrl: demo.url,
        channel,
        gameCode: TRANSFER_GAME,
        gameName: 'Table Dice',
        category: 'dice',
      });
      servers.push(await startServerProcess(proc.env));
      servers.push(await startServerProcess(proc.env));
      const [a] = servers as [ServerProcess, ServerProcess];

      const token = await demoLogin(a.url, 'player');
      const phone = DEMO_ACCOUNTS.find((x) => x.label === 'player')?.phone ?? '';
      const userId = Number(
        (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id,
      );
      await ensureUserAccounts(db, userId, Date.now());
      await fund(db, userId, 100_000);
      expect((await transferIn(a.url, token, channel, 100)).data.state).toBe('applied');

      // The provider is out of reach while its rounds are played, so that both workers meet them at once.
      await setReachable(false);
      let quiet = (await recordsRequests(demo)).length;
      await waitFor(
        async () => {
          await new Promise((r) => setTimeout(r, 1000));
          const n = (await recordsRequests(demo)).length;
          const still = n === quiet;
          quiet = n;
          return still;
        },
        20_000,
        'the workers to stop asking',
      );
      const baseline = quiet;
      const played = [
        ...(await playAtProvider(demo, userId, 100, 50)),
        ...(await playAtProvider(demo, userId, 0, 200)),
        ...(await playAtProvider(demo, userId, 0, 200)),
      ];
      expect(played.length).toBe(450);
      await setReachable(true);

      await waitFor(
        async () => (await roundsOf(db, code, userId)).length === 450,
        60_000,
        'every record pulled',
      );
      // A few more turns of both workers, which find nothing new.
      await new Promise((r) => setTimeout(r, 1500));
      const asked = (await recordsRequests(demo)).slice(baseline).map((r) => r.cursor);
      const windows = asked.filter((c) => c !== '450');
      expect(windows).toEqual(['', '200', '400']);
      expect(asked).toContain('450');
      expect(await postedRecords(db, code)).toBe(450);
      expect(await balanceOf(db, channelAccount(userId, channel))).toBe(await providerWallet(demo, userId));
      const state = await sql<{
        cursor: string;
      }>`select cursor from game_pull_state where provider_code = ${code}`.execute(db);
      expect(state.rows[0]?.cursor).toBe('450');
    },
    120_000,
  );
});
