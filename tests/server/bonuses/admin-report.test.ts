// Issue 33: the console's bonus report, by business day (the site's zone) and offer, summed from the bonuses
// module's ledger postings. The postings here are written as the module writes them (a transaction per
// movement, ref `bonus:grant:<claim>` or `bonus:<kind>:<requirement>`, balanced entries), so the report's SQL
// is proven on both dialects on its own: another site's players, postings outside the range and other
// modules' transactions never count; cost and conversion follow their definitions.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBonusReportCall, adminOfferCreateCall } from '#contract/admin/bonuses';
import { addDays, businessDay, dayStartMs } from '../../../server/business-days';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();
const ops = operatorsOfTwoSitesForSuite(server, 'payments_reviewer');

async function account(code: string, kind: string, userId: number | null): Promise<number> {
  const found = await server.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  if (found) return Number(found.id);
  const row = await server.db
    .insertInto('ledger_accounts')
    .values({ code, kind, user_id: userId, name: '', created_at: server.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One balanced posting from one account to another, at `at`. */
async function posting(type: string, ref: string, from: number, to: number, amount: number, at: number) {
  const tx = await server.db
    .insertInto('ledger_transactions')
    .values({
      type,
      user_id: null,
      ref,
      created_at: at,
      external_source: null,
      external_ref: null,
      reverses_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('ledger_entries')
    .values([
      { transaction_id: tx.id, account_id: from, amount: -amount, created_at: at },
      { transaction_id: tx.id, account_id: to, amount, created_at: at },
    ])
    .execute();
}

/** A player of a site with a granted claim of the offer and its requirement's account. */
async function granted(siteId: number, offerId: number, amount: number, at: number) {
  const player = await quickUser(server);
  await server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', player.id).execute();
  const claim = await server.db
    .insertInto('bonus_claims')
    .values({
      offer_id: offerId,
      version: 1,
      user_id: player.id,
      period: '',
      state: 'granted',
      reason: null,
      amount,
      base: 0,
      note: null,
      operator_id: null,
      created_at: at,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const requirement = await server.db
    .insertInto('bonus_requirements')
    .values({
      user_id: player.id,
      offer_id: offerId,
      version: 1,
      claim_id: claim.id,
      kind: 'bonus',
      amount,
      required: amount * 10,
      max_bet: null,
      max_conversion: null,
      forfeits_on_withdrawal: 0,
      granted_at: at,
      expires_at: null,
      state: 'open',
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sys = await account('sys:bonuses', 'system', null);
  const req = await account(`u:${player.id}:req:${requirement.id}`, 'requirement', player.id);
  const main = await account(`u:${player.id}:main`, 'main', player.id);
  await posting('bonus_grant', `bonus:grant:${claim.id}`, sys, req, amount, at);
  return { claimId: Number(claim.id), requirementId: Number(requirement.id), sys, req, main };
}

const report = (input: { site: string; from?: string; to?: string }, token = ops.everyAdmin.token) =>
  server.call(adminBonusReportCall, input, { token });

let offerA: number;
let offerB: number;
let otherSiteOffer: number;
beforeAll(async () => {
  const create = async (site: string, title: string) => {
    const res = await server.call(
      adminOfferCreateCall,
      {
        site,
        kind: 'registration',
        amount: 10,
        turnoverMultiplier: 10,
        validityDays: 7,
        texts: {
          'en-US': { title, terms: 'Terms' },
          'es-ES': { title: `${title} ES`, terms: 'Condiciones' },
        },
      },
      { token: ops.everyAdmin.token },
    );
    expect(res.http).toBe(200);
    return res.data.id;
  };
  offerA = await create(ops.first.domain, 'Offer A');
  offerB = await create(ops.first.domain, 'Offer B');
  otherSiteOffer = await create(ops.second.domain, 'Other site');
});

describe('the bonus report', () => {
  it('sums granted, released, capped, expired, forfeited and cancelled per day and offer', async () => {
    const now = server.clock.now();
    // The answer names the zone the days are cut in; the fixtures' days are read in the same zone.
    const first = await report({ site: ops.first.domain });
    expect(first.http, JSON.stringify(first.data)).toBe(200);
    const zone = first.data.timeZone;
    const today = businessDay(now, zone);
    const yesterdayNoon = dayStartMs(addDays(today, -1), zone) + 12 * 3_600_000;

    // Offer A today: 100.00 granted, 60.00 released, 15.00 over the cap, the rest (25.00) expired.
    const a = await granted(ops.first.id, offerA, 10_000, now);
    await posting('bonus_release', `bonus:release:${a.requirementId}`, a.req, a.main, 6_000, now);
    await posting('bonus_cap', `bonus:cap:${a.requirementId}`, a.req, a.sys, 1_500, now);
    await posting('bonus_expire', `bonus:expire:${a.requirementId}`, a.req, a.sys, 2_500, now);
    // Offer A yesterday: 50.00 granted, forfeited on a withdrawal.
    const a2 = await granted(ops.first.id, offerA, 5_000, yesterdayNoon);
    await posting('bonus_forfeit', `bonus:forfeit:${a2.requirementId}`, a2.req, a2.sys, 5_000, yesterdayNoon);
    // Offer B today: 20.00 granted and cancelled by an operator.
    const b = await granted(ops.first.id, offerB, 2_000, now);
    await posting('bonus_cancel', `bonus:cancel:${b.requirementId}`, b.req, b.sys, 2_000, now);
    // Not counted: another site's player, a posting before the range, another module's transaction.
    await granted(ops.second.id, otherSiteOffer, 99_900, now);
    await granted(ops.first.id, offerB, 77_700, dayStartMs(addDays(today, -30), zone));
    await posting('deposit', 'deposit:x', a.sys, a.main, 123_400, now);

    const res = await report({ site: ops.first.domain, from: addDays(today, -6), to: today });
    expect(res.http).toBe(200);
    expect(res.data).toMatchObject({ site: ops.first.domain, from: addDays(today, -6), to: today });
    expect(res.data.rows).toEqual([
      {
        day: addDays(today, -1),
        offerId: offerA,
        title: 'Offer A',
        granted: 50,
        released: 0,
        capped: 0,
        expired: 0,
        forfeited: 50,
        cancelled: 0,
        cost: 0,
        conversion: 0,
      },
      {
        day: today,
        offerId: offerA,
        title: 'Offer A',
        granted: 100,
        released: 60,
        capped: 15,
        expired: 25,
        forfeited: 0,
        cancelled: 0,
        cost: 60,
        conversion: 0.6,
      },
      {
        day: today,
        offerId: offerB,
        title: 'Offer B',
        granted: 20,
        released: 0,
        capped: 0,
        expired: 0,
        forfeited: 0,
        cancelled: 20,
        cost: 0,
        conversion: 0,
      },
    ]);
    expect(res.data.offers.map((o) => [o.offerId, o.granted, o.cost, o.conversion])).toEqual([
      [offerA, 150, 60, 0.4],
      [offerB, 20, 0, 0],
    ]);
    expect(res.data.totals).toMatchObject({ granted: 170, released: 60, cost: 60 });

    // Titles in the operator's language.
    const es = await server.call(
      adminBonusReportCall,
      { site: ops.first.domain, from: today, to: today },
      { token: ops.everyAdmin.token, headers: { 'Accept-Language': 'es-ES' } },
    );
    expect(es.data.rows.map((r) => r.title)).toEqual(['Offer A ES', 'Offer B ES']);
  });

  it('counts money swept late to an ended requirement with what it ended as', async () => {
    const created = await server.call(
      adminOfferCreateCall,
      {
        site: ops.first.domain,
        kind: 'manual',
        turnoverMultiplier: 1,
        validityDays: 1,
        texts: { 'en-US': { title: 'Late', terms: 'Terms' } },
      },
      { token: ops.everyAdmin.token },
    );
    const offerId = created.data.id;
    const now = server.clock.now();
    const released = await granted(ops.first.id, offerId, 1_000, now);
    const expired = await granted(ops.first.id, offerId, 1_000, now);
    await server.db
      .updateTable('bonus_requirements')
      .set({ state: 'released' })
      .where('id', '=', released.requirementId)
      .execute();
    await server.db
      .updateTable('bonus_requirements')
      .set({ state: 'expired' })
      .where('id', '=', expired.requirementId)
      .execute();
    await posting(
      'bonus_late',
      `bonus:late:${released.requirementId}`,
      released.req,
      released.main,
      300,
      now,
    );
    await posting('bonus_late', `bonus:late:${expired.requirementId}`, expired.req, expired.sys, 400, now);
    const res = await report({ site: ops.first.domain });
    expect(res.data.offers.find((o) => o.offerId === offerId)).toMatchObject({
      granted: 20,
      released: 3,
      expired: 4,
      cost: 16,
      conversion: 0.15,
    });
  });

  it('answers zeros and a null conversion for a range with nothing', async () => {
    const res = await report({ site: ops.first.domain, from: '2020-01-01', to: '2020-01-31' });
    expect(res.data.rows).toEqual([]);
    expect(res.data.totals).toEqual({
      granted: 0,
      released: 0,
      capped: 0,
      expired: 0,
      forfeited: 0,
      cancelled: 0,
      cost: 0,
      conversion: null,
    });
  });

  it('refuses another site’s operator, a missing site, an unknown site and a bad range', async () => {
    const refused = await report({ site: ops.second.domain }, ops.siteOperator.token);
    expect(refused.http).toBe(403);
    expect((await report({ site: ops.first.domain }, ops.siteOperator.token)).http).toBe(200);
    const missing = await server.callUntyped(adminBonusReportCall, {}, { token: ops.everyAdmin.token });
    expect(missing.failure.issues).toContainEqual(
      expect.objectContaining({ path: 'site', code: 'required' }),
    );
    const unknown = await report({ site: 'nowhere.example' });
    expect(unknown.failure.issues?.[0]).toMatchObject({ path: 'site', code: 'site_not_found' });
    const long = await report({ site: ops.first.domain, from: '2026-01-01', to: '2026-06-30' });
    expect(long.failure.issues?.[0]).toMatchObject({ path: 'to', code: 'range_invalid' });
    const backwards = await report({ site: ops.first.domain, from: '2026-02-02', to: '2026-02-01' });
    expect(backwards.failure.issues?.[0]).toMatchObject({ path: 'to', code: 'range_invalid' });
    const half = await report({ site: ops.first.domain, from: '2026-02-02' });
    expect(half.failure.issues?.[0]).toMatchObject({ path: 'to', code: 'required' });
    const impossible = await report({ site: ops.first.domain, from: '2026-02-30', to: '2026-03-01' });
    expect(impossible.failure.issues?.[0]).toMatchObject({ path: 'from', code: 'day_invalid' });
  });
});
