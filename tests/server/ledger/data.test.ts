// Game channels, system accounts and VIP levels are data (migration 0008, issue 12): seeded with the
// values the code had as constants, so every answer is unchanged, and an edit of the tables changes
// what the wallet answers. SQLite, and PostgreSQL with TEST_DIALECT=postgres.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCall } from '#contract/auth';
import { levelDataCall, secondaryInfoCall } from '#contract/wallet';
import { isPostgres } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import * as m0001 from '../../../server/db/migrations/0001_accounts';
import * as m0002 from '../../../server/db/migrations/0002_sites';
import * as m0003 from '../../../server/db/migrations/0003_portal';
import * as m0004 from '../../../server/db/migrations/0004_wallet';
import * as m0005 from '../../../server/db/migrations/0005_push';
import * as m0006 from '../../../server/db/migrations/0006_notice_reads';
import * as m0008 from '../../../server/db/migrations/0008_ledger_data';
import * as m0010 from '../../../server/db/migrations/0010_games';
import * as m0011 from '../../../server/db/migrations/0011_agents';
import * as m0012 from '../../../server/db/migrations/0012_team_rollups';
import * as m0013 from '../../../server/db/migrations/0013_house_parts';
import * as m0014 from '../../../server/db/migrations/0014_messages';
import * as m0015 from '../../../server/db/migrations/0015_protection';
import * as m0016 from '../../../server/db/migrations/0016_spin';
import * as m0017 from '../../../server/db/migrations/0017_profile';
import * as m0018 from '../../../server/db/migrations/0018_message_push';
import * as m0023 from '../../../server/db/migrations/0023_message_texts';
import * as m0032 from '../../../server/db/migrations/0032_game_block_sweeps';
import * as m0038 from '../../../server/db/migrations/0038_channel_texts';
import * as m0039 from '../../../server/db/migrations/0039_bonuses';
import * as m0041 from '../../../server/db/migrations/0041_provider_wires';
import { auditLedger } from '../../../server/modules/ledger/repository';
import {
  balancesOf,
  forgetLedgerData,
  post,
  systemAccount,
  userAccount,
  withMoneyTx,
} from '../../../server/modules/ledger/service';
import { forgetVipLevels } from '../../../server/modules/wallet/service';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo';
import { createTestDb, serverForSuite } from '../harness';
import { deposit, expectLedgerSound, newUser, seedSites } from '../wallet/helpers';
import { NOW } from './fixtures';

/** The VIP table as the code had it before 0008 (LEVELS in wallet/service.ts). */
const FORMER_LEVELS = [0, 100, 500, 2_000, 5_000, 20_000, 50_000, 200_000, 500_000, 1_000_000].map(
  (needSteam, level) => ({
    level,
    needSteam,
    headerPicture: `/media/vip/header-${level}.svg`,
    vipPicture: `/media/vip/vip-${level}.svg`,
  }),
);

