import { beforeAll, describe, expect, it } from 'vitest';
import { bonusClaimCall, bonusOffersCall } from '#contract/bonuses';
import { businessDay } from '../../../server/business-days';
import { payableWeeks } from '../../../server/modules/bonuses/cashback';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { balancesOf } from '../../../server/modules/ledger/service';
import { addProvider, openSession, placeSeamlessBet, playSeamlessRound } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { deposit, expectLedgerSound, newKey, newUser, type WalletUser } from '../wallet/helpers';
import { addOffer, siteInZone } from './fixtures';

// Weekly cashback on net losses (issue 33, decision 0053): a week is Monday to Sunday in the player's site's
// business days, its net loss the stakes less the wins of the rounds bet on those days; paid once, on the
// figures as they stand a business day after the week's end, whatever arrives for that week later.

const server = serverForSuite({ demoSeed: true });
const MINUTE = 60_000;
const DAY = 86_400_000;
let provider: Awaited<ReturnType<typeof addProvider>>;
const worker = () => createBonusWorker(server.app.ctx);

/** Moves the suite's clock to `iso` (an instant, e.g. "2026-01-20T00:30:00+08:00"). */
const setClock = (iso: string) => server.clock.advance(Date.parse(iso) - server.clock.now());
const held = async (user: WalletUser) => {
  const b = await balancesOf(server.db, user.id);
  return { main: b.main, requirements: b.requirements };
};
const claimsOf = (user: WalletUser) =>
  server.db
    .selectFrom('bonus_claims')
    .select(['period', 'state', 'base', 'amount'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();

/** A player with money on the wallet and a game open, at `level`. */
async function player(level = 1) {
  const user = await newUser(server);
  await deposit(server, user, 500);
  // After the deposit, which may have raised the level.
  await server.db.updateTable('users').set({ level }).where('id', '=', user.id).execute();
  return { user, session: await openSession(server, provider, user) };
}

beforeAll(async () => {
  provider = await addProvider(server);
});

describe('payableWeeks', () => {
  it('is the weeks whose Sunday ended more than a business day ago, the latest first', () => {
    // 2026-01-19 is a Monday: the week that ended yesterday is in its grace day.
    expect(payableWeeks('2026-01-19')).toEqual(['2026-01-05', '2025-12-29']);
    expect(payableWeeks('2026-01-20')).toEqual(['2026-01-12', '2026-01-05']);
    expect(payableWeeks('2026-01-25')).toEqual(['2026-01-12', '2026-01-05']);
    expect(payableWeeks('2026-01-26')).toEqual(['2026-01-12', '2026-01-05']);
    expect(payableWeeks('2026-01-27')).toEqual(['2026-01-19', '2026-01-12']);
  });
});

describe('weekly cashback', () => {
  it('is listed with its rules to the players it may pay, taken by nobody, and not on the deposit page', async () => {
    const offerId = await addOffer(server.db, server.clock.now(), {
      kind: 'cashback',
      percent: 15,
      turnover_multiplier: 1,
      min_level: 2,
    });
    const birthdayId = await addOffer(server.db, server.clock.now(), {
      kind: 'vip_birthday',
      percent: null,
      amount: 99_00,
    });
    const { user } = await player(2);
    const listed = await server.call(bonusOffersCall, {}, { token: user.token });
    expect(listed.data.find((o) => o.id === offerId)).toMatchObject({
      kind: 'cashback',
      takenBy: 'auto',
      percent: 15,
    });
    // The amount of a VIP bonus is the level's, not the offer's.
    expect(listed.data.find((o) => o.id === birthdayId)).toMatchObject({ takenBy: 'auto', amount: null });
    const onDeposit = await server.call(bonusOffersCall, { deposit: 100 }, { token: user.token });
    expect(onDeposit.data.map((o) => o.id)).not.toContain(offerId);
    const low = await player(1);
    const notListed = await server.call(bonusOffersCall, {}, { token: low.user.token });
    expect(notListed.data.map((o) => o.id)).not.toContain(offerId);
    // Claimed by hand: refused.
    const claimed = await server.call(
      bonusClaimCall,
      { offerId, version: 1 },
      { token: user.token, key: newKey() },
    );
    expect(claimed.failure.code).toBe('offer_unavailable');
    await server.db
      .updateTable('bonus_offers')
      .set({ state: 'ended' })
      .where('id', 'in', [offerId, birthdayId])
      .execute();
  });

  it("pays a percent of the week's net loss once, a business day after the week, a late result changing nothing", async () => {
    // The suite's clock starts on Thursday 2026-01-15 in Manila (the zone of players of no site).
    expect(businessDay(server.clock.now(), 'Asia/Manila')).toBe('2026-01-15');
    const offerId = await addOffer(server.db, server.clock.now(), {
      kind: 'cashback',
      percent: 10,
      min_deposit: 10_00,
      max_bonus: 50_00,
      turnover_multiplier: 1,
      min_level: 1,
    });
    const loser = await player();
    const smallLoser = await player();
    const winner = await player();
    const belowLevel = await player(0);
    await playSeamlessRound(server, provider, loser.session, 100_00, 0);
    await playSeamlessRound(server, provider, loser.session, 50_00, 80_00);
    await playSeamlessRound(server, provider, smallLoser.session, 9_00, 0);
    await playSeamlessRound(server, provider, winner.session, 10_00, 40_00);
    await playSeamlessRound(server, provider, belowLevel.session, 100_00, 0);
    // Sunday 23:50: a loss bet now and settled at 00:10 on Monday, in the grace day, counts in this week; one
    // settled on Wednesday, after the week was paid, does not change what was paid.
    setClock('2026-01-18T23:50:00+08:00');
    const sunday = await openSession(server, provider, loser.user);
    const inGrace = await placeSeamlessBet(server, provider, sunday, 20_00);
    const late = await placeSeamlessBet(server, provider, sunday, 30_00);

    const before = await held(loser.user);
    await worker().runOnce();
    setClock('2026-01-19T00:10:00+08:00');
    await inGrace.closeWithWin(0);
    await worker().runOnce();
    expect(await held(loser.user)).toEqual(before);
    expect(await claimsOf(loser.user)).toEqual([]);

    // Tuesday 00:30 in Manila: the week is paid, 10 % of 100 + 50 + 20 - 80 = 90.00, as a 1x requirement.
    setClock('2026-01-20T00:30:00+08:00');
    await worker().runOnce();
    await worker().runOnce();
    expect(await claimsOf(loser.user)).toEqual([
      { period: 'week:2026-01-12', state: 'granted', base: 90_00, amount: 9_00 },
    ]);
    expect(await held(loser.user)).toEqual({ main: before.main, requirements: 9_00 });
    for (const other of [smallLoser, winner, belowLevel]) expect(await claimsOf(other.user)).toEqual([]);

    setClock('2026-01-21T12:00:00+08:00');
    await late.closeWithWin(0);
    const week = await server.db
      .selectFrom('game_daily_valid')
      .select((eb) => eb.fn.sum<number>('bet').as('bet'))
      .where('user_id', '=', loser.user.id)
      .where('day', '>=', '2026-01-12')
      .where('day', '<=', '2026-01-18')
      .executeTakeFirstOrThrow();
    // The late loss is in the week's figures now, and the cashback paid stays what it was.
    expect(Number(week.bet)).toBe(200_00);
    await worker().runOnce();
    expect(await claimsOf(loser.user)).toEqual([
      { period: 'week:2026-01-12', state: 'granted', base: 90_00, amount: 9_00 },
    ]);
    await expectLedgerSound(server);
    await server.db.updateTable('bonus_offers').set({ state: 'ended' }).where('id', '=', offerId).execute();
  });

  it("counts the week in the player's own site's zone", async () => {
    const siteId = await siteInZone(server.db, 'Pacific/Honolulu');
    await addOffer(server.db, server.clock.now(), { kind: 'cashback', percent: 10, turnover_multiplier: 0 });
    // Thursday 2026-01-22, in both zones.
    setClock('2026-01-22T12:00:00-10:00');
    const inManila = await player();
    const inHonolulu = await player();
    await server.db
      .updateTable('users')
      .set({ site_id: siteId })
      .where('id', '=', inHonolulu.user.id)
      .execute();
    await playSeamlessRound(server, provider, inManila.session, 40_00, 0);
    await playSeamlessRound(server, provider, inHonolulu.session, 40_00, 0);
    // Tuesday 00:30 in Manila is Monday 06:30 in Honolulu: only Manila's week is paid.
    setClock('2026-01-27T00:30:00+08:00');
    await worker().runOnce();
    expect((await claimsOf(inManila.user)).map((c) => c.amount)).toEqual([4_00]);
    expect(await claimsOf(inHonolulu.user)).toEqual([]);
    setClock('2026-01-27T00:30:00-10:00');
    await worker().runOnce();
    expect(await claimsOf(inHonolulu.user)).toEqual([
      { period: 'week:2026-01-19', state: 'granted', base: 40_00, amount: 4_00 },
    ]);
    // No turnover: straight to withdrawable.
    expect((await held(inHonolulu.user)).requirements).toBe(0);
    await server.db
      .updateTable('bonus_offers')
      .set({ state: 'ended' })
      .where('kind', '=', 'cashback')
      .execute();
  });

  it('pays within the budget and records no refusal at each turn once it is spent', async () => {
    await addOffer(server.db, server.clock.now(), {
      kind: 'cashback',
      percent: 10,
      turnover_multiplier: 1,
      budget: 10_00,
    });
    setClock('2026-01-29T12:00:00+08:00');
    const first = await player();
    const second = await player();
    await playSeamlessRound(server, provider, first.session, 70_00, 0);
    await playSeamlessRound(server, provider, second.session, 70_00, 0);
    setClock('2026-02-03T00:30:00+08:00');
    for (let turn = 0; turn < 3; turn++) {
      await worker().runOnce();
      server.clock.advance(10 * MINUTE);
    }
    const claims = [...(await claimsOf(first.user)), ...(await claimsOf(second.user))];
    expect(claims).toEqual([{ period: 'week:2026-01-26', state: 'granted', base: 70_00, amount: 7_00 }]);
    server.clock.advance(7 * DAY);
    await worker().runOnce();
    expect(
      await server.db.selectFrom('bonus_claims').select('id').where('state', '=', 'refused').execute(),
    ).toEqual([]);
    await expectLedgerSound(server);
  });
});
