// Issue 16, decision 0028: operators create and edit the items of both catalogues, their names and intros
// written per language, and give a mini-game awaiting review its link. The public lists answer each reader in
// their language (the default language's text where the item has none in it); a disabled item leaves them and
// refuses applications; every change is audited on the platform's chain; items are platform-wide, so only an
// operator of every site changes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { DemandApplyResult } from '#contract/catalogue';
import { PLATFORM_CHAIN } from '../../../server/modules/audit/chain';
import { verifyAudit } from '../../../server/modules/audit/service';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator, operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { addAppCard, type Promoter, promoter, uniq } from '../portal/fixtures';

const server = serverForSuite();
let editor: TeamUser;
let reader: Promoter;

const operators = operatorsOfTwoSitesForSuite(server, 'content_editor');
beforeAll(async () => {
  editor = await quickUser(server);
  await makeOperator(server, editor, [{ role: 'content_editor', siteId: null }]);
  reader = await promoter(server);
});

interface WxItem {
  kind: 'wx';
  id: number;
  appid: string;
  texts: Record<string, { name: string; intro: string }>;
  defaultLocale: string;
  targetUrl: string | null;
  needsReview: boolean;
  icon: string;
  enabled: boolean;
  sortRank: number;
}
interface DemandItem {
  kind: 'dou';
  id: number;
  texts: Record<string, { name: string; intro: string }>;
  targetUrl: string | null;
  quota: number;
  claimed: number;
  enabled: boolean;
}

const wxFields = (name: string, patch: Record<string, unknown> = {}) => ({
  kind: 'wx',
  texts: {
    'en-US': { name, intro: 'Build a tower, floor by floor.' },
    'es-ES': { name: `${name} (es)`, intro: 'Construye una torre, piso a piso.' },
  },
  targetUrl: 'https://example.com/play/tower',
  category: '休闲',
  rate: 0.3,
  enabled: true,
  sortRank: 5,
  ...patch,
});

const demandFields = (name: string, patch: Record<string, unknown> = {}) => ({
  kind: 'dou',
  texts: {
    'en-US': { name, intro: 'Film a 15-second clip.' },
    'es-ES': { name: `${name} (es)`, intro: 'Graba un clip de 15 segundos.' },
  },
  targetUrl: 'https://example.com/task/clip',
  quota: 10,
  enabled: true,
  ...patch,
});

async function create<T>(body: unknown, token = operators.everyAdmin.token): Promise<T> {
  const res = await server.post('/admin/catalogue/create', body, token);
  expect(res.http, res.message).toBe(200);
  return res.data as T;
}

const lang = (language: string) => ({ headers: { 'accept-language': language } });

/** The public catalogue 1 list searched by `name`, as a logged-in promoter reading `language`. */
const wxList = (name: string, language: string, token = reader.token) =>
  server.post('/wxcps/applist', { number: 0, size: 50, appname: name }, token, lang(language));
const demandList = (name: string, language: string) =>
  server.post('/doucps/demandlist', { number: 0, size: 50, demandName: name }, undefined, lang(language));
const inList = <T extends { id?: number; demandId?: number }>(res: { data: { content: T[] } }, id: number) =>
  res.data.content.find((item) => (item.id ?? item.demandId) === id);

