// Issue 33: an operator's actions on a player's bonuses, through the bonuses module's money core. A manual
// grant with a reason (once per key; above 1,000.00 a four-eyes command the maker cannot approve), a cancel
// (its money back to the bonuses account, once), a held claim decided once; every one audited, refused for
// another site's players and for bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminBonusGrantCall,
  adminBonusReportCall,
  adminClaimDecideCall,
  adminHeldClaimListCall,
  adminOfferCreateCall,
  adminOfferEndCall,
  adminRequirementCancelCall,
  adminUserBonusesCall,
} from '#contract/admin/bonuses';
import { accountBalance, requirementAccount, systemAccount } from '../../../server/modules/ledger/service';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { newKey } from '../wallet/helpers';

const server = serverForSuite();
const ops = operatorsOfTwoSitesForSuite(server, 'payments_reviewer');

async function offerOf(site: string | null, over: Record<string, unknown> = {}): Promise<number> {
  const res = await server.call(
    adminOfferCreateCall,
    {
      site,
      kind: 'manual',
      turnoverMultiplier: 5,
      validityDays: 7,
      texts: { 'en-US': { title: 'Goodwill', terms: 'Bet 5 times the bonus.' } },
      ...over,
    },
    { token: ops.everyAdmin.token },
  );
  expect(res.http, JSON.stringify(res.data)).toBe(200);
  return res.data.id;
}

async function playerOf(siteId: number): Promise<TeamUser> {
  const player = await quickUser(server);
  await server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', player.id).execute();
  return player;
}

const grant = (
  token: string,
  input: { uid: number; offerId: number; amount: number; note: string },
  key = newKey(),
) => server.call(adminBonusGrantCall, input, { token, key });

const auditOf = (action: string, recordId: number) =>
  server.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'after'])
    .where('action', '=', action)
    .where('record_id', '=', String(recordId))
    .execute();

let firstOffer: number;
let secondOffer: number;
beforeAll(async () => {
  firstOffer = await offerOf(ops.first.domain);
  secondOffer = await offerOf(ops.second.domain);
});

