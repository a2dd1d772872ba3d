// Issue 16: creating a site from the console. Only an administrator of every site creates one; the new site
// is in the public list at once (a request through its domain is branded by it), its creation is the first
// row of its own audit chain, and a taken or malformed domain is refused by field, creating nothing.
import { describe, expect, it } from 'vitest';
import { verifyAudit } from '../../../server/modules/audit/service';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator, operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');

const newSite = (changes: Record<string, unknown> = {}) => ({
  domain: 'play.harbour.example',
  country: 'IN',
  name: 'Harbour',
  shortName: 'Harbour',
  themeColor: '#0E7490',
  supportHandle: '@HarbourHelp',
  currencySymbols: { 'en-US': '₹' },
  minWithdraw: 200,
  maxWithdraw: 20_000,
  minTransfer: 5,
  reviewThreshold: 5_000,
  ratioChangeLimitBp: 300,
  ...changes,
});
const create = (body: Record<string, unknown>, token = operators.everyAdmin.token) =>
  server.post('/admin/sites/create', body, token);
const siteCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('sites')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating a site', () => {
  it('an administrator of every site creates one: listed at once, branded by its domain, audited first on its chain', async () => {
    const res = await create(newSite({ domain: '  Play.Harbour.Example ' }));
    expect(res.http, res.message).toBe(200);
    expect(res.data).toMatchObject({
      domain: 'play.harbour.example',
      country: 'IN',
      name: 'Harbour',
      themeColor: '#0e7490',
      minWithdraw: 200,
      ratioChangeLimitBp: 300,
    });
    const listed = await server.post('/admin/sites/list', {}, operators.everyAdmin.token);
    expect(listed.data.map((s: { domain: string }) => s.domain)).toContain('play.harbour.example');
    const publicList = await server.post('/mainview/sites', {});
    expect(
      publicList.data.find((s: { domain: string }) => s.domain === 'play.harbour.example'),
    ).toMatchObject({
      name: 'Harbour',
    });

    const site = await server.db
      .selectFrom('sites')
      .select(['id', 'min_withdraw'])
      .where('domain', '=', 'play.harbour.example')
      .executeTakeFirstOrThrow();
    expect(Number(site.min_withdraw)).toBe(20_000);
    const rows = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('chain', '=', Number(site.id))
      .execute();
    expect(rows.map((r) => [r.action, Number(r.seq), r.before])).toEqual([['site.create', 1, null]]);
    expect(JSON.parse(String(rows[0]?.after))).toMatchObject({
      domain: 'play.harbour.example',
      name: 'Harbour',
    });
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('a site administrator, a viewer of every site and a player are refused; nothing is created', async () => {
    const before = await siteCount();
    expect((await create(newSite({ domain: 'a.example' }), operators.siteOperator.token)).data).toEqual({
      code: 'permission_denied',
    });
    const viewer = await quickUser(server);
    await makeOperator(server, viewer, [{ role: 'viewer', siteId: null }]);
    expect((await create(newSite({ domain: 'b.example' }), viewer.token)).data).toEqual({
      code: 'permission_denied',
    });
    const player = await quickUser(server);
    expect((await create(newSite({ domain: 'c.example' }), player.token)).data).toEqual({
      code: 'operator_only',
    });
    expect(await siteCount()).toBe(before);
  });

  it('a taken domain, checked first or lost in a race, is site_domain_taken', async () => {
    const taken = await create(newSite({ domain: operators.first.domain }));
    expect(taken.http).toBe(400);
    expect(taken.data.issues[0]).toMatchObject({ path: 'domain', code: 'site_domain_taken' });

    const before = await siteCount();
    const raced = await Promise.all([1, 2, 3].map(() => create(newSite({ domain: 'race.example' }))));
    expect(raced.map((r) => r.http).sort()).toEqual([200, 400, 400]);
    for (const r of raced.filter((x) => x.http === 400))
      expect(r.data.issues[0]).toMatchObject({ path: 'domain', code: 'site_domain_taken' });
    expect(await siteCount()).toBe(before + 1);
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  const wrong: Array<[string, Record<string, unknown>, string, string]> = [
    ['a domain with a scheme', { domain: 'https://x.example' }, 'domain', 'site_domain_invalid'],
    ['a domain with a port', { domain: 'x.example:8080' }, 'domain', 'site_domain_invalid'],
    ['a domain with a path', { domain: 'x.example/app' }, 'domain', 'site_domain_invalid'],
    ['a label ending in a hyphen', { domain: 'x-.example' }, 'domain', 'site_domain_invalid'],
    ['an empty domain', { domain: ' ' }, 'domain', 'required'],
    ['a domain too long', { domain: `${'a'.repeat(60)}.`.repeat(5).concat('example') }, 'domain', 'too_long'],
    ['an unknown country', { country: 'FR' }, 'country', 'invalid_type'],
    ['no country', { country: undefined }, 'country', 'invalid_type'],
    [
      'limits the wrong way round',
      { minWithdraw: 900, maxWithdraw: 100 },
      'maxWithdraw',
      'site_limits_invalid',
    ],
    ['a colour that is not #rrggbb', { themeColor: 'teal' }, 'themeColor', 'site_colour_invalid'],
  ];
  for (const [name, changes, path, code] of wrong)
    it(`refuses ${name}, creating nothing`, async () => {
      const before = await siteCount();
      const res = await create(newSite({ domain: 'wrong.example', ...changes }));
      expect(res.http).toBe(400);
      expect(res.data.issues[0]).toMatchObject({ path, code });
      expect(await siteCount()).toBe(before);
    });
});
