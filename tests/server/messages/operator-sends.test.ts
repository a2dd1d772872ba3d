// Issue 16, operators' messages written per language (decision 0020): each reader reads the text of their
// language (Accept-Language, else the account's locale) or the send's default language's; the contract's
// limits; the key makes a send once (the same key with another request is refused); who may send and list.
import { beforeAll, describe, expect, it } from 'vitest';
import { messageForPush } from '../../../server/modules/messages/service';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator, operatorsOfTwoSites } from '../operators/helpers';
import { storedMessages } from './fixtures';

const server = serverForSuite();
let operator: TeamUser;
beforeAll(async () => {
  operator = await quickUser(server);
  await makeOperator(server, operator);
});

const EN = { title: 'Maintenance tonight', body: 'The cashier pauses from 02:00 to 03:00.' };
const ZH = { title: '今晚维护', body: '收银台将于 02:00 至 03:00 暂停。' };
const ES = { title: 'Mantenimiento esta noche', body: 'La caja se detiene de 02:00 a 03:00.' };

let keys = 0;
const newKey = () => `sends-${process.pid}-${++keys}`;

const send = (body: Record<string, unknown>, user: TeamUser = operator) =>
  server.post('/admin/messages/send', body, user.token);

/**
 * What the user's list shows first (title and body), asked in `language` (Accept-Language); none: no
 * language asked (fetch would send `*`), so the account's stored locale decides.
 */
async function firstMessage(user: TeamUser, language = '') {
  const res = await server.post('/messages/list', {}, user.token, {
    headers: { 'accept-language': language },
  });
  expect(res.http).toBe(200);
  const [first] = res.data.content as { id: number; title: string; body: string }[];
  if (!first) throw new Error('no message');
  return first;
}

const auditRows = (key: string) =>
  server.db
    .selectFrom('audit_log')
    .select(['action', 'after'])
    .where('action', '=', 'message.send')
    .where('record_id', '=', key)
    .execute();

describe('texts per language', () => {
  it('gives each reader the text of their language, else the default language’s', async () => {
    const [zh, plain, ko, storedZh, es] = await Promise.all([1, 2, 3, 4, 5].map(() => quickUser(server)));
    if (!zh || !plain || !ko || !storedZh || !es) throw new Error('users');
    // An account whose stored locale is zh-CN, asking without Accept-Language.
    await server.db.updateTable('users').set({ locale: 'zh-CN' }).where('id', '=', storedZh.id).execute();
    const res = await send({
      key: newKey(),
      segment: 'uids',
      uids: [zh.uid, plain.uid, ko.uid, storedZh.uid, es.uid],
      texts: { 'en-US': EN, 'zh-CN': ZH, 'es-ES': ES },
    });
    expect(res.data).toMatchObject({ recipients: 5, skipped: 0, unknownUids: [] });

    expect(await firstMessage(zh, 'zh-CN')).toMatchObject(ZH);
    expect(await firstMessage(storedZh)).toMatchObject(ZH);
    // The language alone finds its locale (es: es-ES).
    expect(await firstMessage(es, 'es')).toMatchObject(ES);
    // No language known, or one the operator did not write: the default language's.
    expect(await firstMessage(plain)).toMatchObject(EN);
    expect(await firstMessage(ko, 'ko-KR')).toMatchObject(EN);
    // The reader follows a change of language: the same message, now in Chinese.
    expect(await firstMessage(ko, 'zh-CN')).toMatchObject(ZH);

    // Details answer the same way.
    const id = (await firstMessage(zh)).id;
    const detail = (language: string) =>
      server.post('/messages/detail', { id }, zh.token, { headers: { 'accept-language': language } });
    expect((await detail('zh-CN')).data).toMatchObject({ kind: 'operator', ...ZH });
    expect((await detail('ko-KR')).data).toMatchObject(EN);
    expect((await detail('ko-KR')).headers.get('vary')).toMatch(/Accept-Language/i);

    // Each row keeps the default language's text (push and any other language read it) and names its send.
    const [row] = await storedMessages(server.db, zh.id);
    expect(row).toMatchObject({ title: EN.title, body: EN.body });

    // A push reads the language of the subscribing app.
    expect(await messageForPush(server.db, id, 'zh-CN')).toMatchObject({ send: true, ...ZH });
    expect(await messageForPush(server.db, id, 'ko-KR')).toMatchObject({ send: true, ...EN });
    expect(await messageForPush(server.db, id)).toMatchObject({ send: true, ...EN });
  });

  it('falls back to the default language the operator chose, whichever it is', async () => {
    const u = await quickUser(server);
    const res = await send({
      key: newKey(),
      segment: 'uids',
      uids: [u.uid],
      texts: { 'es-ES': ES, 'zh-CN': ZH },
      defaultLocale: 'es-ES',
    });
    expect(res.http).toBe(200);
    expect(await firstMessage(u, 'en-US')).toMatchObject(ES);
    expect(await firstMessage(u)).toMatchObject(ES);
    expect(await firstMessage(u, 'zh-CN')).toMatchObject(ZH);
    expect((await storedMessages(server.db, u.id))[0]).toMatchObject({ title: ES.title, body: ES.body });
  });

  it('trims the texts and keeps only the languages written', async () => {
    const u = await quickUser(server);
    const res = await send({
      key: newKey(),
      segment: 'uids',
      uids: [u.uid],
      texts: { 'en-US': { title: '  Hello  ', body: ' Body ' } },
    });
    expect(res.http).toBe(200);
    expect(await firstMessage(u, 'zh-CN')).toMatchObject({ title: 'Hello', body: 'Body' });
  });
});

