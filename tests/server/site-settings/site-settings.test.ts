// Issue 16: a site's settings in the console. Operators read the sites of their grants; an administrator of
// a site changes its branding, limits and four-eyes thresholds, which the public site list shows at once;
// every change is audited with what it was, the chain still verifies; wrong values are refused by field.
import { describe, expect, it } from 'vitest';
import type { AdminSite } from '#contract/admin/site';
import { verifyAudit } from '../../../server/modules/audit/service';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');

const list = async (token: string) => {
  const res = await server.post('/admin/sites/list', {}, token);
  expect(res.http, res.message).toBe(200);
  return res.data as AdminSite[];
};

/** The settings of `domain` as the console shows them, with `changes`. */
async function settings(domain: string, changes: Record<string, unknown> = {}) {
  const site = (await list(operators.everyAdmin.token)).find((s) => s.domain === domain);
  if (!site) throw new Error(`no site ${domain}`);
  const { businessTimeZone: _, country: __, domain: ___, ...fields } = site;
  return { ...fields, ...changes };
}

const publicSite = async (domain: string) => {
  const res = await server.post('/mainview/sites', {});
  return (res.data as Array<Record<string, unknown>>).find((s) => s.domain === domain);
};

describe('reading', () => {
  it('an operator of every site reads every site; a site operator only theirs; the time zone is shown', async () => {
    expect((await list(operators.everyAdmin.token)).map((s) => s.domain)).toEqual([
      operators.first.domain,
      operators.second.domain,
    ]);
    expect((await list(operators.viewer.token)).map((s) => s.domain)).toEqual([
      operators.first.domain,
      operators.second.domain,
    ]);
    const own = await list(operators.siteOperator.token);
    expect(own.map((s) => s.domain)).toEqual([operators.first.domain]);
    expect(own[0]?.businessTimeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+$|^UTC$/);
  });

  it('a player is refused', async () => {
    const player = await quickUser(server);
    const res = await server.post('/admin/sites/list', {}, player.token);
    expect(res).toMatchObject({ http: 403, data: { code: 'operator_only' } });
  });
});

describe('saving', () => {
  it('a site administrator changes their site: the public list shows it at once, audited before and after', async () => {
    const wanted = await settings(operators.first.domain, {
      name: 'Harbour Lights',
      themeColor: '#1F618D',
      currencySymbols: { 'en-US': 'PHP' },
      minWithdraw: 150.5,
      maxWithdraw: 40_000,
      reviewThreshold: 7_500,
      ratioChangeLimitBp: 250,
    });
    const before = await publicSite(operators.first.domain);
    const res = await server.post(
      '/admin/sites/save',
      { domain: operators.first.domain, ...wanted },
      operators.siteOperator.token,
    );
    expect(res.http, res.message).toBe(200);
    expect(res.data).toMatchObject({ ...wanted, themeColor: '#1f618d' });

    expect(await publicSite(operators.first.domain)).toMatchObject({
      name: 'Harbour Lights',
      themeColor: '#1f618d',
      currencySymbols: { 'en-US': 'PHP' },
      minWithdraw: 150.5,
      maxWithdraw: 40_000,
    });
    const stored = await server.db
      .selectFrom('sites')
      .select(['min_withdraw', 'review_threshold', 'ratio_change_limit_bp'])
      .where('id', '=', operators.first.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.min_withdraw)).toBe(15_050);
    expect(Number(stored.review_threshold)).toBe(750_000);
    expect(Number(stored.ratio_change_limit_bp)).toBe(250);

    const row = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site.settings')
      .where('actor_id', '=', operators.siteOperator.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.chain)).toBe(operators.first.id);
    expect(JSON.parse(String(row.before))).toMatchObject({
      name: before?.name,
      minWithdraw: before?.minWithdraw,
    });
    expect(JSON.parse(String(row.after))).toMatchObject({ name: 'Harbour Lights', minWithdraw: 150.5 });
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('no currency symbols stores none; the public list says null', async () => {
    const res = await server.post(
      '/admin/sites/save',
      {
        domain: operators.first.domain,
        ...(await settings(operators.first.domain, { currencySymbols: {} })),
      },
      operators.everyAdmin.token,
    );
    expect(res.http, res.message).toBe(200);
    expect((await publicSite(operators.first.domain))?.currencySymbols).toBeNull();
  });

  it('another site, a viewer, a player: refused, nothing changed', async () => {
    const otherBefore = await publicSite(operators.second.domain);
    const other = await server.post(
      '/admin/sites/save',
      {
        domain: operators.second.domain,
        ...(await settings(operators.second.domain, { name: 'Taken over' })),
      },
      operators.siteOperator.token,
    );
    expect(other.http).toBe(403);
    const byViewer = await server.post(
      '/admin/sites/save',
      {
        domain: operators.second.domain,
        ...(await settings(operators.second.domain, { name: 'Taken over' })),
      },
      operators.viewer.token,
    );
    expect(byViewer.http).toBe(403);
    const player = await quickUser(server);
    const byPlayer = await server.post(
      '/admin/sites/save',
      {
        domain: operators.second.domain,
        ...(await settings(operators.second.domain, { name: 'Taken over' })),
      },
      player.token,
    );
    expect(byPlayer).toMatchObject({ http: 403, data: { code: 'operator_only' } });
    expect(await publicSite(operators.second.domain)).toEqual(otherBefore);
  });

  it('two saves at once: both applied in turn, both audited, the chain verifies', async () => {
    const [a, b] = await Promise.all([
      server.post(
        '/admin/sites/save',
        { domain: operators.second.domain, ...(await settings(operators.second.domain, { name: 'North' })) },
        operators.everyAdmin.token,
      ),
      server.post(
        '/admin/sites/save',
        { domain: operators.second.domain, ...(await settings(operators.second.domain, { name: 'South' })) },
        operators.everyAdmin.token,
      ),
    ]);
    expect([a.http, b.http]).toEqual([200, 200]);
    expect(['North', 'South']).toContain((await publicSite(operators.second.domain))?.name);
    const rows = await server.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'site.settings')
      .where('chain', '=', operators.second.id)
      .execute();
    expect(rows.map((r) => JSON.parse(String(r.after)).name).sort()).toEqual(['North', 'South']);
    expect(await verifyAudit(server.db)).toEqual([]);
  });
});

