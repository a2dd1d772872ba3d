import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDay } from '../../../server/business-days';
import { newUserDefaults } from '../../../server/modules/auth/service';
import { payableWeeks } from '../../../server/modules/bonuses/cashback';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { balancesOf } from '../../../server/modules/ledger/service';
import { benefitAmounts } from '../../../server/modules/vip/service';
import { serverForSuite } from '../harness';
import { processEnvForSuite, type ServerProcess, startServerProcess, waitFor } from '../processes';
import { expectLedgerSound, newUser, secondary } from '../wallet/helpers';
import { addOffer, mine, siteInZone } from './fixtures';

// The bonuses the worker pays by period (issue 33, decision 0053). The VIP monthly and birthday bonuses that
// vip_benefits promises: each player at a level with the benefit gets that level's amount once per business
// month (monthly) or once a year on their birthday in their site's zone (birthday), under the offer's terms.
// Once per period even with two server processes paying at once, the weekly cashback (cashback.test.ts) too.

const DAY = 86_400_000;

describe('the VIP monthly bonus in one server', () => {
  const server = serverForSuite({ demoSeed: true });

  it("pays each level's amount once a month, and nothing to a level without one", async () => {
    await addOffer(server.db, server.clock.now(), {
      kind: 'vip_monthly',
      percent: null,
      turnover_multiplier: 1,
      validity_days: 60,
    });
    const amounts = await benefitAmounts(server.db, 'monthly_bonus');
    expect(amounts.get(3)).toBe(5_00);
    expect(amounts.get(4)).toBe(10_00);
    expect(amounts.has(1)).toBe(false);
    const players = [await newUser(server), await newUser(server), await newUser(server)];
    for (const [i, level] of [1, 3, 4].entries())
      await server.db
        .updateTable('users')
        .set({ level })
        .where('id', '=', players[i]?.id as number)
        .execute();
    const worker = createBonusWorker(server.app.ctx, (kind) => benefitAmounts(server.db, kind));

    await worker.runOnce();
    await worker.runOnce();
    const totals = async () => Promise.all(players.map(async (p) => (await secondary(server, p)).totalCoin));
    expect(await totals()).toEqual([0, 5, 10]);
    const [active] = (await mine(server, players[1] as (typeof players)[number])).active;
    // The offer's terms: played through once.
    expect(active).toMatchObject({ amount: 5, required: 5, state: 'open' });

    // The next business month in Manila: paid again, once.
    const today = businessDay(server.clock.now(), 'Asia/Manila');
    const daysLeft = 32 - Number(today.slice(8, 10));
    server.clock.advance(daysLeft * DAY);
    await worker.runOnce();
    await worker.runOnce();
    expect(await totals()).toEqual([0, 10, 20]);
    await expectLedgerSound(server);
  });

  it('pays nothing while no vip_monthly offer is active', async () => {
    await server.db
      .updateTable('bonus_offers')
      .set({ state: 'paused' })
      .where('kind', '=', 'vip_monthly')
      .execute();
    const player = await newUser(server);
    await server.db.updateTable('users').set({ level: 4 }).where('id', '=', player.id).execute();
    await createBonusWorker(server.app.ctx, (kind) => benefitAmounts(server.db, kind)).runOnce();
    expect((await secondary(server, player)).totalCoin).toBe(0);
  });
});

