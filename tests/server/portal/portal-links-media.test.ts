import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueMedia } from '../../../server/modules/catalogue/repository';
import { serverForSuite } from '../harness';
import { addAppCard, addDemand, addWxApp, bearer, type Promoter, promoter } from './fixtures';

const server = serverForSuite();
let me: Promoter;
let app: { id: number; appid: string };
let videoApp: { id: number; appid: string };
let review: { id: number; appid: string };
let demandId: number;
let wxLink: string;
let douLink: string;
const VIDEO = path.resolve('server/seed/media/demo-a.mp4');

beforeAll(async () => {
  me = await promoter(server, 0);
  app = await addWxApp(server.db, { appname: 'Link Game', shots: 3 });
  videoApp = await addWxApp(server.db, { appname: 'Video Game', video: true });
  review = await addWxApp(server.db, { appname: 'Under Review', needsReview: true });
  demandId = await addDemand(server.db, { name: 'Link Task' });
  wxLink = (await server.post('/wxcps/apply', { appid: app.appid }, me.token)).data.link;
  await server.post('/wxcps/apply', { appid: review.appid }, me.token);
  await addAppCard(server.db, me.userId);
  douLink = (await server.post('/doucps/apply', { demandId }, me.token)).data.link;
});

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, { redirect: 'manual', headers: { 'accept-encoding': 'identity', ...headers } });

describe('app card', () => {
  it('is null until saved, then answers the saved card; edit upserts', async () => {
    const someone = await promoter(server, 0);
    const view = async () => (await (await get('/api/appcard/view', bearer(someone.token))).json()).data;
    expect(await view()).toBeNull();
    const card = { accountId: 'harbor.creator_1', nickname: 'Harbor', followers: 1200 };
    const saved = await server.post('/appcard/edit', card, someone.token);
    expect(saved.http).toBe(200);
    expect(saved.data).toEqual(card);
    expect(await view()).toEqual(card);
    const changed = { accountId: 'harbor2', nickname: '  New name  ', followers: 0 };
    expect((await server.post('/appcard/edit', changed, someone.token)).data).toEqual({
      accountId: 'harbor2',
      nickname: 'New name',
      followers: 0,
    });
    expect((await view()).accountId).toBe('harbor2');
  });

  it.each([
    [{ nickname: 'a', followers: 1 }, 'accountId', 'required'],
    [{ accountId: 'has space', nickname: 'a', followers: 1 }, 'accountId', 'appcard_account_format'],
    [{ accountId: 'x'.repeat(33), nickname: 'a', followers: 1 }, 'accountId', 'too_long'],
    [{ accountId: 'ok', nickname: '   ', followers: 1 }, 'nickname', 'required'],
    [{ accountId: 'ok', nickname: 'a', followers: -1 }, 'followers', 'invalid_type'],
    [{ accountId: 'ok', nickname: 'a', followers: '10' }, 'followers', 'invalid_type'],
    [{ accountId: 'ok', nickname: 'a', followers: 1.5 }, 'followers', 'invalid_type'],
  ])('refuses %j (%s: %s)', async (body, field, code) => {
    const res = await server.post('/appcard/edit', body, me.token);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path: field, code });
  });

  it('requires a login', async () => {
    const view = await get('/api/appcard/view');
    expect(view.status).toBe(401);
    expect((await view.json()).status).toBe(996);
    expect((await server.post('/appcard/edit', { accountId: 'a', nickname: 'b', followers: 1 })).status).toBe(
      996,
    );
  });
});