describe('answers unchanged, and the tables drive them', () => {
  const server = serverForSuite();
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    await seedSites(server);
    for (const label of ['player', 'senior agent (job 2)']) {
      const a = DEMO_ACCOUNTS.find((x) => x.label === label);
      if (!a) throw new Error('no such demo account');
      const res = await server.call(loginCall, {
        areaCode: a.areaCode,
        phone: a.phone,
        password: a.password,
      });
      tokens[label] = res.data.token;
    }
  }, 60_000);
  afterAll(async () => {
    await expectLedgerSound(server);
  });

  const channelData = async (token: string | undefined) =>
    (await server.call(secondaryInfoCall, {}, { token })).data.channelData;

  it('seeds the reference data with the former constants', async () => {
    expect(await server.db.selectFrom('game_channels').selectAll().orderBy('sort_order').execute()).toEqual([
      { code: 'slots', name: 'Slots', sort_order: 1, enabled: 1 },
      { code: 'live-casino', name: 'Live Casino', sort_order: 2, enabled: 1 },
      { code: 'sports', name: 'Sports', sort_order: 3, enabled: 1 },
    ]);
    expect(
      (await server.db.selectFrom('system_accounts').select('code').orderBy('code').execute()).map(
        (r) => r.code,
      ),
      // 0008's four, the house's side of play from 0010, 0011's sources of rake back and commission, and
      // 0016's spin wheel prizes.
    ).toEqual(['bonuses', 'commission', 'deposits', 'fees', 'games', 'rakeback', 'spin', 'withdrawals']);
  });

  it('level data answers the former table in full', async () => {
    const res = await server.call(levelDataCall, {}, { token: tokens.player });
    expect(res.data.meta).toEqual(FORMER_LEVELS);
  });

  it('channelData of the seeded users: names, order and balances', async () => {
    expect(await channelData(tokens.player)).toEqual([
      { name: 'Slots', balance: 200 },
      { name: 'Live Casino', balance: 0 },
      { name: 'Sports', balance: 0 },
    ]);
    expect(await channelData(tokens['senior agent (job 2)'])).toEqual([
      { name: 'Slots', balance: 0 },
      { name: 'Live Casino', balance: 0 },
      { name: 'Sports', balance: 1000 },
    ]);
  });

  it('a disabled channel opens no accounts and is hidden, unless the user still has money in it', async () => {
    await server.db.updateTable('game_channels').set({ enabled: 0 }).where('code', '=', 'sports').execute();
    forgetLedgerData(server.db);
    try {
      expect((await channelData(tokens.player)).map((c: { name: string }) => c.name)).toEqual([
        'Slots',
        'Live Casino',
      ]);
      expect(await channelData(tokens['senior agent (job 2)'])).toContainEqual({
        name: 'Sports',
        balance: 1000,
      });
      const u = await newUser(server);
      await channelData(u.token);
      const codes = await server.db
        .selectFrom('ledger_accounts')
        .select('code')
        .where('user_id', '=', u.id)
        .where('kind', '=', 'channel')
        .execute();
      expect(codes.map((c) => c.code).sort()).toEqual([`u:${u.id}:ch:live-casino`, `u:${u.id}:ch:slots`]);
    } finally {
      await server.db.updateTable('game_channels').set({ enabled: 1 }).where('code', '=', 'sports').execute();
      forgetLedgerData(server.db);
    }
  });

  it('a new channel is listed in its place and its account opens lazily for existing users', async () => {
    await server.db
      .insertInto('game_channels')
      .values({ code: 'fishing', name: 'Fishing', sort_order: 0, enabled: 1 })
      .execute();
    forgetLedgerData(server.db);
    try {
      expect(await channelData(tokens.player)).toEqual([
        { name: 'Fishing', balance: 0 },
        { name: 'Slots', balance: 200 },
        { name: 'Live Casino', balance: 0 },
        { name: 'Sports', balance: 0 },
      ]);
      const opened = await server.db
        .selectFrom('ledger_accounts')
        .select('code')
        .where('code', 'like', 'u:%:ch:fishing')
        .execute();
      expect(opened.length).toBeGreaterThan(0);
    } finally {
      await server.db
        .updateTable('game_channels')
        .set({ enabled: 0 })
        .where('code', '=', 'fishing')
        .execute();
      forgetLedgerData(server.db);
    }
  });

  it('a new system account opens with the others and takes postings', async () => {
    await server.db.insertInto('system_accounts').values({ code: 'jackpots', name: 'Jackpots' }).execute();
    forgetLedgerData(server.db);
    const u = await newUser(server);
    await deposit(server, u, 50);
    await withMoneyTx(server.db, (trx) =>
      post(trx, {
        type: 'bet',
        userId: u.id,
        ref: null,
        legs: [
          { account: userAccount(u.id, 'main'), amount: -20_00 },
          { account: systemAccount('jackpots'), amount: 20_00 },
        ],
        now: server.clock.now(),
      }),
    );
    expect((await balancesOf(server.db, u.id)).main).toBe(30_00);
  });

  it('VIP levels follow the table', async () => {
    const u = await newUser(server);
    await deposit(server, u, 150);
    expect((await server.call(levelDataCall, {}, { token: u.token })).data.vipState.level).toBe(1);
    await server.db.updateTable('vip_levels').set({ need_steam: 200_00 }).where('level', '=', 1).execute();
    forgetVipLevels(server.db);
    try {
      const res = await server.call(levelDataCall, {}, { token: u.token });
      expect(res.data.meta[1]).toMatchObject({ level: 1, needSteam: 200 });
      expect(res.data.vipState.level).toBe(0);
      expect(res.data.progress).toBe(75);
    } finally {
      await server.db.updateTable('vip_levels').set({ need_steam: 100_00 }).where('level', '=', 1).execute();
      forgetVipLevels(server.db);
    }
  });
});