describe('the request’s limits', () => {
  const valid = { segment: 'uids', uids: [1], texts: { 'en-US': EN } };
  it.each([
    ['no text at all', { texts: undefined }, 'texts.en-US.title', 'required'],
    ['no text', { texts: {} }, 'texts.en-US.title', 'required'],
    ['only another language', { texts: { 'es-ES': ES } }, 'texts.en-US.title', 'required'],
    [
      'the chosen default language missing',
      { texts: { 'en-US': EN }, defaultLocale: 'zh-CN' },
      'texts.zh-CN.title',
      'required',
    ],
    [
      'a title without a body',
      { texts: { 'en-US': EN, 'es-ES': { title: 'Hola' } } },
      'texts.es-ES.body',
      'required',
    ],
    ['a blank body', { texts: { 'en-US': { ...EN, body: '   ' } } }, 'texts.en-US.body', 'required'],
    ['an unknown language', { texts: { 'en-US': EN, 'fr-FR': EN } }, 'texts', 'locale_unsupported'],
    ['an unknown default language', { defaultLocale: 'fr-FR' }, 'defaultLocale', 'locale_unsupported'],
    ['texts not an object', { texts: 'Hello' }, 'texts', 'invalid_type'],
    [
      'a title too long in another language',
      { texts: { 'en-US': EN, 'zh-CN': { ...ZH, title: '长'.repeat(101) } } },
      'texts.zh-CN.title',
      'too_long',
    ],
    [
      'a body too long',
      { texts: { 'en-US': { ...EN, body: 'x'.repeat(2001) } } },
      'texts.en-US.body',
      'too_long',
    ],
    ['too many UIDs', { uids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'uids', 'too_long'],
    ['a UID that is no number', { uids: ['12'] }, 'uids.0', 'invalid_type'],
  ])('refuses %s', async (_name, change, path, code) => {
    const key = newKey();
    const res = await send({ key, ...valid, ...change });
    expect(res.http).toBe(400);
    expect(res.data.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
    // Nothing written, not even the key: the same key with a good request sends.
    expect(await auditRows(key)).toEqual([]);
  });

  it('takes the longest texts and the most UIDs', async () => {
    const u = await quickUser(server);
    const res = await send({
      key: newKey(),
      segment: 'uids',
      uids: [u.uid, ...Array.from({ length: 999 }, (_, i) => 900_000_000 + i)],
      texts: { 'en-US': { title: 'x'.repeat(100), body: 'y'.repeat(2000) } },
    });
    expect(res.http).toBe(200);
    expect(res.data).toMatchObject({ recipients: 1 });
    expect(res.data.unknownUids).toHaveLength(999);
  });
});

describe('the key', () => {
  it('sends once: a replay, or the same recipients in another order, answers the first send', async () => {
    const [a, b] = [await quickUser(server), await quickUser(server)];
    const key = newKey();
    const body = { key, segment: 'uids', uids: [a.uid, b.uid, 1], texts: { 'en-US': EN, 'es-ES': ES } };
    const first = await send(body);
    expect(first.data).toMatchObject({ recipients: 2, unknownUids: [1] });
    expect((await send(body)).data).toEqual(first.data);
    expect((await send({ ...body, uids: [1, b.uid, a.uid, a.uid] })).data).toEqual(first.data);
    // Texts in another key order, and spaces the contract trims, are the same request too.
    expect(
      (await send({ ...body, texts: { 'es-ES': ES, 'en-US': { title: ` ${EN.title}`, body: EN.body } } }))
        .data,
    ).toEqual(first.data);
    expect(await storedMessages(server.db, a.id)).toHaveLength(1);
    expect(await storedMessages(server.db, b.id)).toHaveLength(1);
    expect(await auditRows(key)).toHaveLength(1);
  });

  it.each([
    ['another text', { texts: { 'en-US': { ...EN, body: 'Something else' } } }],
    ['another language added', { texts: { 'en-US': EN, 'zh-CN': ZH } }],
    ['another default language', { texts: { 'en-US': EN, 'es-ES': ES }, defaultLocale: 'es-ES' }],
    ['other recipients', { uids: [1] }],
    ['a segment', { segment: 'players' }],
  ])('refuses the same key with %s (422), writing nothing', async (_name, change) => {
    const u = await quickUser(server);
    const key = newKey();
    const body = { key, segment: 'uids', uids: [u.uid], texts: { 'en-US': EN } };
    const first = await send(body);
    expect(first.http).toBe(200);
    const again = await send({ ...body, ...change });
    expect([again.http, again.data?.code]).toEqual([422, 'idempotency_key_reused']);
    expect(await storedMessages(server.db, u.id)).toHaveLength(1);
    expect(await auditRows(key)).toHaveLength(1);
    // The first request still answers as before.
    expect((await send(body)).data).toEqual(first.data);
  });

  it('sends once when the same send arrives twice at the same time', async () => {
    const users = await Promise.all([1, 2, 3].map(() => quickUser(server)));
    const key = newKey();
    const body = { key, segment: 'uids', uids: users.map((u) => u.uid), texts: { 'en-US': EN } };
    const [one, two] = await Promise.all([send(body), send(body)]);
    expect([one?.http, two?.http]).toEqual([200, 200]);
    expect(one?.data.id).toBe(two?.data.id);
    for (const u of users) expect(await storedMessages(server.db, u.id)).toHaveLength(1);
    expect(await auditRows(key)).toHaveLength(1);
  });

  it('lets one of two different sends with the same key through at the same time, and refuses the other', async () => {
    const u = await quickUser(server);
    const key = newKey();
    const base = { key, segment: 'uids', uids: [u.uid] };
    const answers = await Promise.all([
      send({ ...base, texts: { 'en-US': EN } }),
      send({ ...base, texts: { 'en-US': ES } }),
    ]);
    expect(answers.map((a) => a.http).sort()).toEqual([200, 422]);
    const stored = await storedMessages(server.db, u.id);
    expect(stored).toHaveLength(1);
    const winner = answers[0]?.http === 200 ? EN : ES;
    expect(stored[0]).toMatchObject(winner);
  });

  it('resumes a send cut short: sending again writes only what is missing', async () => {
    const [a, b] = [await quickUser(server), await quickUser(server)];
    const key = newKey();
    const body = { key, segment: 'uids', uids: [a.uid, b.uid], texts: { 'en-US': EN, 'zh-CN': ZH } };
    const first = await send(body);
    expect(first.data.recipients).toBe(2);
    // As if the process stopped after a's row: b's row never written, the send not finished.
    await server.db.deleteFrom('messages').where('user_id', '=', b.id).execute();
    await server.db
      .updateTable('message_broadcasts')
      .set({ finished_at: null, recipients: 0 })
      .where('request_key', '=', key)
      .execute();
    const resumed = await send(body);
    expect(resumed.data).toEqual(first.data);
    expect(await storedMessages(server.db, a.id)).toHaveLength(1);
    expect(await storedMessages(server.db, b.id)).toHaveLength(1);
    expect(await firstMessage(b, 'zh-CN')).toMatchObject(ZH);
    expect(await auditRows(key)).toHaveLength(1);
  });

  it('resumes a send cut short from the console by its id: the missing messages written once, audited', async () => {
    const [a, b, c] = [await quickUser(server), await quickUser(server), await quickUser(server)];
    const key = newKey();
    const body = { key, segment: 'uids', uids: [c.uid, a.uid, b.uid], texts: { 'en-US': EN, 'es-ES': ES } };
    const first = await send(body);
    expect(first.data.recipients).toBe(3);
    await server.db.deleteFrom('messages').where('user_id', 'in', [b.id, c.id]).execute();
    await server.db
      .updateTable('message_broadcasts')
      .set({ finished_at: null, recipients: 0 })
      .where('request_key', '=', key)
      .execute();
    const resume = (id: unknown, user: TeamUser = operator) =>
      server.post('/admin/messages/resume', { id }, user.token);
    // Listed as cut short; another operator's resume of it by id finishes it.
    const sends = await server.post('/admin/messages/sends', {}, operator.token);
    expect(sends.data.content.find((x: { id: number }) => x.id === first.data.id)).toMatchObject({
      finishedAt: null,
    });
    const resumed = await resume(first.data.id);
    expect(resumed.http, resumed.message).toBe(200);
    expect(resumed.data).toEqual(first.data);
    for (const u of [a, b, c]) expect(await storedMessages(server.db, u.id)).toHaveLength(1);
    expect(await firstMessage(c, 'es-ES')).toMatchObject(ES);
    expect(await auditRows(key)).toHaveLength(1);
    const resumes = await server.db
      .selectFrom('audit_log')
      .select('record_id')
      .where('action', '=', 'message.resume')
      .where('record_id', '=', key)
      .execute();
    expect(resumes).toHaveLength(1);
    // Finished: resuming again writes nothing and answers the result.
    expect((await resume(first.data.id)).data).toEqual(first.data);
    for (const u of [a, b, c]) expect(await storedMessages(server.db, u.id)).toHaveLength(1);
    // Unknown, malformed, and not an operator.
    expect((await resume(99_999_999)).http).toBe(404);
    expect((await resume('x')).http).toBe(400);
    expect((await resume(first.data.id, a)).http).toBe(403);
  });

  it('answers a send from before requests were kept (no hash) as it always did', async () => {
    const key = newKey();
    await server.db
      .insertInto('message_broadcasts')
      .values({
        request_key: key,
        segment: 'uids',
        title: 'Old',
        body: 'Old body',
        recipients: 3,
        skipped: 1,
        unknown_uids: '7',
        created_by: operator.id,
        created_at: server.clock.now(),
        finished_at: server.clock.now(),
      })
      .execute();
    const res = await send({ key, segment: 'players', texts: { 'en-US': EN } });
    expect(res.data).toMatchObject({ recipients: 3, skipped: 1, unknownUids: [7] });
  });
});

describe('marketing', () => {
  it('leaves out of a send to several users those in a time-out, and counts them', async () => {
    const [a, b] = [await quickUser(server), await quickUser(server)];
    const block = await server.post(
      '/protection/block',
      { kind: 'time_out', duration: '24h', confirm: true },
      b.token,
    );
    expect(block.status).toBe(200);
    const res = await send({
      key: newKey(),
      segment: 'uids',
      uids: [a.uid, b.uid],
      texts: { 'en-US': EN, 'es-ES': ES },
    });
    expect(res.data).toMatchObject({ recipients: 1, skipped: 1, unknownUids: [] });
    expect(await storedMessages(server.db, b.id)).toEqual([]);
    expect(await firstMessage(a, 'es-ES')).toMatchObject(ES);
  });
});

describe('who may send and list', () => {
  it('is refused to a player, a viewer, a payments reviewer and a site’s content editor; a content editor of every site sends', async () => {
    const { siteOperator, viewer } = await operatorsOfTwoSites(server, 'content_editor');
    const reviewer = await quickUser(server);
    await makeOperator(server, reviewer, [{ role: 'payments_reviewer', siteId: null }]);
    const editor = await quickUser(server);
    await makeOperator(server, editor, [{ role: 'content_editor', siteId: null }]);
    const player = await quickUser(server);
    const target = await quickUser(server);
    const body = () => ({ key: newKey(), segment: 'uids', uids: [target.uid], texts: { 'en-US': EN } });
    for (const who of [player, viewer, reviewer, siteOperator]) {
      const res = await send(body(), who);
      expect(res.http).toBe(403);
    }
    expect(await storedMessages(server.db, target.id)).toEqual([]);
    expect((await send(body(), editor)).http).toBe(200);
    expect(await storedMessages(server.db, target.id)).toHaveLength(1);

    // The list of sends: every-site operators read it; a site operator sees none; a player is refused.
    const list = (who: TeamUser) => server.post('/admin/messages/sends', {}, who.token);
    expect((await list(viewer)).data.totalElements).toBeGreaterThan(0);
    expect((await list(siteOperator)).data).toMatchObject({ content: [], totalElements: 0 });
    expect((await list(player)).http).toBe(403);
    expect((await server.post('/admin/messages/sends', {})).http).toBe(401);
  });
});

describe('the list of sends', () => {
  it('lists sends newest first with their languages, recipients and counts, paged', async () => {
    const u = await quickUser(server);
    const older = await send({ key: newKey(), segment: 'uids', uids: [u.uid, 5], texts: { 'en-US': EN } });
    const newer = await send({
      key: newKey(),
      segment: 'uids',
      uids: [u.uid],
      texts: { 'es-ES': ES, 'zh-CN': ZH, 'en-US': EN },
      defaultLocale: 'es-ES',
    });
    const page = await server.post('/admin/messages/sends', { size: 2 }, operator.token);
    expect(page.http).toBe(200);
    expect(page.data.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.data.content).toEqual([
      {
        id: newer.data.id,
        segment: 'uids',
        uids: [u.uid],
        defaultLocale: 'es-ES',
        title: ES.title,
        body: ES.body,
        locales: ['es-ES', 'en-US', 'zh-CN'],
        recipients: 1,
        skipped: 0,
        unknownUids: [],
        byUid: operator.uid,
        createdAt: expect.any(Number),
        finishedAt: expect.any(Number),
      },
      expect.objectContaining({
        id: older.data.id,
        uids: [5, u.uid].sort((x, y) => x - y),
        unknownUids: [5],
      }),
    ]);
    const next = await server.post('/admin/messages/sends', { size: 2, number: 1 }, operator.token);
    expect(next.data.content.map((s: { id: number }) => s.id)).not.toContain(newer.data.id);
    expect((await server.post('/admin/messages/sends', { size: 51 }, operator.token)).http).toBe(400);
  });
});