describe('/s/<code> promotion links', () => {
  it('redirects to the item target with the code as ref, counts each visit, and is never cached', async () => {
    const code = wxLink.slice(3);
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const res = await get(wxLink);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://example.com/play/${app.appid}?ref=${code}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await get(wxLink);
    const short = await server.post('/gen/shortlink', { kind: 'wx', id: app.id }, me.token);
    expect(short.data).toEqual({ link: wxLink, clicks: 2 });
  });

  it('counts concurrent visits without losing any', async () => {
    const before = (await server.post('/gen/shortlink', { kind: 'dou', id: demandId }, me.token)).data.clicks;
    await Promise.all(Array.from({ length: 12 }, () => get(douLink)));
    const after = await server.post('/gen/shortlink', { kind: 'dou', id: demandId }, me.token);
    expect(after.data).toEqual({ link: douLink, clicks: before + 12 });
    const mine = await server.post('/doucps/mydemandlist', { number: 0, size: 10 }, me.token);
    expect(mine.data.content[0].clicks).toBe(before + 12);
  });

  it('does not count a HEAD request', async () => {
    const before = (await server.post('/gen/shortlink', { kind: 'wx', id: app.id }, me.token)).data.clicks;
    const head = await fetch(`${server.url}${wxLink}`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
    expect((await server.post('/gen/shortlink', { kind: 'wx', id: app.id }, me.token)).data.clicks).toBe(
      before,
    );
  });

  it.each(['/s/AAAAAAAAAAAAAAAA', '/s/short', '/s/bad%20code!', `/s/${'x'.repeat(40)}`])(
    'answers an unknown code %s with a small 404 page',
    async (p) => {
      const res = await get(p, { accept: 'text/html' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain('Link not found');
    },
  );

  it('answers 404 once the item is withdrawn from the catalogue', async () => {
    const task = await addDemand(server.db, { name: 'Ends soon' });
    const link = (await server.post('/doucps/apply', { demandId: task }, me.token)).data.link;
    expect((await get(link)).status).toBe(302);
    await server.db.updateTable('demands').set({ enabled: 0 }).where('id', '=', task).execute();
    expect((await get(link)).status).toBe(404);
  });

  it('answers 404 for the link of an item still under review', async () => {
    const row = await server.db
      .selectFrom('promo_links')
      .select('code')
      .where('item_id', '=', review.id)
      .where('item_kind', '=', 'wx')
      .executeTakeFirstOrThrow();
    expect((await get(`/s/${row.code}`)).status).toBe(404);
  });
});

describe('POST /gen/shortlink', () => {
  it('answers 404 not_applied for an item the caller has not applied for', async () => {
    const res = await server.post('/gen/shortlink', { kind: 'wx', id: videoApp.id }, me.token);
    expect(res.http).toBe(404);
    expect(res.data.code).toBe('not_applied');
    const other = await promoter(server, 0);
    expect((await server.post('/gen/shortlink', { kind: 'wx', id: app.id }, other.token)).data.code).toBe(
      'not_applied',
    );
  });

  it.each([
    [{ kind: 'tv', id: 1 }, 'kind', 'invalid_type'],
    [{ kind: 'wx' }, 'id', 'required'],
    [{ kind: 'wx', id: 0 }, 'id', 'invalid_type'],
    // The contract's id answers "required" for any non-number.
    [{ kind: 'dou', id: 'one' }, 'id', 'required'],
  ])('refuses %j', async (body, field, code) => {
    const res = await server.post('/gen/shortlink', body, me.token);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path: field, code });
  });

  it('requires a login', async () => {
    expect((await server.post('/gen/shortlink', { kind: 'wx', id: app.id })).status).toBe(996);
  });
});

describe('/media', () => {
  it('draws item pictures as SVG with a week of caching', async () => {
    for (const p of [
      `/media/wx/${app.appid}/logo.svg`,
      `/media/wx/${app.appid}/shot-2.svg`,
      `/media/wx/${videoApp.appid}/cover.svg`,
    ]) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
      const body = await res.text();
      expect(body).toMatch(/^<svg /);
      expect(body).not.toContain('<script');
    }
    // Deterministic.
    const a = await (await get(`/media/wx/${app.appid}/logo.svg`)).text();
    const b = await (await get(`/media/wx/${app.appid}/logo.svg`)).text();
    expect(a).toBe(b);
    expect(a).toContain('>LG<');
  });

  it('answers 404 for unknown items and shapes', async () => {
    for (const p of [
      '/media/wx/nope/logo.svg',
      `/media/wx/${app.appid}/shot-0.svg`,
      '/media/x.svg',
      '/media/video/nope.mp4',
      '/media/video/..%2F..%2Fpackage.json',
    ]) {
      expect((await get(p)).status).toBe(404);
    }
  });

  it('streams the demo video with range support', async () => {
    const file = await readFile(VIDEO);
    const full = await get('/media/video/demo-a.mp4');
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await full.arrayBuffer()).equals(file)).toBe(true);
    const part = await get('/media/video/demo-a.mp4', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);
    const tail = await get('/media/video/demo-a.mp4', { range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${file.length - 100}-${file.length - 1}/${file.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(file.length - 100))).toBe(true);
    const open = await get('/media/video/demo-a.mp4', { range: `bytes=${file.length - 10}-` });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(10);
    const beyond = await get('/media/video/demo-a.mp4', { range: `bytes=${file.length + 10}-` });
    expect(beyond.status).toBe(416);
  });
});