describe('migration 0008 on a database with wallets', () => {
  it('re-keys channel accounts by channel code, keeping balances; down and up again', async () => {
    const t = await createTestDb();
    try {
      const schema = isPostgres(t.db)
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]?.s
        : undefined;
      const before = new Migrator({
        db: t.db,
        provider: {
          getMigrations: async () => ({
            '0001_accounts': m0001,
            '0002_sites': m0002,
            '0003_portal': m0003,
            '0004_wallet': m0004,
            '0005_push': m0005,
            '0006_notice_reads': m0006,
          }),
        },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const { error } = await before.migrateToLatest();
      expect(error).toBeUndefined();
      // A user of the old code: channel accounts named after the channel, with money in two of them.
      const user = await t.db
        .insertInto('users')
        .values({
          uid: 30_000_001,
          area_code: '63',
          phone: '9171110000',
          username: 'old-wallet',
          password_hash: 'x',
          role: 0,
          job: 0,
          level: 0,
          rate: 0,
          rate1: 0,
          rate2: 0,
          default_rate: 0,
          invite_code: 'OLD1',
          banned: 0,
          failed_logins: 0,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = user.id;
      const accounts: [string, number | null, string, string, number][] = [
        [`u:${id}:main`, id, 'main', '', 0],
        [`u:${id}:locked`, id, 'locked', '', 0],
        [`u:${id}:safe`, id, 'safe', '', 0],
        [`u:${id}:ch:Slots`, id, 'channel', 'Slots', 70_00],
        [`u:${id}:ch:Live Casino`, id, 'channel', 'Live Casino', 30_00],
        [`u:${id}:ch:Sports`, id, 'channel', 'Sports', 0],
        ['sys:deposits', null, 'system', 'deposits', -100_00],
      ];
      const ids: number[] = [];
      for (const [code, userId, kind, name, balance] of accounts) {
        const row = await t.db
          .insertInto('ledger_accounts')
          .values({ code, user_id: userId, kind, name, balance, created_at: NOW })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const tx = await t.db
        .insertInto('ledger_transactions')
        .values({ type: 'game', user_id: id, ref: null, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('ledger_entries')
        .values(
          accounts
            .map(([, , , , balance], i) => ({ account_id: ids[i] as number, amount: balance }))
            .filter((e) => e.amount !== 0)
            .map((e) => ({ ...e, transaction_id: tx.id, created_at: NOW })),
        )
        .execute();

      expect(await migrateToLatest(t.db)).toContain('0008_ledger_data');
      const channels = async () =>
        (
          await t.db
            .selectFrom('ledger_accounts')
            .select(['code', 'name', 'balance'])
            .where('kind', '=', 'channel')
            .orderBy('id')
            .execute()
        ).map((r) => ({ ...r, balance: Number(r.balance) }));
      expect(await channels()).toEqual([
        { code: `u:${id}:ch:slots`, name: 'slots', balance: 70_00 },
        { code: `u:${id}:ch:live-casino`, name: 'live-casino', balance: 30_00 },
        { code: `u:${id}:ch:sports`, name: 'sports', balance: 0 },
      ]);
      expect((await balancesOf(t.db, id)).channels).toEqual([
        { code: 'slots', name: 'Slots', balance: 70_00 },
        { code: 'live-casino', name: 'Live Casino', balance: 30_00 },
        { code: 'sports', name: 'Sports', balance: 0 },
      ]);
      expect((await auditLedger(t.db)).driftedAccounts).toBe(0);

      // And back: down restores the old keys, up again re-keys them (0010's games and 0011's ratios name
      // the channels, so they go first and come back after; 0012's triggers read 0011's tree; 0013 opens
      // 0010's house in parts; the later ones go first as the migrator would take them down; 0023 refers to
      // 0014's sends; 0032's sweeps name 0010's providers, which PostgreSQL will not drop under them; 0038's
      // texts and 0039's offer contributions name the channels; 0041's provider keys name 0010's providers).
      const later = [m0013, m0014, m0015, m0016, m0017, m0018, m0023, m0032, m0038, m0039, m0041];
      for (const m of [...later].reverse()) await m.down(t.db);
      await m0012.down(t.db);
      await m0011.down(t.db);
      await m0010.down(t.db);
      await m0008.down(t.db);
      expect((await channels()).map((c) => c.code)).toEqual([
        `u:${id}:ch:Slots`,
        `u:${id}:ch:Live Casino`,
        `u:${id}:ch:Sports`,
      ]);
      await m0008.up(t.db);
      await m0010.up(t.db);
      await m0011.up(t.db);
      await m0012.up(t.db);
      for (const m of later) await m.up(t.db);
      expect((await channels()).map((c) => c.code)).toEqual([
        `u:${id}:ch:slots`,
        `u:${id}:ch:live-casino`,
        `u:${id}:ch:sports`,
      ]);
    } finally {
      await t.drop();
    }
  });
});