describe('a manual grant', () => {
  it('credits a requirement with the reason, once per key, audited', async () => {
    const player = await playerOf(ops.first.id);
    const input = { uid: player.uid, offerId: firstOffer, amount: 50, note: 'Sorry for the outage' };
    const key = newKey();
    const res = await grant(ops.siteOperator.token, input, key);
    expect(res.http, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({
      claimId: expect.any(Number),
      requirementId: expect.any(Number),
      secondApproval: null,
    });
    const requirementId = res.data.requirementId as number;
    expect(await accountBalance(server.db, requirementAccount(player.id, requirementId))).toBe(5_000);
    // The same key again: the same answer, nothing granted twice.
    const again = await grant(ops.siteOperator.token, input, key);
    expect(again.data).toEqual(res.data);
    const claims = await server.db
      .selectFrom('bonus_claims')
      .selectAll()
      .where('user_id', '=', player.id)
      .execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ state: 'granted', amount: 5_000, note: 'Sorry for the outage' });

    const audit = await auditOf('bonus.grant', res.data.claimId as number);
    expect(audit).toHaveLength(1);
    expect(Number(audit[0]?.actor_id)).toBe(ops.siteOperator.id);

    const listed = await server.call(
      adminUserBonusesCall,
      { uid: player.uid },
      { token: ops.siteOperator.token },
    );
    expect(listed.data.active.map((r) => r.id)).toEqual([requirementId]);
    expect(listed.data.active[0]).toMatchObject({
      amount: 50,
      balance: 50,
      required: 250,
      title: 'Goodwill',
    });
    expect(listed.data.claims[0]).toMatchObject({
      id: res.data.claimId,
      amount: 50,
      note: 'Sorry for the outage',
      operator: { uid: ops.siteOperator.uid },
      title: 'Goodwill',
    });
  });

  it.each([
    ['no amount', { amount: undefined }, 'amount', 'amount_required'],
    ['an amount of 0', { amount: 0 }, 'amount', 'amount_invalid'],
    ['three decimals', { amount: 1.005 }, 'amount', 'amount_invalid'],
    ['no reason', { note: undefined }, 'note', 'required'],
    ['a blank reason', { note: '   ' }, 'note', 'required'],
    ['a reason of 201 characters', { note: 'x'.repeat(201) }, 'note', 'too_long'],
    ['no offer', { offerId: undefined }, 'offerId', 'required'],
  ])('refuses %s', async (_what, over, path, code) => {
    const player = await playerOf(ops.first.id);
    const res = await server.callUntyped(
      adminBonusGrantCall,
      { uid: player.uid, offerId: firstOffer, amount: 10, note: 'why', ...over },
      { token: ops.everyAdmin.token, key: newKey() },
    );
    expect(res.http).toBe(400);
    expect(res.failure.issues).toContainEqual(expect.objectContaining({ path, code }));
    const claims = await server.db
      .selectFrom('bonus_claims')
      .select('id')
      .where('user_id', '=', player.id)
      .execute();
    expect(claims).toEqual([]);
  });

  it('refuses without a key, for an unknown player or offer, another site’s offer and an ended offer', async () => {
    const player = await playerOf(ops.first.id);
    const input = { uid: player.uid, offerId: firstOffer, amount: 10, note: 'why' };
    const noKey = await server.callUntyped(adminBonusGrantCall, input, { token: ops.everyAdmin.token });
    expect(noKey.http).toBe(400);
    const unknownPlayer = await grant(ops.everyAdmin.token, { ...input, uid: 1 });
    expect(unknownPlayer.failure.code).toBe('user_not_found');
    const unknownOffer = await grant(ops.everyAdmin.token, { ...input, offerId: 99_999_999 });
    expect(unknownOffer.failure.issues?.[0]).toMatchObject({ path: 'offerId', code: 'offer_not_found' });
    const otherSite = await grant(ops.everyAdmin.token, { ...input, offerId: secondOffer });
    expect(otherSite.http).toBe(409);
    expect(otherSite.failure.code).toBe('offer_site_mismatch');
    const ended = await offerOf(ops.first.domain);
    await server.call(adminOfferEndCall, { id: ended }, { token: ops.everyAdmin.token });
    const endedGrant = await grant(ops.everyAdmin.token, { ...input, offerId: ended });
    expect(endedGrant.failure.code).toBe('offer_ended');
    // A platform-wide offer is open to every site's players.
    const everySite = await offerOf(null);
    expect((await grant(ops.everyAdmin.token, { ...input, offerId: everySite })).http).toBe(200);
  });

  it('refuses another site’s operator and a viewer', async () => {
    const other = await playerOf(ops.second.id);
    const refused = await grant(ops.siteOperator.token, {
      uid: other.uid,
      offerId: secondOffer,
      amount: 10,
      note: 'why',
    });
    expect(refused.http).toBe(403);
    expect(refused.failure.code).toBe('permission_denied');
    expect(
      (await server.call(adminUserBonusesCall, { uid: other.uid }, { token: ops.siteOperator.token })).http,
    ).toBe(403);
    const mine = await playerOf(ops.first.id);
    const viewer = await grant(ops.viewer.token, {
      uid: mine.uid,
      offerId: firstOffer,
      amount: 10,
      note: 'why',
    });
    expect(viewer.http).toBe(403);
    const claims = await server.db
      .selectFrom('bonus_claims')
      .select('id')
      .where('user_id', 'in', [other.id, mine.id])
      .execute();
    expect(claims).toEqual([]);
  });

  it("waits above the player's site's own threshold, as its settings set it", async () => {
    await server.db
      .updateTable('sites')
      .set({ bonus_grant_threshold: 50_00 })
      .where('id', '=', ops.second.id)
      .execute();
    try {
      const player = await playerOf(ops.second.id);
      const offerId = await offerOf(null);
      const at = await grant(ops.everyAdmin.token, {
        uid: player.uid,
        offerId,
        amount: 50,
        note: 'Goodwill',
      });
      expect(at.data.secondApproval).toBeNull();
      const above = await grant(ops.everyAdmin.token, {
        uid: player.uid,
        offerId,
        amount: 50.01,
        note: 'More',
      });
      expect(above.data).toMatchObject({ claimId: null, secondApproval: { commandId: expect.any(Number) } });
      // A player of the other site still has 1,000.00.
      const other = await playerOf(ops.first.id);
      const there = await grant(ops.everyAdmin.token, {
        uid: other.uid,
        offerId,
        amount: 50.01,
        note: 'Same',
      });
      expect(there.data.secondApproval).toBeNull();
    } finally {
      await server.db
        .updateTable('sites')
        .set({ bonus_grant_threshold: 100_000 })
        .where('id', '=', ops.second.id)
        .execute();
    }
  });

  it('above 1,000.00 waits for a second operator, whom the maker cannot be; 1,000.00 itself does not', async () => {
    const player = await playerOf(ops.first.id);
    const atThreshold = await grant(ops.siteOperator.token, {
      uid: player.uid,
      offerId: firstOffer,
      amount: 1000,
      note: 'VIP',
    });
    expect(atThreshold.data.secondApproval).toBeNull();

    const input = { uid: player.uid, offerId: firstOffer, amount: 1000.01, note: 'VIP apology' };
    const asked = await grant(ops.siteOperator.token, input);
    expect(asked.http, JSON.stringify(asked.data)).toBe(200);
    expect(asked.data).toMatchObject({
      claimId: null,
      requirementId: null,
      secondApproval: { commandId: expect.any(Number) },
    });
    const commandId = asked.data.secondApproval?.commandId as number;
    // Asking again (a new key) proposes nothing new.
    expect((await grant(ops.siteOperator.token, input)).data.secondApproval?.commandId).toBe(commandId);
    const before = await server.db
      .selectFrom('bonus_claims')
      .select('amount')
      .where('user_id', '=', player.id)
      .execute();
    expect(before.map((c) => Number(c.amount))).toEqual([100_000]);
    expect(await auditOf('command.propose.bonus_grant', commandId)).toHaveLength(1);

    const byMaker = await server.post('/admin/commands/approve', { id: commandId }, ops.siteOperator.token);
    expect(byMaker.http).toBe(403);
    const approved = await server.post('/admin/commands/approve', { id: commandId }, ops.everyAdmin.token);
    expect(approved.http).toBe(200);
    expect(approved.data.state).toBe('approved');
    const after = await server.db
      .selectFrom('bonus_claims')
      .select(['id', 'amount', 'state'])
      .where('user_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(after.map((c) => [Number(c.amount), c.state])).toEqual([
      [100_000, 'granted'],
      [100_001, 'granted'],
    ]);
    const audit = await auditOf('bonus.grant', Number(after[1]?.id));
    expect(Number(audit[0]?.actor_id)).toBe(ops.everyAdmin.id);
    // Approved twice: applied once.
    await server.post('/admin/commands/approve', { id: commandId }, ops.everyAdmin.token);
    expect(
      await server.db.selectFrom('bonus_claims').select('id').where('user_id', '=', player.id).execute(),
    ).toHaveLength(2);
  });
});

