// Issue 5, bad input: operator endpoints refuse everyone else; invalid subscriptions and notices are
// refused with a code per field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSite, type Promoter, promoter } from '../portal/fixtures';
import { operator, type PushFixture, startPushFixture, subscribe } from './helpers';

let f: PushFixture;
let op: Promoter;
let user: Promoter;

beforeAll(async () => {
  f = await startPushFixture();
  await addSite(f.server.db, 'a.example', f.server.clock.now());
  op = await operator(f.server);
  user = await promoter(f.server, 2);
});
afterAll(async () => {
  await f?.close();
});

const notice = { texts: { 'en-US': { title: 'Hi', body: 'Hello' } } };

describe('operator endpoints', () => {
  const calls: [string, unknown][] = [
    ['/admin/notices/create', notice],
    ['/admin/notices/edit', { id: 1, ...notice }],
    ['/admin/notices/list', {}],
    ['/admin/notices/withdraw', { id: 1 }],
  ];

  it.each(calls)('%s refuses a non-operator with 403 operator_only', async (path, body) => {
    const res = await f.server.post(path, body, user.token);
    expect(res.http).toBe(403);
    expect(res.data.code).toBe('operator_only');
  });

  it.each(calls)('%s refuses a caller without a session with 401/996', async (path, body) => {
    const res = await f.server.post(path, body);
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });

  it('lets an operator create, list and withdraw', async () => {
    const created = await f.server.post('/admin/notices/create', notice, op.token);
    expect(created.http).toBe(200);
    const list = await f.server.post('/admin/notices/list', { number: 0, size: 10 }, op.token);
    expect(list.data).toMatchObject({ totalElements: 1, number: 0, totalPages: 1 });
    const w = await f.server.post('/admin/notices/withdraw', { id: created.data.id }, op.token);
    expect(w.data.state).toBe('withdrawn');
    const missing = await f.server.post('/admin/notices/withdraw', { id: 999_999 }, op.token);
    expect(missing.http).toBe(404);
  });
});

describe('notice validation', () => {
  const issuesOf = async (body: unknown) => {
    const res = await f.server.post('/admin/notices/create', body, op.token);
    expect(res.http).toBe(400);
    return res.data.issues.map((i: { path: string; code: string }) => `${i.path}:${i.code}`);
  };

  it('needs a text, for the default locale', async () => {
    expect(await issuesOf({ texts: {} })).toEqual(['texts:notice_body_required']);
    expect(await issuesOf({ texts: { 'ko-KR': { body: '안녕' } } })).toEqual([
      'defaultLocale:notice_default_text_missing',
    ]);
    expect(await issuesOf({ texts: { 'en-US': { title: 'x', body: '  ' } } })).toEqual([
      'texts.en-US.body:required',
    ]);
    expect(await issuesOf({ texts: { 'fr-FR': { body: 'Bonjour' } } })).toEqual(['texts:locale_unsupported']);
  });

  it('checks the window, the site and the target', async () => {
    const now = f.server.clock.now();
    expect(await issuesOf({ ...notice, publishFrom: now + 1000, publishUntil: now + 1000 })).toEqual([
      'publishUntil:notice_window_invalid',
    ]);
    expect(await issuesOf({ ...notice, publishUntil: now - 1 })).toEqual([
      'publishUntil:notice_window_invalid',
    ]);
    expect(await issuesOf({ ...notice, site: 'nowhere.example' })).toEqual(['site:site_not_found']);
    expect(await issuesOf({ ...notice, jobs: [] })).toEqual(['jobs:notice_target_invalid']);
    expect(await issuesOf({ ...notice, jobs: [3] })).toEqual(['jobs.0:notice_target_invalid']);
    expect(await issuesOf({ ...notice, locales: ['xx'] })).toEqual(['locales.0:locale_unsupported']);
  });
});

