// Issue 31, item 21: a name is a title, not markup. Every console call that writes a site's, a banner's
// or a catalogue item's name refuses `<` and `>` by field (`markup_characters`, which the console
// translates), and stores nothing; a name with `&` or quotes is still a name.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminSite } from '#contract/admin/site';
import type { TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSites } from '../operators/helpers';

const SCRIPT = '<script>alert(1)</script>';

const server = serverForSuite();
let admin: TeamUser;
let domain: string;

beforeAll(async () => {
  ({
    everyAdmin: admin,
    first: { domain },
  } = await operatorsOfTwoSites(server, 'administrator'));
});

const post = (path: string, body: unknown) => server.post(path, body, admin.token);

/** The site's settings as the console reads them, ready to save with `changes`. */
async function siteSettings(changes: Record<string, unknown>) {
  const sites = (await post('/admin/sites/list', {})).data as AdminSite[];
  const site = sites.find((s) => s.domain === domain);
  if (!site) throw new Error(`no site ${domain}`);
  const { businessTimeZone: _, country: __, ...fields } = site;
  return { ...fields, ...changes };
}

const publicName = async () =>
  ((await server.post('/mainview/sites', {})).data as { domain: string; name: string }[]).find(
    (s) => s.domain === domain,
  )?.name;

const wxItem = (name: string) => ({
  kind: 'wx',
  texts: { 'en-US': { name, intro: 'Build a tower.' } },
  targetUrl: 'https://example.com/play/tower',
  category: '休闲',
  rate: 0.3,
});
const demandItem = (name: string) => ({
  kind: 'dou',
  texts: { 'en-US': { name, intro: 'Film a review.' } },
  targetUrl: 'https://example.com/task',
  quota: 10,
});
const banner = (name: string) => ({ site: null, texts: { 'en-US': { name, remark: '' } } });

/** The answer refuses exactly `path` as markup. */
function expectMarkupRefused(res: { http: number; data: unknown }, path: string) {
  expect(res.http).toBe(400);
  expect(res.data).toEqual({
    issues: expect.arrayContaining([
      { path, code: 'markup_characters', message: 'A name cannot contain < or >' },
    ]),
  });
}

describe('a name with markup', () => {
  it.each([
    ['name', SCRIPT],
    ['shortName', '<b>Beacon</b>'],
  ])('is refused as the site %s, and the public site list keeps the old one', async (field, value) => {
    const before = await publicName();
    const res = await post('/admin/sites/save', await siteSettings({ [field]: value }));
    expectMarkupRefused(res, field);
    expect(await publicName()).toBe(before);
  });

  it('is refused as a new site’s name, and no site is made', async () => {
    const res = await post('/admin/sites/create', {
      ...(await siteSettings({ name: SCRIPT })),
      domain: 'markup.example.com',
      country: 'PH',
    });
    expectMarkupRefused(res, 'name');
    const sites = (await post('/admin/sites/list', {})).data as AdminSite[];
    expect(sites.map((s) => s.domain)).not.toContain('markup.example.com');
  });

  it('is refused as a banner’s name, on create and on edit', async () => {
    expectMarkupRefused(await post('/admin/banners/create', banner(SCRIPT)), 'texts.en-US.name');
    const made = await post('/admin/banners/create', banner('Harvest week'));
    expect(made.http, made.message).toBe(200);
    const id = (made.data as { id: number }).id;
    expectMarkupRefused(await post('/admin/banners/edit', { id, ...banner(SCRIPT) }), 'texts.en-US.name');
  });

  it.each([
    ['mini-game', wxItem],
    ['demand task', demandItem],
  ])('is refused as a %s’s name, on create and on edit', async (_kind, item) => {
    expectMarkupRefused(await post('/admin/catalogue/create', item(SCRIPT)), 'texts.en-US.name');
    const made = await post('/admin/catalogue/create', item('Tower builder'));
    expect(made.http, made.message).toBe(200);
    const id = (made.data as { id: number }).id;
    const edit = await post('/admin/catalogue/edit', { id, ...item('Tower > builder') });
    expectMarkupRefused(edit, 'texts.en-US.name');
  });
});

describe('a name with `&` and quotes', () => {
  it('is a name: saved, and listed as written', async () => {
    const name = 'Games & "Fun"';
    const res = await post('/admin/sites/save', await siteSettings({ name }));
    expect(res.http, res.message).toBe(200);
    expect(await publicName()).toBe(name);
  });
});