describe('cancelling a requirement', () => {
  it('sends its money back to the bonuses account once, audited; refuses another site’s operator', async () => {
    const player = await playerOf(ops.first.id);
    const granted = await grant(ops.everyAdmin.token, {
      uid: player.uid,
      offerId: firstOffer,
      amount: 30,
      note: 'test',
    });
    const requirementId = granted.data.requirementId as number;

    const other = await playerOf(ops.second.id);
    const otherGrant = await grant(ops.everyAdmin.token, {
      uid: other.uid,
      offerId: secondOffer,
      amount: 30,
      note: 'test',
    });
    const bonusesBefore = await accountBalance(server.db, systemAccount('bonuses'));
    const refused = await server.call(
      adminRequirementCancelCall,
      { requirementId: otherGrant.data.requirementId as number, note: 'no' },
      { token: ops.siteOperator.token, key: newKey() },
    );
    expect(refused.http).toBe(403);

    const noNote = await server.callUntyped(
      adminRequirementCancelCall,
      { requirementId },
      { token: ops.siteOperator.token, key: newKey() },
    );
    expect(noNote.failure.issues?.[0]).toMatchObject({ path: 'note', code: 'required' });

    const res = await server.call(
      adminRequirementCancelCall,
      { requirementId, note: 'Abuse of the offer' },
      { token: ops.siteOperator.token, key: newKey() },
    );
    expect(res.http, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ requirementId, removed: 30 });
    expect(await accountBalance(server.db, requirementAccount(player.id, requirementId))).toBe(0);
    expect(await accountBalance(server.db, systemAccount('bonuses'))).toBe(bonusesBefore + 3_000);
    const again = await server.call(
      adminRequirementCancelCall,
      { requirementId, note: 'again' },
      { token: ops.siteOperator.token, key: newKey() },
    );
    expect(again.http).toBe(409);
    expect(again.failure.code).toBe('requirement_not_open');
    const unknown = await server.call(
      adminRequirementCancelCall,
      { requirementId: 99_999_999, note: 'x' },
      { token: ops.siteOperator.token, key: newKey() },
    );
    expect(unknown.failure.code).toBe('requirement_not_found');
    expect(await auditOf('bonus.cancel', requirementId)).toHaveLength(1);
    const listed = await server.call(
      adminUserBonusesCall,
      { uid: player.uid },
      { token: ops.siteOperator.token },
    );
    expect(listed.data.history[0]).toMatchObject({ id: requirementId, state: 'cancelled' });
    // The report reads the core's own postings: this offer granted and had cancelled what this test did.
    const report = await server.call(
      adminBonusReportCall,
      { site: ops.first.domain },
      { token: ops.siteOperator.token },
    );
    const row = report.data.offers.find((o) => o.offerId === firstOffer);
    expect(row?.cancelled).toBe(30);
    expect(row?.granted).toBeGreaterThanOrEqual(30);
  });
});

