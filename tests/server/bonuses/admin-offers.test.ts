// Issue 33, decision 0052: the console's bonus offers. Create with every rule of the contract (kind-specific
// fields, ranges, texts per locale), edit as version N+1 (never rewriting a version, two edits at once write
// one), pause / resume / end, per-site access (another site's operator refused), and an audit row per change.
import { describe, expect, it } from 'vitest';
import {
  adminOfferCreateCall,
  adminOfferDetailCall,
  adminOfferEditCall,
  adminOfferEndCall,
  adminOfferListCall,
  adminOfferPauseCall,
  adminOfferResumeCall,
  type OfferCreateRequest,
} from '#contract/admin/bonuses';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();
const ops = operatorsOfTwoSitesForSuite(server, 'payments_reviewer');

const offer = (over: Partial<OfferCreateRequest> = {}): OfferCreateRequest => ({
  site: ops.first.domain,
  kind: 'deposit_match',
  percent: 100,
  maxBonus: 500,
  minDeposit: 100,
  turnoverMultiplier: 20,
  turnoverBase: 'bonus_deposit',
  validityDays: 7,
  contributions: [
    { channel: 'slots', percent: 100 },
    { channel: 'live-casino', percent: 10 },
  ],
  texts: {
    'en-US': { title: 'Welcome match', terms: 'Bet 20 times the bonus and the deposit.' },
    'es-ES': { title: 'Bono de bienvenida', terms: 'Apuesta 20 veces el bono y el depósito.' },
  },
  ...over,
});

const create = async (over: Partial<OfferCreateRequest> = {}, token = ops.everyAdmin.token) => {
  const res = await server.call(adminOfferCreateCall, offer(over), { token });
  expect(res.http, JSON.stringify(res.data)).toBe(200);
  return res.data;
};

const issueOf = (res: { failure: { issues?: { path: string; code: string }[] } }) => res.failure.issues?.[0];

const versionRows = (offerId: number) =>
  Promise.all([
    server.db
      .selectFrom('bonus_offer_versions')
      .selectAll()
      .where('offer_id', '=', offerId)
      .orderBy('version')
      .execute(),
    server.db
      .selectFrom('bonus_offer_contributions')
      .selectAll()
      .where('offer_id', '=', offerId)
      .orderBy('version')
      .orderBy('channel_code')
      .execute(),
    server.db
      .selectFrom('bonus_offer_texts')
      .selectAll()
      .where('offer_id', '=', offerId)
      .orderBy('version')
      .orderBy('locale')
      .execute(),
  ]);

