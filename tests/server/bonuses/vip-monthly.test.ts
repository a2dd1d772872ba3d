import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../server/business-days';
import { newUserDefaults } from '../../../server/modules/auth/service';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { benefitAmounts } from '../../../server/modules/vip/service';
import { serverForSuite } from '../harness';
import { processEnvForSuite, type ServerProcess, startServerProcess, waitFor } from '../processes';
import { expectLedgerSound, newUser, secondary } from '../wallet/helpers';
import { addOffer, mine } from './fixtures';

// The VIP monthly bonus that vip_benefits promises, actually paid (issue 33): each player at a level with a
// monthly bonus gets that level's amount once per business month, under the vip_monthly offer's terms, by the
// bonuses worker; once per month even with two server processes paying at once.

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
    const worker = createBonusWorker(server.app.ctx, () => benefitAmounts(server.db, 'monthly_bonus'));

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
    await createBonusWorker(server.app.ctx, () => benefitAmounts(server.db, 'monthly_bonus')).runOnce();
    expect((await secondary(server, player)).totalCoin).toBe(0);
  });
});

describe('the VIP monthly bonus with two server processes', () => {
  const proc = processEnvForSuite({ BONUS_WORKER_SECONDS: '1' });
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    processes.push(await startServerProcess(proc.env));
    processes.push(await startServerProcess(proc.env));
  }, 90_000);
  afterAll(async () => {
    for (const p of processes) await p.kill('SIGTERM');
  });

  it('pays each player once for the month, whichever process pays', async () => {
    const now = Date.now();
    // Two offers of the kind (one with a requirement, one paid straight to withdrawable): each pays once.
    await addOffer(proc.db, now, { kind: 'vip_monthly', percent: null, turnover_multiplier: 1 });
    const second = await addOffer(proc.db, now, {
      kind: 'vip_monthly',
      percent: null,
      turnover_multiplier: 0,
    });
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
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => Number(r.id));
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
    await waitFor(async () => (await granted()) >= 60, 30_000, 'the monthly bonuses paid');
    // A few more turns of both workers: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await granted()).toBe(60);
    const grants = await proc.db
      .selectFrom('ledger_transactions')
      .select(['user_id', 'type'])
      .where('user_id', 'in', ids)
      .where('type', 'in', ['bonus_grant'])
      .execute();
    expect(grants).toHaveLength(60);
    for (const id of ids) expect(grants.filter((g) => g.user_id === id)).toHaveLength(2);
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