describe('push subscriptions', () => {
  const good = () => {
    const s = f.fake.subscriber();
    return { endpoint: s.endpoint, keys: s.keys };
  };
  const refusal = async (body: unknown) => {
    const res = await f.server.post('/push/subscribe', body, user.token);
    expect(res.http).toBe(400);
    return res.data.issues.map((i: { path: string; code: string; message: string }) => ({
      at: `${i.path}:${i.code}`,
      message: i.message,
    }));
  };

  it('refuses a bad endpoint URL and a plain http one, with a clear message', async () => {
    expect(await refusal({ ...good(), endpoint: 'not a url' })).toEqual([
      { at: 'endpoint:push_endpoint_invalid', message: 'The push endpoint is not a valid URL' },
    ]);
    expect(await refusal({ ...good(), endpoint: 'http://push.example/x' })).toEqual([
      { at: 'endpoint:push_endpoint_not_https', message: 'The push endpoint must be an https URL' },
    ]);
    expect((await refusal({ keys: good().keys }))[0].at).toBe('endpoint:push_endpoint_invalid');
  });

  it('refuses keys of the wrong length or alphabet', async () => {
    const { endpoint, keys } = good();
    const p256 = 'keys.p256dh:push_p256dh_invalid';
    const auth = 'keys.auth:push_auth_invalid';
    const at = async (k: unknown) => (await refusal({ endpoint, keys: k })).map((i: { at: string }) => i.at);
    expect(await at({ ...keys, p256dh: keys.p256dh.slice(0, -2) })).toEqual([p256]);
    expect(await at({ ...keys, p256dh: `${keys.p256dh}AA` })).toEqual([p256]);
    expect(await at({ ...keys, p256dh: `${keys.p256dh.slice(0, -1)}+` })).toEqual([p256]);
    // 65 bytes but not an uncompressed point (first byte 0x04).
    expect(await at({ ...keys, p256dh: `A${keys.p256dh.slice(1)}` })).toEqual([p256]);
    expect(await at({ ...keys, auth: keys.auth.slice(0, -1) })).toEqual([auth]);
    expect(await at({ ...keys, auth: `${keys.auth}AAAA` })).toEqual([auth]);
    expect(await at({ p256dh: keys.p256dh })).toEqual([auth]);
    const messages = await refusal({ endpoint, keys: { ...keys, auth: 'short' } });
    expect(messages[0].message).toBe('The auth secret must be 16 bytes, base64url-encoded');
  });

  it('needs a session', async () => {
    const res = await f.server.post('/push/subscribe', good());
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });

  it('stores locale and site; subscribing the same endpoint again updates it and moves it to the new user', async () => {
    const other = await promoter(f.server, 0);
    const d = await subscribe(f, user, { language: 'ko-KR', host: 'a.example' });
    const row = () =>
      f.server.db
        .selectFrom('push_subscriptions as s')
        .leftJoin('sites', 'sites.id', 's.site_id')
        .select(['s.user_id', 's.locale', 'sites.domain'])
        .where('s.endpoint', '=', d.sub.endpoint)
        .execute();
    expect(await row()).toEqual([{ user_id: user.userId, locale: 'ko-KR', domain: 'a.example' }]);
    const again = await f.server.post(
      '/push/subscribe',
      { endpoint: d.sub.endpoint, keys: d.sub.keys, locale: 'zh-CN' },
      other.token,
    );
    expect(again.data).toEqual({ subscribed: true, locale: 'zh-CN' });
    expect(await row()).toMatchObject([{ user_id: other.userId, locale: 'zh-CN' }]);
    // Only its owner can unsubscribe it.
    await f.server.post('/push/unsubscribe', { endpoint: d.sub.endpoint }, user.token);
    expect(await row()).toHaveLength(1);
    const off = await f.server.post('/push/unsubscribe', { endpoint: d.sub.endpoint }, other.token);
    expect(off.data).toEqual({ subscribed: false });
    expect(await row()).toHaveLength(0);
  });

  it('answers the VAPID public key without a session', async () => {
    const res = await fetch(`${f.server.url}/api/push/key`);
    const json = (await res.json()) as { data: { publicKey: string } };
    expect(json.data.publicKey).toBe(f.vapid.publicKey);
  });
});