describe('a held claim', () => {
  async function heldClaim(siteId: number, offerId: number): Promise<{ claimId: number; player: TeamUser }> {
    const player = await playerOf(siteId);
    const row = await server.db
      .insertInto('bonus_claims')
      .values({
        offer_id: offerId,
        version: 1,
        user_id: player.id,
        period: '',
        state: 'held',
        reason: 'same_address',
        amount: 2_000,
        base: 0,
        note: null,
        operator_id: null,
        created_at: server.clock.now(),
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { claimId: Number(row.id), player };
  }
  const decide = (token: string, claimId: number, approve: boolean, note = 'checked') =>
    server.call(adminClaimDecideCall, { claimId, approve, note }, { token, key: newKey() });

  it('is listed for review, approved (paid now) or refused once, audited; another site’s is not the operator’s', async () => {
    const registration = await offerOf(ops.first.domain, { kind: 'registration', amount: 20, welcome: true });
    const otherRegistration = await offerOf(ops.second.domain, { kind: 'registration', amount: 20 });
    const approveMe = await heldClaim(ops.first.id, registration);
    const refuseMe = await heldClaim(ops.first.id, registration);
    const otherSite = await heldClaim(ops.second.id, otherRegistration);

    const listed = await server.call(adminHeldClaimListCall, { size: 50 }, { token: ops.siteOperator.token });
    const ids = listed.data.content.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([approveMe.claimId, refuseMe.claimId]));
    expect(ids).not.toContain(otherSite.claimId);
    expect(listed.data.content.find((c) => c.id === approveMe.claimId)).toMatchObject({
      reason: 'same_address',
      amount: 20,
      user: { uid: approveMe.player.uid },
    });
    expect((await decide(ops.siteOperator.token, otherSite.claimId, true)).http).toBe(403);

    const approved = await decide(
      ops.siteOperator.token,
      approveMe.claimId,
      true,
      'Same household, two people',
    );
    expect(approved.http, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data).toEqual({ claimId: approveMe.claimId, state: 'granted' });
    const requirement = await server.db
      .selectFrom('bonus_requirements')
      .select(['id', 'amount'])
      .where('claim_id', '=', approveMe.claimId)
      .executeTakeFirstOrThrow();
    expect(Number(requirement.amount)).toBe(2_000);
    const twice = await decide(ops.siteOperator.token, approveMe.claimId, false);
    expect(twice.http).toBe(409);
    expect(twice.failure.code).toBe('claim_not_held');

    const refused = await decide(ops.siteOperator.token, refuseMe.claimId, false, 'Same person');
    expect(refused.data.state).toBe('refused');
    expect(
      await server.db
        .selectFrom('bonus_requirements')
        .select('id')
        .where('claim_id', '=', refuseMe.claimId)
        .execute(),
    ).toEqual([]);
    expect(await auditOf('bonus.claim.approve', approveMe.claimId)).toHaveLength(1);
    expect(await auditOf('bonus.claim.refuse', refuseMe.claimId)).toHaveLength(1);
    const unknown = await decide(ops.siteOperator.token, 99_999_999, true);
    expect(unknown.failure.code).toBe('claim_not_found');
    const missing = await server.callUntyped(
      adminClaimDecideCall,
      { claimId: refuseMe.claimId, note: 'x' },
      { token: ops.siteOperator.token, key: newKey() },
    );
    expect(missing.failure.issues?.[0]).toMatchObject({ path: 'approve', code: 'required' });
  });
});