describe('the VIP birthday bonus in one server', () => {
  const server = serverForSuite({ demoSeed: true });
  const worker = () => createBonusWorker(server.app.ctx, (kind) => benefitAmounts(server.db, kind));
  /** A player of `siteId` at `level`, born on `born`, who told it `toldDaysBefore` days before now. */
  const born = async (
    dateOfBirth: string,
    p: { level?: number; toldDaysAgo?: number; siteId?: number } = {},
  ) => {
    const player = await newUser(server);
    await server.db
      .updateTable('users')
      .set({
        level: p.level ?? 3,
        date_of_birth: dateOfBirth,
        date_of_birth_at: server.clock.now() - (p.toldDaysAgo ?? 60) * DAY,
        ...(p.siteId !== undefined ? { site_id: p.siteId } : {}),
      })
      .where('id', '=', player.id)
      .execute();
    return player;
  };
  // Main plus requirements, in major units, read from the ledger (a year on, the player's session has ended).
  const total = async (player: Awaited<ReturnType<typeof born>>) => {
    const b = await balancesOf(server.db, player.id);
    return (b.main + b.locked) / 100;
  };

  beforeAll(async () => {
    await addOffer(server.db, server.clock.now(), {
      kind: 'vip_birthday',
      percent: null,
      turnover_multiplier: 1,
      validity_days: 30,
    });
  });

  it("pays the level's amount on the birthday and in the week after it, once a year", async () => {
    // The suite's clock: 2026-01-15 20:00 in Manila, the zone of a player of no site.
    expect(businessDay(server.clock.now(), 'Asia/Manila')).toBe('2026-01-15');
    const amounts = await benefitAmounts(server.db, 'birthday_bonus');
    expect(amounts.get(3)).toBe(20_00);
    const today = await born('1990-01-15');
    const sixDaysAgo = await born('1985-01-09', { level: 4 });
    const eightDaysAgo = await born('1985-01-07');
    const tomorrow = await born('1999-01-16');
    const noBenefit = await born('1990-01-15', { level: 1 });
    await worker().runOnce();
    await worker().runOnce();
    expect(amounts.get(4)).toBe(50_00);
    expect(await Promise.all([today, sixDaysAgo, eightDaysAgo, tomorrow, noBenefit].map(total))).toEqual([
      20, 50, 0, 0, 0,
    ]);
    const [active] = (await mine(server, today)).active;
    expect(active).toMatchObject({ amount: 20, required: 20, state: 'open' });
    const claims = await server.db
      .selectFrom('bonus_claims')
      .select(['user_id', 'period'])
      .where('user_id', 'in', [today.id, sixDaysAgo.id])
      .execute();
    expect(claims.map((c) => c.period)).toEqual(['2026', '2026']);

    // The next day: tomorrow's birthday is paid; today's is not paid again.
    server.clock.advance(DAY);
    await worker().runOnce();
    expect(await total(tomorrow)).toBe(20);
    expect(await total(today)).toBe(20);

    // A year on: paid again, under the next year's claim.
    server.clock.advance(364 * DAY);
    expect(businessDay(server.clock.now(), 'Asia/Manila')).toBe('2027-01-15');
    await worker().runOnce();
    const periods = await server.db
      .selectFrom('bonus_claims')
      .select(['period', 'amount', 'state'])
      .where('user_id', '=', today.id)
      .orderBy('id')
      .execute();
    expect(periods).toEqual([
      { period: '2026', amount: 20_00, state: 'granted' },
      { period: '2027', amount: 20_00, state: 'granted' },
    ]);
    // Last year's, unplayed for its 30 days, expired in the same turn: this year's is what is held.
    expect(await total(today)).toBe(20);
    await expectLedgerSound(server);
  });

  it('pays nothing for a date of birth told less than 30 days before the birthday', async () => {
    const day = businessDay(server.clock.now(), 'Asia/Manila');
    const lateTeller = await born(`1991${day.slice(4)}`, { toldDaysAgo: 29 });
    const earlyTeller = await born(`1991${day.slice(4)}`, { toldDaysAgo: 31 });
    await worker().runOnce();
    expect(await total(lateTeller)).toBe(0);
    expect(await total(earlyTeller)).toBe(20);
  });

  it('pays a player born on 29 February on 28 February of a year without one', async () => {
    const leapling = await born('2000-02-29');
    const before = await total(leapling);
    const now = businessDay(server.clock.now(), 'Asia/Manila');
    // To 2027-02-28 12:00 in Manila (2027 has no 29 February).
    const target = Date.UTC(2027, 1, 28, 4, 0, 0);
    expect(now < '2027-02-28').toBe(true);
    server.clock.advance(target - server.clock.now());
    await worker().runOnce();
    expect(await total(leapling)).toBe(before + 20);
    server.clock.advance(DAY);
    await worker().runOnce();
    expect(await total(leapling)).toBe(before + 20);
  });

  it("counts the birthday in the player's own site's zone", async () => {
    const siteId = await siteInZone(server.db, 'Pacific/Honolulu');
    // A moment when Manila (UTC+8) has reached the next day and Honolulu (UTC-10) has not.
    const manilaToday = businessDay(server.clock.now(), 'Asia/Manila');
    const startOfTomorrow = Date.parse(`${manilaToday}T16:00:00Z`);
    server.clock.advance(startOfTomorrow + 60 * 60_000 - server.clock.now());
    const manilaDay = businessDay(server.clock.now(), 'Asia/Manila');
    const honoluluDay = businessDay(server.clock.now(), 'Pacific/Honolulu');
    expect(manilaDay > honoluluDay).toBe(true);
    const inManila = await born(`1980${manilaDay.slice(4)}`);
    const inHonolulu = await born(`1980${manilaDay.slice(4)}`, { siteId });
    await worker().runOnce();
    expect(await total(inManila)).toBe(20);
    expect(await total(inHonolulu)).toBe(0);
    // Midnight in Honolulu: its players' birthday has come.
    server.clock.advance(18 * 60 * 60_000);
    expect(businessDay(server.clock.now(), 'Pacific/Honolulu')).toBe(manilaDay);
    await worker().runOnce();
    expect(await total(inHonolulu)).toBe(20);
  });
});