describe('GET /wxcps/downimage and /wxcps/downvideo', () => {
  const down = (kind: 'downimage' | 'downvideo', url: string, headers: Record<string, string> = {}) =>
    get(`/api/wxcps/${kind}?url=${encodeURIComponent(url)}`, headers);

  it("answers an item's picture as an attachment", async () => {
    for (const url of [
      `/media/wx/${app.appid}/logo.svg`,
      `/media/wx/${app.appid}/shot-3.svg`,
      `/media/wx/${videoApp.appid}/cover.svg`,
    ]) {
      const res = await down('downimage', url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.svg"/);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toMatch(/^<svg /);
    }
    // The same picture named by this server's absolute URL.
    const absolute = await down('downimage', `${server.url}/media/wx/${app.appid}/logo.svg`);
    expect(absolute.status).toBe(200);
    const icon = await server.db
      .selectFrom('demands')
      .select('demand_icon')
      .where('id', '=', demandId)
      .executeTakeFirstOrThrow();
    expect((await down('downimage', icon.demand_icon)).status).toBe(200);
  });

  it("answers an item's video as an attachment, with ranges", async () => {
    const file = await readFile(VIDEO);
    const res = await down('downvideo', '/media/video/demo-a.mp4');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="demo-a\.mp4"/);
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(file.length);
    const part = await down('downvideo', '/media/video/demo-a.mp4', { range: 'bytes=0-1023' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-1023/${file.length}`);
    expect(part.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await part.arrayBuffer()).byteLength).toBe(1024);
  });

  it.each([
    ['downimage', '/media/wx/nope/logo.svg'],
    ['downimage', '/media/video/demo-a.mp4'],
    ['downvideo', '/media/video/demo-b.mp4'],
    ['downimage', 'https://evil.example/picture.png'],
    ['downimage', 'https://evil.example/media/wx/x/logo.svg'],
    ['downimage', '//evil.example/picture.png'],
    ['downimage', '/media/wx/../../../etc/passwd'],
    ['downvideo', '/media/video/../../../package.json'],
    ['downimage', '/api/cplogin/login'],
    ['downimage', 'file:///etc/passwd'],
  ] as const)('%s refuses %s with 404 media_not_found', async (kind, url) => {
    const res = await down(kind, url);
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, data: { code: 'media_not_found' } });
  });

  it("refuses a picture of a real item that is not one of the item's media", async () => {
    // shot-4 draws fine under /media, but the item only lists three shots.
    expect((await get(`/media/wx/${app.appid}/shot-4.svg`)).status).toBe(200);
    const res = await down('downimage', `/media/wx/${app.appid}/shot-4.svg`);
    expect(res.status).toBe(404);
    expect((await res.json()).data.code).toBe('media_not_found');
  });

  it('refuses a registered URL that does not resolve to our own media (no traversal, no proxy)', async () => {
    for (const url of ['/media/video/../../../package.json', 'https://evil.example/x.mp4']) {
      await insertCatalogueMedia(server.db, [{ url, media_type: 'video', item_kind: 'wx', item_id: app.id }]);
      const res = await down('downvideo', url);
      expect(res.status).toBe(404);
      expect((await res.json()).data.code).toBe('media_not_found');
    }
  });

  it('answers 400 without a url', async () => {
    for (const p of ['/api/wxcps/downimage', '/api/wxcps/downvideo?url=']) {
      const res = await get(p);
      expect(res.status).toBe(400);
      expect((await res.json()).data.issues[0]).toMatchObject({ path: 'url', code: 'required' });
    }
  });
});