const auditActions = async (offerId: number) =>
  (
    await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('resource', '=', 'bonus')
      .where('record_id', '=', String(offerId))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('creating an offer', () => {
  it('writes version 1 with its contributions and texts, active, audited', async () => {
    const made = await create();
    expect(made).toMatchObject({
      site: ops.first.domain,
      kind: 'deposit_match',
      state: 'active',
      version: 1,
      title: 'Welcome match',
      budget: null,
      granted: 0,
      welcome: false,
    });
    expect(made.versions).toHaveLength(1);
    expect(made.versions[0]).toMatchObject({
      version: 1,
      percent: 100,
      maxBonus: 500,
      minDeposit: 100,
      turnoverMultiplier: 20,
      validityDays: 7,
      // Deposit match forfeits on a withdrawal unless told otherwise.
      forfeitsOnWithdrawal: true,
      contributions: [
        { channel: 'live-casino', percent: 10 },
        { channel: 'slots', percent: 100 },
      ],
      texts: { 'es-ES': { title: 'Bono de bienvenida' } },
      createdBy: { uid: ops.everyAdmin.uid },
    });
    const [versions, , texts] = await versionRows(made.id);
    expect(versions.map((v) => [v.version, v.max_bonus, v.min_deposit])).toEqual([[1, 50_000, 10_000]]);
    expect(texts.map((t) => t.locale)).toEqual(['en-US', 'es-ES']);
    expect(await auditActions(made.id)).toEqual(['bonus.offer.create']);
  });

  it('names the title in the operator’s language', async () => {
    const made = await create();
    const res = await server.call(
      adminOfferDetailCall,
      { id: made.id },
      { token: ops.everyAdmin.token, headers: { 'Accept-Language': 'es-ES' } },
    );
    expect(res.data.title).toBe('Bono de bienvenida');
  });

  it.each([
    ['a missing kind', { kind: undefined }, 'kind', 'required'],
    ['a percent of 0', { percent: 0 }, 'percent', 'offer_percent_invalid'],
    ['a percent above 1000', { percent: 1001 }, 'percent', 'offer_percent_invalid'],
    ['a fractional percent', { percent: 10.5 }, 'percent', 'offer_percent_invalid'],
    ['a deposit match without a percent', { percent: null }, 'percent', 'offer_percent_required'],
    ['a multiplier above 100', { turnoverMultiplier: 101 }, 'turnoverMultiplier', 'offer_multiplier_invalid'],
    ['a negative multiplier', { turnoverMultiplier: -1 }, 'turnoverMultiplier', 'offer_multiplier_invalid'],
    ['a validity of 0 days', { validityDays: 0 }, 'validityDays', 'offer_validity_invalid'],
    ['no validity', { validityDays: undefined }, 'validityDays', 'required'],
    [
      'a registration bonus without an amount',
      { kind: 'registration', percent: null },
      'amount',
      'offer_amount_required',
    ],
    ['a first-deposit bonus without an amount', { kind: 'first_deposit' }, 'amount', 'offer_amount_required'],
    ['a reload without its deposit number', { kind: 'reload' }, 'nthDeposit', 'offer_nth_deposit_required'],
    [
      'a cashback without a percent',
      { kind: 'cashback', percent: null },
      'percent',
      'offer_percent_required',
    ],
    ['an amount with 3 decimals', { kind: 'registration', amount: 1.005 }, 'amount', 'amount_invalid'],
    ['a budget of 0', { budget: 0 }, 'budget', 'amount_invalid'],
    ['no texts', { texts: {} }, 'texts', 'offer_text_required'],
    [
      'a title of 81 characters',
      { texts: { 'es-ES': { title: 'x'.repeat(81), terms: 't' } } },
      'texts.es-ES.title',
      'too_long',
    ],
    [
      'terms of 4001 characters',
      { texts: { 'en-US': { title: 't', terms: 'x'.repeat(4001) } } },
      'texts.en-US.terms',
      'too_long',
    ],
    ['an empty title', { texts: { 'en-US': { title: '  ', terms: 'x' } } }, 'texts.en-US.title', 'required'],
    [
      'an unknown language',
      { texts: { 'fr-FR': { title: 't', terms: 'x' } } },
      'texts',
      'locale_unsupported',
    ],
    [
      'a contribution above 100',
      { contributions: [{ channel: 'slots', percent: 101 }] },
      'contributions.0.percent',
      'offer_contribution_invalid',
    ],
    [
      'a channel listed twice',
      {
        contributions: [
          { channel: 'slots', percent: 50 },
          { channel: 'slots', percent: 60 },
        ],
      },
      'contributions.1.channel',
      'offer_contribution_duplicate',
    ],
    ['an unknown kind', { kind: 'lottery' }, 'kind', 'invalid_type'],
  ])('refuses %s', async (_what, over, path, code) => {
    const res = await server.callUntyped(
      adminOfferCreateCall,
      { ...offer(), ...over },
      { token: ops.everyAdmin.token },
    );
    expect(res.http).toBe(400);
    expect(res.failure.issues).toContainEqual(expect.objectContaining({ path, code }));
  });

  it('refuses an unknown channel and an unknown site, writing nothing', async () => {
    const before = await server.db
      .selectFrom('bonus_offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const channel = await server.call(
      adminOfferCreateCall,
      offer({ contributions: [{ channel: 'bingo', percent: 5 }] }),
      {
        token: ops.everyAdmin.token,
      },
    );
    expect(channel.http).toBe(400);
    expect(issueOf(channel)).toMatchObject({ path: 'contributions.0.channel', code: 'channel_not_found' });
    const site = await server.call(adminOfferCreateCall, offer({ site: 'nowhere.example' }), {
      token: ops.everyAdmin.token,
    });
    expect(issueOf(site)).toMatchObject({ path: 'site', code: 'site_not_found' });
    const after = await server.db
      .selectFrom('bonus_offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

describe('editing an offer', () => {
  it('writes version N+1 and never changes version N', async () => {
    const made = await create();
    const [v1, c1, t1] = await versionRows(made.id);
    server.clock.advance(60_000);
    const res = await server.call(
      adminOfferEditCall,
      {
        ...offer({ percent: 50, turnoverMultiplier: 30, budget: 1000 }),
        id: made.id,
        contributions: [{ channel: 'sports', percent: 50 }],
        texts: { 'es-ES': { title: 'Bono nuevo', terms: 'Nuevas condiciones.' } },
      },
      { token: ops.everyAdmin.token },
    );
    expect(res.http, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ version: 2, budget: 1000, title: 'Bono nuevo' });
    expect(res.data.versions.map((v) => [v.version, v.percent, v.turnoverMultiplier])).toEqual([
      [2, 50, 30],
      [1, 100, 20],
    ]);
    const [v2, c2, t2] = await versionRows(made.id);
    // Version 1's rows are exactly as they were.
    expect(v2.filter((v) => v.version === 1)).toEqual(v1);
    expect(c2.filter((c) => c.version === 1)).toEqual(c1);
    expect(t2.filter((t) => t.version === 1)).toEqual(t1);
    expect(c2.filter((c) => c.version === 2).map((c) => c.channel_code)).toEqual(['sports']);
    expect(t2.filter((t) => t.version === 2).map((t) => t.locale)).toEqual(['es-ES']);
    expect(await auditActions(made.id)).toEqual(['bonus.offer.create', 'bonus.offer.edit']);
  });

  it('writes one version of two edits at once', async () => {
    const made = await create();
    const edit = (percent: number) =>
      server.call(
        adminOfferEditCall,
        { ...offer({ percent }), id: made.id },
        { token: ops.everyAdmin.token },
      );
    const answers = await Promise.all([edit(60), edit(70)]);
    const statuses = answers.map((a) => a.http).sort();
    // Both may pass when they run one after the other (versions 2 and 3), never both as version 2.
    const [versions] = await versionRows(made.id);
    expect(versions.map((v) => v.version)).toEqual(statuses.every((s) => s === 200) ? [1, 2, 3] : [1, 2]);
    for (const a of answers) if (a.http !== 200) expect(a.failure.code).toBe('offer_state_invalid');
  });

  it('refuses a change of kind, a budget below what was granted, an unknown offer and an ended offer', async () => {
    const made = await create();
    const kind = await server.call(
      adminOfferEditCall,
      { ...offer({ kind: 'cashback' }), id: made.id },
      { token: ops.everyAdmin.token },
    );
    expect(issueOf(kind)).toMatchObject({ path: 'kind', code: 'offer_kind_fixed' });
    await server.db.updateTable('bonus_offers').set({ granted: 20_000 }).where('id', '=', made.id).execute();
    const budget = await server.call(
      adminOfferEditCall,
      { ...offer({ budget: 199.99 }), id: made.id },
      { token: ops.everyAdmin.token },
    );
    expect(issueOf(budget)).toMatchObject({ path: 'budget', code: 'offer_budget_below_granted' });
    const missing = await server.call(
      adminOfferEditCall,
      { ...offer(), id: 99_999_999 },
      { token: ops.everyAdmin.token },
    );
    expect(missing.http).toBe(404);
    expect(missing.failure.code).toBe('offer_not_found');
    await server.call(adminOfferEndCall, { id: made.id }, { token: ops.everyAdmin.token });
    const ended = await server.call(
      adminOfferEditCall,
      { ...offer(), id: made.id },
      { token: ops.everyAdmin.token },
    );
    expect(ended.http).toBe(409);
    expect(ended.failure.code).toBe('offer_ended');
    const [versions] = await versionRows(made.id);
    expect(versions).toHaveLength(1);
  });
});

describe('an offer’s state', () => {
  it('pauses, resumes and ends, each once and audited', async () => {
    const made = await create();
    const as = { token: ops.everyAdmin.token };
    expect((await server.call(adminOfferPauseCall, { id: made.id }, as)).data.state).toBe('paused');
    const again = await server.call(adminOfferPauseCall, { id: made.id }, as);
    expect(again.http).toBe(409);
    expect(again.failure.code).toBe('offer_state_invalid');
    expect((await server.call(adminOfferResumeCall, { id: made.id }, as)).data.state).toBe('active');
    expect((await server.call(adminOfferEndCall, { id: made.id }, as)).data.state).toBe('ended');
    const resumed = await server.call(adminOfferResumeCall, { id: made.id }, as);
    expect(resumed.failure.code).toBe('offer_state_invalid');
    expect(await auditActions(made.id)).toEqual([
      'bonus.offer.create',
      'bonus.offer.pause',
      'bonus.offer.resume',
      'bonus.offer.end',
    ]);
  });
});

describe('access per site', () => {
  it('lets an operator of one site work on its offers and refuses the other site’s', async () => {
    const mine = await create({}, ops.siteOperator.token);
    expect(mine.site).toBe(ops.first.domain);
    const other = await create({ site: ops.second.domain });
    const everySite = await create({ site: null });
    const as = { token: ops.siteOperator.token };

    const refusedCreate = await server.call(adminOfferCreateCall, offer({ site: ops.second.domain }), as);
    expect(refusedCreate.http).toBe(403);
    expect(refusedCreate.failure.code).toBe('permission_denied');
    // A platform-wide offer needs a grant on every site.
    expect((await server.call(adminOfferCreateCall, offer({ site: null }), as)).http).toBe(403);
    for (const refused of [
      server.call(adminOfferEditCall, { ...offer(), id: other.id }, as),
      server.call(adminOfferPauseCall, { id: other.id }, as),
      server.call(adminOfferEndCall, { id: everySite.id }, as),
      server.call(adminOfferDetailCall, { id: other.id }, as),
    ])
      expect((await refused).http).toBe(403);
    expect((await server.call(adminOfferPauseCall, { id: mine.id }, as)).http).toBe(200);

    const listed = await server.call(adminOfferListCall, { size: 50 }, as);
    const ids = listed.data.content.map((o) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(everySite.id);
    expect(listed.data.content.every((o) => o.site === ops.first.domain)).toBe(true);
    const everything = await server.call(adminOfferListCall, { size: 50 }, { token: ops.everyAdmin.token });
    expect(everything.data.content.map((o) => o.id)).toEqual(
      expect.arrayContaining([mine.id, other.id, everySite.id]),
    );
    const paused = await server.call(
      adminOfferListCall,
      { state: 'paused' },
      { token: ops.everyAdmin.token },
    );
    expect(paused.data.content.every((o) => o.state === 'paused')).toBe(true);
  });

  it('lets a viewer read but not write', async () => {
    const made = await create();
    const as = { token: ops.viewer.token };
    expect((await server.call(adminOfferDetailCall, { id: made.id }, as)).http).toBe(200);
    expect((await server.call(adminOfferCreateCall, offer(), as)).http).toBe(403);
    expect((await server.call(adminOfferPauseCall, { id: made.id }, as)).http).toBe(403);
  });

  it('refuses a player', async () => {
    const { quickUser } = await import('../agent/team-fixtures');
    const player = await quickUser(server);
    const res = await server.call(adminOfferListCall, {}, { token: player.token });
    expect(res.http).toBe(403);
  });
});