describe('the VIP monthly and birthday bonuses and the weekly cashback with two server processes', () => {
  const proc = processEnvForSuite({ BONUS_WORKER_SECONDS: '1' });
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    processes.push(await startServerProcess(proc.env));
    processes.push(await startServerProcess(proc.env));
  }, 90_000);
  afterAll(async () => {
    for (const p of processes) await p.kill('SIGTERM');
  });

  it('pays each player once for the month, the birthday and the week, whichever process pays', async () => {
    const now = Date.now();
    // Two offers of the kind (one with a requirement, one paid straight to withdrawable): each pays once.
    await addOffer(proc.db, now, { kind: 'vip_monthly', percent: null, turnover_multiplier: 1 });
    const second = await addOffer(proc.db, now, {
      kind: 'vip_monthly',
      percent: null,
      turnover_multiplier: 0,
    });
    await addOffer(proc.db, now, { kind: 'vip_birthday', percent: null, turnover_multiplier: 1 });
    await addOffer(proc.db, now, { kind: 'cashback', percent: 10, turnover_multiplier: 1 });
    // Born three days ago wherever the processes count their days (a day either way of Manila's still pays).
    const birthday = businessDay(now - 3 * DAY, 'Asia/Manila');
    // In one statement: both processes' workers find all of them due at their next turn.
    const rows = await proc.db
      .insertInto('users')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          ...newUserDefaults(),
          uid: 40_000_000 + i,
          area_code: '63',
          phone: `99${40_000_000 + i}`,
          username: `63+99${40_000_000 + i}`,
          password_hash: 'unused',
          level: 3 + (i % 2),
          invite_code: `V${i}`,
          invited_by: null,
          date_of_birth: `1990${birthday.slice(4)}`,
          date_of_birth_at: now - 60 * DAY,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => Number(r.id));
    // A loss in the last week paid on (of the two weeks paid on, whichever day the processes' clocks are on).
    const [monday] = payableWeeks(businessDay(now, 'Asia/Manila'));
    await proc.db
      .insertInto('game_daily_valid')
      .values(
        ids.map((id) => ({
          user_id: id,
          day: addDays(monday as string, 2),
          channel_code: 'slots',
          rounds: 1,
          bet: 100_00,
          win: 0,
          valid_bet: 100_00,
        })),
      )
      .execute();
    const granted = async () =>
      Number(
        (
          await proc.db
            .selectFrom('bonus_claims')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', 'in', ids)
            .where('state', '=', 'granted')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitFor(
      async () => (await granted()) >= 120,
      30_000,
      'the monthly, birthday and cashback bonuses paid',
    );
    // A few more turns of both workers: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await granted()).toBe(120);
    const grants = await proc.db
      .selectFrom('ledger_transactions')
      .select(['user_id', 'type'])
      .where('user_id', 'in', ids)
      .where('type', 'in', ['bonus_grant'])
      .execute();
    expect(grants).toHaveLength(120);
    for (const id of ids) expect(grants.filter((g) => g.user_id === id)).toHaveLength(4);
    const claims = await proc.db
      .selectFrom('bonus_claims')
      .select(['offer_id', 'user_id', 'period'])
      .where('offer_id', '=', second)
      .where('user_id', 'in', ids)
      .execute();
    expect(new Set(claims.map((c) => `${c.user_id}:${c.period}`)).size).toBe(30);
    const audit = await auditLedger(proc.db);
    expect(audit).toMatchObject({ entriesTotal: 0, unbalancedTransactions: 0, driftedAccounts: 0 });
  }, 120_000);
});