describe('wrong values, refused by field and leaving the site as it was', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a colour that is not #rrggbb', { themeColor: 'red' }, 'themeColor', 'site_colour_invalid'],
    [
      'a maximum below the minimum',
      { minWithdraw: 500, maxWithdraw: 100 },
      'maxWithdraw',
      'site_limits_invalid',
    ],
    ['a negative amount', { minTransfer: -1 }, 'minTransfer', 'amount_invalid'],
    ['a fraction of a cent', { reviewThreshold: 10.005 }, 'reviewThreshold', 'amount_invalid'],
    ['an empty name', { name: '  ' }, 'name', 'required'],
    ['a name too long', { name: 'x'.repeat(101) }, 'name', 'too_long'],
    ['a ratio limit above 100%', { ratioChangeLimitBp: 10_001 }, 'ratioChangeLimitBp', 'invalid_type'],
    [
      'a currency symbol of an unknown language',
      { currencySymbols: { 'fr-FR': '€' } },
      'currencySymbols',
      'locale_unsupported',
    ],
  ];
  for (const [name, changes, path, code] of cases)
    it(name, async () => {
      const before = await publicSite(operators.first.domain);
      const res = await server.post(
        '/admin/sites/save',
        { domain: operators.first.domain, ...(await settings(operators.first.domain, changes)) },
        operators.everyAdmin.token,
      );
      expect(res.http).toBe(400);
      expect(res.data.issues[0]).toMatchObject({ code });
      expect(String(res.data.issues[0].path)).toMatch(new RegExp(`^${path}`));
      expect(await publicSite(operators.first.domain)).toEqual(before);
    });

  it('a missing field and an unknown site', async () => {
    const { name: _, ...withoutName } = await settings(operators.first.domain);
    const missing = await server.post(
      '/admin/sites/save',
      { domain: operators.first.domain, ...withoutName },
      operators.everyAdmin.token,
    );
    expect(missing.http).toBe(400);
    expect(missing.data.issues[0]).toMatchObject({ path: 'name', code: 'required' });
    const unknown = await server.post(
      '/admin/sites/save',
      { ...(await settings(operators.first.domain)), domain: 'nowhere.example' },
      operators.everyAdmin.token,
    );
    expect(unknown.http).toBe(400);
    expect(unknown.data.issues[0]).toMatchObject({ path: 'domain', code: 'site_not_found' });
  });
});

// After the tests that read the second site's audit chain: this one adds to it.
describe('the manual-bonus threshold', () => {
  it("keeps a site's manual-bonus threshold when a save leaves it out, and sets it when one names it", async () => {
    const { bonusGrantThreshold: listed, ...withoutIt } = await settings(operators.second.domain);
    expect(listed).toBe(1_000);
    const named = await server.post(
      '/admin/sites/save',
      { domain: operators.second.domain, ...withoutIt, bonusGrantThreshold: 250.5 },
      operators.everyAdmin.token,
    );
    expect(named.http, named.message).toBe(200);
    expect(named.data.bonusGrantThreshold).toBe(250.5);
    const left = await server.post(
      '/admin/sites/save',
      { domain: operators.second.domain, ...withoutIt, name: 'Kept threshold' },
      operators.everyAdmin.token,
    );
    expect(left.data).toMatchObject({ name: 'Kept threshold', bonusGrantThreshold: 250.5 });
    const stored = await server.db
      .selectFrom('sites')
      .select('bonus_grant_threshold')
      .where('id', '=', operators.second.id)
      .executeTakeFirstOrThrow();
    expect(stored.bonus_grant_threshold).toBe(25_050);
    const wrong = await server.post(
      '/admin/sites/save',
      { domain: operators.second.domain, ...withoutIt, bonusGrantThreshold: -1 },
      operators.everyAdmin.token,
    );
    expect(wrong.http).toBe(400);
    expect(wrong.data.issues.map((i: { path: string }) => i.path)).toEqual(['bonusGrantThreshold']);
  });
});
