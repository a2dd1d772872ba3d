// Issue 16: the help, about and customer-service pages in the console. Written per language with English
// required (the others fall back to it); the app's page answers in the reader's language at once; a
// language left out is removed; every save audited; only content rights on every site write them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPage } from '#contract/admin/page';
import { verifyAudit } from '../../../server/modules/audit/service';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator, operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();
let editor: TeamUser;

const operators = operatorsOfTwoSitesForSuite(server, 'content_editor');
beforeAll(async () => {
  editor = await quickUser(server);
  await makeOperator(server, editor, [{ role: 'content_editor', siteId: null }]);
});

const list = async (token = editor.token): Promise<AdminPage[]> => {
  const res = await server.post('/admin/pages/list', {}, token);
  expect(res.http, res.message).toBe(200);
  return res.data as AdminPage[];
};

const save = (body: unknown, token = editor.token) => server.post('/admin/pages/save', body, token);

/** The app's help page as a reader of `language` gets it. */
async function helpPage(language: string): Promise<{ title: string; content: string }> {
  const res = await server.post('/mainview/systemHelp', undefined, undefined, {
    headers: { 'accept-language': language },
  });
  expect(res.http, res.message).toBe(200);
  return res.data as { title: string; content: string };
}

const helpTexts = async () => (await list()).find((p) => p.slug === 'systemHelp')?.texts;

describe('the pages', () => {
  it('lists the three pages in order, every operator of the gate reading them', async () => {
    for (const token of [editor.token, operators.siteOperator.token, operators.viewer.token]) {
      expect((await list(token)).map((p) => p.slug)).toEqual(['customAgent', 'systemHelp', 'aboutus']);
    }
  });

  it('a save in English and Spanish: each reader gets theirs, Korean falls back to English, audited', async () => {
    const texts = {
      'en-US': { title: 'How to play', body: '<p>Deposit, then <b>play</b>.</p>' },
      'es-ES': { title: 'Cómo jugar', body: '<p>Deposita y <b>juega</b>.</p>' },
    };
    const res = await save({ slug: 'systemHelp', texts });
    expect(res.http, res.message).toBe(200);
    expect(res.data).toMatchObject({ slug: 'systemHelp', texts, updatedAt: server.clock.now() });
    expect(await helpTexts()).toEqual(texts);
    expect(await helpPage('es-ES')).toEqual({
      title: 'Cómo jugar',
      content: '<p>Deposita y <b>juega</b>.</p>',
    });
    expect((await helpPage('ko-KR')).title).toBe('How to play');
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['after', 'record_id'])
      .where('action', '=', 'page.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.record_id).toBe('systemHelp');
    expect(JSON.parse(String(audit.after))).toEqual(texts);
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('a language left out is removed and reads English; a script never reaches the reader', async () => {
    const res = await save({
      slug: 'systemHelp',
      texts: { 'en-US': { title: 'Help', body: '<p>Ask us.</p><script>alert(1)</script>' } },
    });
    expect(res.http, res.message).toBe(200);
    expect(Object.keys((await helpTexts()) ?? {})).toEqual(['en-US']);
    const es = await helpPage('es-ES');
    expect(es.title).toBe('Help');
    expect(es.content).toContain('<p>Ask us.</p>');
    expect(es.content).not.toContain('script');
  });

  it('two saves at once apply one after the other: the page is one of them whole, both audited', async () => {
    const a = { 'en-US': { title: 'A', body: 'a' }, 'ko-KR': { title: '가', body: '가' } };
    const b = { 'en-US': { title: 'B', body: 'b' }, 'zh-CN': { title: '乙', body: '乙' } };
    const before = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'page.save')
      .execute();
    const [ra, rb] = await Promise.all([
      save({ slug: 'aboutus', texts: a }),
      save({ slug: 'aboutus', texts: b }),
    ]);
    expect([ra.http, rb.http]).toEqual([200, 200]);
    const now = (await list()).find((p) => p.slug === 'aboutus')?.texts;
    expect([a, b]).toContainEqual(now);
    const after = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'page.save')
      .execute();
    expect(after.length - before.length).toBe(2);
    expect(await verifyAudit(server.db)).toEqual([]);
  });
});

describe('refused, changing nothing', () => {
  const english = { 'en-US': { title: 'Help', body: 'Text' } };

  it.each([
    [
      'no English text',
      { slug: 'systemHelp', texts: { 'es-ES': { title: 'Ayuda', body: 'Texto' } } },
      'texts.en-US.title',
      'page_default_text_missing',
    ],
    ['an unknown page', { slug: 'faq', texts: english }, 'slug', 'invalid_type'],
    ['no page', { texts: english }, 'slug', 'required'],
    [
      'an unknown language',
      { slug: 'systemHelp', texts: { ...english, 'fr-FR': { title: 'Aide', body: 'Texte' } } },
      'texts',
      'locale_unsupported',
    ],
    [
      'an empty title',
      { slug: 'systemHelp', texts: { 'en-US': { title: '  ', body: 'Text' } } },
      'texts.en-US.title',
      'required',
    ],
    [
      'a text too long',
      { slug: 'systemHelp', texts: { 'en-US': { title: 'Help', body: 'x'.repeat(20_001) } } },
      'texts.en-US.body',
      'too_long',
    ],
    [
      'a title too long',
      { slug: 'systemHelp', texts: { 'en-US': { title: 'x'.repeat(101), body: 'Text' } } },
      'texts.en-US.title',
      'too_long',
    ],
  ])('%s', async (_, body, path, code) => {
    const before = await helpTexts();
    const res = await save(body);
    expect(res.http).toBe(400);
    expect(res.data.issues).toContainEqual(expect.objectContaining({ path, code }));
    expect(await helpTexts()).toEqual(before);
  });

  it('a content editor of one site, a viewer and a player are refused', async () => {
    const before = await helpTexts();
    const player = await quickUser(server);
    for (const token of [operators.siteOperator.token, operators.viewer.token, player.token]) {
      const res = await save({ slug: 'systemHelp', texts: english }, token);
      expect(res.http).toBe(403);
    }
    expect(await helpTexts()).toEqual(before);
    // An administrator of every site may.
    expect((await save({ slug: 'systemHelp', texts: english }, operators.everyAdmin.token)).http).toBe(200);
  });
});