describe('items per language', () => {
  it('creates a mini-game with texts in two languages: es-ES reads the Spanish, ko-KR the default', async () => {
    const name = `Tower ${uniq()}`;
    const item = await create<WxItem>(wxFields(name));
    expect(item).toMatchObject({
      kind: 'wx',
      defaultLocale: 'en-US',
      targetUrl: 'https://example.com/play/tower',
      needsReview: false,
      enabled: true,
      sortRank: 5,
      texts: {
        'en-US': { name, intro: 'Build a tower, floor by floor.' },
        'es-ES': { name: `${name} (es)`, intro: 'Construye una torre, piso a piso.' },
      },
    });
    expect(item.icon).toBe(`/media/wx/${item.appid}/logo.svg`);

    const spanish = await wxList(name, 'es-ES,es;q=0.9');
    expect(spanish.http).toBe(200);
    expect(spanish.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(inList(spanish, item.id)).toMatchObject({
      appname: `${name} (es)`,
      brief_intro: 'Construye una torre, piso a piso.',
      category_2_name: '休闲',
      newcps: 0.3,
      apply: true,
    });
    const korean = await wxList(name, 'ko-KR');
    expect(inList(korean, item.id)).toMatchObject({
      appname: name,
      brief_intro: 'Build a tower, floor by floor.',
    });
    // The search looks in the default language's name, whatever the reader's language.
    expect((await wxList(`${name} (es)`, 'es-ES')).data.content).toEqual([]);
    // The detail and the newest strip answer in the reader's language too.
    const detail = await server.post('/wxcps/detail', { id: item.id }, reader.token, lang('es-ES'));
    expect(detail.data.appname).toBe(`${name} (es)`);
    const newest = await server.post(
      '/wxcps/lastapplist',
      { number: 0, size: 20 },
      reader.token,
      lang('es-ES'),
    );
    expect((newest.data as { id: number; appname: string }[]).find((a) => a.id === item.id)?.appname).toBe(
      `${name} (es)`,
    );
    // Its picture is drawn from its name, as the seed's are.
    const logo = await fetch(`${server.url}${item.icon}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('creates and edits a demand task: an edit replaces the texts, the default language can change', async () => {
    const name = `Clip ${uniq()}`;
    const item = await create<DemandItem>(demandFields(name));
    expect(item).toMatchObject({
      kind: 'dou',
      quota: 10,
      claimed: 0,
      targetUrl: 'https://example.com/task/clip',
    });
    expect(inList(await demandList(name, 'es-ES'), item.id)).toMatchObject({
      demandName: `${name} (es)`,
      demandDesc: 'Graba un clip de 15 segundos.',
    });
    expect(inList(await demandList(name, 'ko-KR'), item.id)).toMatchObject({ demandName: name });

    const edit = await server.post(
      '/admin/catalogue/edit',
      {
        ...demandFields(name),
        id: item.id,
        defaultLocale: 'zh-CN',
        texts: {
          'zh-CN': { name: `${name} 中文`, intro: '拍一段短视频。' },
          'ko-KR': { name: `${name} 한국어` },
        },
        quota: 20,
      },
      editor.token,
    );
    expect(edit.http, edit.message).toBe(200);
    expect(edit.data).toMatchObject({
      defaultLocale: 'zh-CN',
      quota: 20,
      texts: {
        'zh-CN': { name: `${name} 中文`, intro: '拍一段短视频。' },
        'ko-KR': { name: `${name} 한국어`, intro: '' },
      },
    });
    expect(Object.keys(edit.data.texts).sort()).toEqual(['ko-KR', 'zh-CN']);
    // Korean has a name of its own and no intro: the default language's intro shows.
    expect(inList(await demandList(name, 'ko-KR'), item.id)).toMatchObject({
      demandName: `${name} 한국어`,
      demandDesc: '拍一段短视频。',
    });
    // The Spanish text is gone: Spanish reads the default language (now Chinese), which the search looks in.
    expect(inList(await demandList(`${name} 中文`, 'es-ES'), item.id)).toMatchObject({
      demandName: `${name} 中文`,
    });

    const listed = await server.post(
      '/admin/catalogue/list',
      { kind: 'dou', search: `${name} 中文` },
      operators.viewer.token,
    );
    expect(listed.http, listed.message).toBe(200);
    expect(listed.data.content).toEqual([edit.data]);
  });

  it('edits a mini-game: texts, settings and an empty link (back to awaiting review)', async () => {
    const name = `Maze ${uniq()}`;
    const item = await create<WxItem>(wxFields(name));
    const edit = await server.post(
      '/admin/catalogue/edit',
      {
        ...wxFields(name),
        id: item.id,
        texts: { 'en-US': { name: `${name} II` }, 'ko-KR': { name: `${name} 미로`, intro: '미로 게임' } },
        targetUrl: '',
        category: '动作',
        rate: 0.125,
        sortRank: 9,
      },
      operators.everyAdmin.token,
    );
    expect(edit.http, edit.message).toBe(200);
    expect(edit.data).toMatchObject({
      needsReview: true,
      targetUrl: null,
      category: '动作',
      rate: 0.125,
      sortRank: 9,
      texts: { 'en-US': { name: `${name} II`, intro: '' }, 'ko-KR': { name: `${name} 미로` } },
    });
    expect(inList(await wxList(`${name} II`, 'ko-KR'), item.id)).toMatchObject({
      appname: `${name} 미로`,
      brief_intro: '미로 게임',
    });
    expect(inList(await wxList(`${name} II`, 'es-ES'), item.id)).toMatchObject({
      appname: `${name} II`,
      brief_intro: '',
    });
  });
});

describe('disabling', () => {
  it('a disabled mini-game leaves the public list and its apply is refused', async () => {
    const name = `Hidden ${uniq()}`;
    const item = await create<WxItem>(wxFields(name));
    expect(inList(await wxList(name, 'en-US'), item.id)).toBeDefined();
    const off = await server.post(
      '/admin/catalogue/edit',
      { ...wxFields(name), id: item.id, enabled: false },
      operators.everyAdmin.token,
    );
    expect(off.http, off.message).toBe(200);
    expect(off.data.enabled).toBe(false);
    expect((await wxList(name, 'en-US')).data.content).toEqual([]);
    const applied = await server.post('/wxcps/apply', { appid: item.appid }, reader.token);
    expect(applied).toMatchObject({ http: 404, data: { code: 'item_not_found' } });
    // The console still lists it.
    const listed = await server.post(
      '/admin/catalogue/list',
      { kind: 'wx', search: name },
      operators.everyAdmin.token,
    );
    expect(listed.data.content.map((i: WxItem) => i.id)).toEqual([item.id]);
  });

  it('a disabled demand task leaves the public list and its apply answers data error', async () => {
    const name = `Paused ${uniq()}`;
    const item = await create<DemandItem>(demandFields(name, { enabled: false }));
    expect((await demandList(name, 'en-US')).data.content).toEqual([]);
    const me = await promoter(server);
    await addAppCard(server.db, me.userId);
    const applied = await server.post('/doucps/apply', { demandId: item.id }, me.token);
    expect(applied.http).toBe(200);
    expect(applied.data).toEqual({ result: DemandApplyResult.dataError, link: '' });
  });

  it('a new item is hidden unless asked', async () => {
    const name = `Draft ${uniq()}`;
    const { enabled: _, ...fields } = wxFields(name);
    const item = await create<WxItem>(fields);
    expect(item.enabled).toBe(false);
    expect((await wxList(name, 'en-US')).data.content).toEqual([]);
  });
});

describe('quotas', () => {
  it('refuses a quota below the places claimed; at the claimed number it is taken', async () => {
    const name = `Quota ${uniq()}`;
    const item = await create<DemandItem>(demandFields(name, { quota: 3 }));
    for (let i = 0; i < 2; i++) {
      const me = await promoter(server);
      await addAppCard(server.db, me.userId);
      const applied = await server.post('/doucps/apply', { demandId: item.id }, me.token);
      expect(applied.data.result).toBe(DemandApplyResult.success);
    }
    const below = await server.post(
      '/admin/catalogue/edit',
      { ...demandFields(name), id: item.id, quota: 1 },
      operators.everyAdmin.token,
    );
    expect(below.http).toBe(400);
    expect(below.data.issues).toEqual([
      expect.objectContaining({ path: 'quota', code: 'catalogue_quota_below_claimed' }),
    ]);
    const row = await server.db
      .selectFrom('demands')
      .select(['quota', 'claimed'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ quota: 3, claimed: 2 });
    const equal = await server.post(
      '/admin/catalogue/edit',
      { ...demandFields(name), id: item.id, quota: 2 },
      operators.everyAdmin.token,
    );
    expect(equal.http, equal.message).toBe(200);
    expect(equal.data).toMatchObject({ quota: 2, claimed: 2 });
    // Used up: the next claim is refused.
    const late = await promoter(server);
    await addAppCard(server.db, late.userId);
    const refused = await server.post('/doucps/apply', { demandId: item.id }, late.token);
    expect(refused.data.result).toBe(DemandApplyResult.quotaUsedUp);
  });
});

describe('refusals by field', () => {
  const refused = async (body: unknown, path: string, code: string, url = '/admin/catalogue/create') => {
    const res = await server.post(url, body, operators.everyAdmin.token);
    expect(res.http, JSON.stringify(body)).toBe(400);
    expect(res.data.issues, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, code }));
  };

  it('a wrong URL', async () => {
    for (const targetUrl of [
      'javascript:alert(1)',
      'ftp://example.com/x',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'https://exa mple.com',
      'not a url',
    ])
      await refused(wxFields('Bad link', { targetUrl }), 'targetUrl', 'catalogue_url_invalid');
    await refused(demandFields('No link', { targetUrl: '' }), 'targetUrl', 'required');
    await refused(
      { id: 1, targetUrl: 'mailto:a@b.c' },
      'targetUrl',
      'catalogue_url_invalid',
      '/admin/catalogue/link',
    );
  });

  it('an unknown language, a name too long, a missing name, a default language without a text', async () => {
    await refused(
      wxFields('Week', { texts: { 'fr-FR': { name: 'Semaine' }, 'en-US': { name: 'Week' } } }),
      // A key's problem is reported on the record (perLocale).
      'texts',
      'locale_unsupported',
    );
    await refused(
      wxFields('Long', { texts: { 'en-US': { name: 'x'.repeat(101) } } }),
      'texts.en-US.name',
      'too_long',
    );
    await refused(
      demandFields('Long intro', { texts: { 'en-US': { name: 'Ok', intro: 'x'.repeat(4001) } } }),
      'texts.en-US.intro',
      'too_long',
    );
    await refused(
      wxFields('Long intro', { texts: { 'en-US': { name: 'Ok', intro: 'x'.repeat(1001) } } }),
      'texts.en-US.intro',
      'too_long',
    );
    await refused(
      demandFields('Nameless', { texts: { 'en-US': { intro: 'Only an intro' } } }),
      'texts.en-US.name',
      'required',
    );
    await refused(
      demandFields('Blank', { texts: { 'en-US': { name: '   ' } } }),
      'texts.en-US.name',
      'required',
    );
    await refused(
      wxFields('Default', { texts: { 'es-ES': { name: 'Semana' } }, defaultLocale: 'en-US' }),
      'texts.en-US.name',
      'catalogue_default_text_missing',
    );
    await refused(wxFields('Category', { category: 'Sports' }), 'category', 'catalogue_category_invalid');
    await refused(wxFields('Rate', { rate: 1.5 }), 'rate', 'catalogue_rate_invalid');
    await refused(demandFields('Quota', { quota: -1 }), 'quota', 'invalid_type');
    await refused({ ...wxFields('Kind'), kind: 'games' }, 'kind', 'invalid_type');
  });

  it('an unknown item, and an item of the other catalogue by its id', async () => {
    const res = await server.post(
      '/admin/catalogue/edit',
      { ...demandFields('Ghost'), id: 99_999_999 },
      operators.everyAdmin.token,
    );
    expect(res.http).toBe(400);
    expect(res.data.issues).toEqual([expect.objectContaining({ path: 'id', code: 'item_not_found' })]);
  });
});

describe('the link of a mini-game awaiting review', () => {
  it('lets a promoter who already applied see their link, through the promoter-facing calls', async () => {
    const name = `Review ${uniq()}`;
    const item = await create<WxItem>(wxFields(name, { targetUrl: '' }));
    expect(item).toMatchObject({ needsReview: true, targetUrl: null });
    const me = await promoter(server);
    const applied = await server.post('/wxcps/apply', { appid: item.appid }, me.token);
    expect(applied.http, applied.message).toBe(200);
    expect(applied.data).toEqual({ result: true, link: '' });
    expect(inList(await wxList(name, 'en-US', me.token), item.id)).toMatchObject({ apply: false, link: '' });

    const pending = await server.post(
      '/admin/catalogue/list',
      { kind: 'wx', search: name, awaitingReview: true },
      operators.everyAdmin.token,
    );
    expect(pending.data.content.map((i: WxItem) => i.id)).toEqual([item.id]);

    const link = await server.post(
      '/admin/catalogue/link',
      { id: item.id, targetUrl: 'https://example.com/play/reviewed' },
      editor.token,
    );
    expect(link.http, link.message).toBe(200);
    expect(link.data).toMatchObject({ needsReview: false, targetUrl: 'https://example.com/play/reviewed' });

    const listed = inList(await wxList(name, 'en-US', me.token), item.id) as { link: string };
    expect(listed.link).toMatch(/^\/s\/[A-Za-z0-9_-]{16}$/);
    const mine = await server.post('/wxcps/myapplist', { number: 0, size: 50 }, me.token);
    expect(mine.data.content.find((a: { id: number }) => a.id === item.id)?.link).toBe(listed.link);
    const short = await server.post('/gen/shortlink', { kind: 'wx', id: item.id }, me.token);
    expect(short.data.link).toBe(listed.link);
    const follow = await fetch(`${server.url}${listed.link}`, { redirect: 'manual' });
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toMatch(/^https:\/\/example\.com\/play\/reviewed/);

    // Once reviewed, the link changes by an edit only.
    const again = await server.post(
      '/admin/catalogue/link',
      { id: item.id, targetUrl: 'https://example.com/play/other' },
      operators.everyAdmin.token,
    );
    expect(again).toMatchObject({ http: 409, data: { code: 'catalogue_not_awaiting_review' } });
    const missing = await server.post(
      '/admin/catalogue/link',
      { id: 99_999_999, targetUrl: 'https://e.com' },
      operators.everyAdmin.token,
    );
    expect(missing.data.issues).toEqual([expect.objectContaining({ path: 'id', code: 'item_not_found' })]);
  });
});

describe('audit and access', () => {
  it('writes an audit row per change on the platform chain, and the log verifies', async () => {
    const name = `Audited ${uniq()}`;
    const wx = await create<WxItem>(wxFields(name, { targetUrl: '' }));
    await server.post(
      '/admin/catalogue/edit',
      { ...wxFields(name, { targetUrl: '' }), id: wx.id, sortRank: 7 },
      operators.everyAdmin.token,
    );
    await server.post(
      '/admin/catalogue/link',
      { id: wx.id, targetUrl: 'https://example.com/a' },
      operators.everyAdmin.token,
    );
    const rows = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'catalogue')
      .where('record_id', '=', `wx:${wx.id}`)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['catalogue.create', 'catalogue.edit', 'catalogue.link']);
    expect(
      rows.every((r) => Number(r.chain) === PLATFORM_CHAIN && Number(r.actor_id) === operators.everyAdmin.id),
    ).toBe(true);
    const [created, edited, linked] = rows;
    expect(JSON.parse(created?.after ?? 'null')).toMatchObject({
      names: { 'en-US': name, 'es-ES': `${name} (es)` },
      needsReview: true,
      enabled: true,
    });
    expect(JSON.parse(edited?.before ?? 'null')).toMatchObject({ sortRank: 5 });
    expect(JSON.parse(edited?.after ?? 'null')).toMatchObject({ sortRank: 7 });
    expect(JSON.parse(linked?.after ?? 'null')).toEqual({
      targetUrl: 'https://example.com/a',
      needsReview: false,
    });
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('a refused change writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('resource', '=', 'catalogue')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const item = await create<DemandItem>(demandFields(`Refused ${uniq()}`, { quota: 0 }));
    const me = await promoter(server);
    await addAppCard(server.db, me.userId);
    await server.post(
      '/admin/catalogue/edit',
      { ...demandFields('x'), id: item.id, quota: 5 },
      operators.everyAdmin.token,
    );
    await server.post('/doucps/apply', { demandId: item.id }, me.token);
    const res = await server.post(
      '/admin/catalogue/edit',
      { ...demandFields('y'), id: item.id, quota: 0 },
      operators.everyAdmin.token,
    );
    expect(res.http).toBe(400);
    expect(await count()).toBe(before + 2);
  });

  it('a content editor of one site, a viewer and a player cannot change items', async () => {
    const item = await create<WxItem>(wxFields(`Guarded ${uniq()}`, { targetUrl: '' }));
    const calls: [string, unknown][] = [
      ['/admin/catalogue/create', wxFields('Nope')],
      ['/admin/catalogue/edit', { ...wxFields('Nope'), id: item.id }],
      ['/admin/catalogue/link', { id: item.id, targetUrl: 'https://example.com/nope' }],
    ];
    const player = await quickUser(server);
    for (const [path, body] of calls) {
      // Platform-wide records need a grant on every site.
      expect(await server.post(path, body, operators.siteOperator.token), path).toMatchObject({
        http: 403,
        data: { code: 'permission_denied' },
      });
      expect(await server.post(path, body, operators.viewer.token), path).toMatchObject({
        http: 403,
        data: { code: 'permission_denied' },
      });
      expect(await server.post(path, body, player.token), path).toMatchObject({
        http: 403,
        data: { code: 'operator_only' },
      });
    }
    const after = await server.post(
      '/admin/catalogue/list',
      { kind: 'wx', search: 'Guarded' },
      operators.everyAdmin.token,
    );
    expect(after.data.content.find((i: WxItem) => i.id === item.id)).toMatchObject({ needsReview: true });
    // Reading is every operator's: the same items show on every site.
    for (const token of [operators.siteOperator.token, operators.viewer.token]) {
      const listed = await server.post('/admin/catalogue/list', { kind: 'wx', search: 'Guarded' }, token);
      expect(listed.http).toBe(200);
    }
    expect(await server.post('/admin/catalogue/list', { kind: 'wx' }, player.token)).toMatchObject({
      http: 403,
      data: { code: 'operator_only' },
    });
  });
});
