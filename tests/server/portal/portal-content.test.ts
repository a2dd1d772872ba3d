import { beforeAll, describe, expect, it } from 'vitest';
import { insertBanner, upsertPage } from '../../../server/modules/content/repository';
import { localeFromAcceptLanguage } from '../../../server/modules/content/service';
import { insertNotice } from '../../../server/modules/notices/repository';
import { serverForSuite } from '../harness';
import { addSite, type Promoter, promoter } from './fixtures';

const server = serverForSuite();
let user: Promoter;
let siteA: number;
let siteB: number;
const HOUR = 3600_000;

const EVIL =
  '<p onclick="steal()">Hi <b>there</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
  '<img src="/media/banner/1-en-US.svg" alt="ok"><img src="https://evil.example/t.png"><img src="//evil.example/t.png">' +
  '<a href="javascript:alert(3)">bad</a><a href="https://example.com/ok">good</a>' +
  '<iframe src="https://evil.example"></iframe><span style="color:red">styled</span>' +
  '<svg><script>alert(4)</script></svg><form action="/x"><input name="a"></form>';

beforeAll(async () => {
  user = await promoter(server, 0);
  const now = server.clock.now();
  siteA = await addSite(server.db, 'a.example', now);
  siteB = await addSite(server.db, 'b.example', now);
  const banner = (
    name: string,
    site: number | null,
    order: number,
    remark = '<p>Hello</p>',
    multi: string | null = null,
  ) =>
    insertBanner(server.db, {
      site_id: site,
      bannername: name,
      remark,
      pic_url: `/media/banner/${order}-en-US.svg`,
      multi_pic: multi,
      sort_order: order,
      enabled: 1,
      created_at: now,
    });
  await banner('All sites second', null, 2, EVIL, JSON.stringify({ 'en-US': '/e.svg', 'zh-CN': '/z.svg' }));
  await banner('All sites first', null, 1);
  await banner('Only A', siteA, 3);
  await banner('Only B', siteB, 4);
  await server.db
    .insertInto('banners')
    .values({
      site_id: null,
      bannername: 'Disabled',
      remark: '',
      pic_url: '/x.svg',
      multi_pic: null,
      sort_order: 0,
      enabled: 0,
      created_at: now,
    })
    .execute();

  const notice = (
    content: string,
    site: number | null,
    from: number,
    until: number | null = null,
    withdrawn = false,
  ) =>
    insertNotice(server.db, {
      site_id: site,
      content,
      publish_from: from,
      publish_until: until,
      withdrawn_at: withdrawn ? now : null,
      created_at: now,
    });
  await notice('old for all', null, now - 3 * HOUR);
  await notice('newer for all', null, now - HOUR);
  await notice('for A only', siteA, now - 2 * HOUR);
  await notice('for B only', siteB, now - 2 * HOUR);
  await notice('not yet', null, now + HOUR);
  await notice('expired', null, now - 5 * HOUR, now - 4 * HOUR);
  await notice('ends at now', null, now - 5 * HOUR, now);
  await notice('withdrawn', null, now - HOUR, null, true);

  await upsertPage(server.db, {
    slug: 'aboutus',
    locale: 'en-US',
    title: 'About us',
    content: EVIL,
    updated_at: now,
  });
  await upsertPage(server.db, {
    slug: 'aboutus',
    locale: 'zh-CN',
    title: '关于我们',
    content: '<p>你好</p>',
    updated_at: now,
  });
  await upsertPage(server.db, {
    slug: 'systemHelp',
    locale: 'en-US',
    title: 'Help',
    content: '<p>Help</p>',
    updated_at: now,
  });
  await upsertPage(server.db, {
    slug: 'systemHelp',
    locale: 'ko-KR',
    title: '도움말',
    content: '<p>도움</p>',
    updated_at: now,
  });
});

const onHost = (host: string) => ({ headers: { 'x-forwarded-host': host } });

describe('POST /mainview/bannerList', () => {
  it('is public and answers the banners of the caller site plus those for all sites, in order', async () => {
    const a = await server.post('/mainview/bannerList', undefined, undefined, onHost('a.example'));
    expect(a.http).toBe(200);
    expect(a.data.map((b: { bannername: string }) => b.bannername)).toEqual([
      'All sites first',
      'All sites second',
      'Only A',
    ]);
    const b = await server.post('/mainview/bannerList', undefined, undefined, onHost('b.example:443'));
    expect(b.data.map((x: { bannername: string }) => x.bannername)).toEqual([
      'All sites first',
      'All sites second',
      'Only B',
    ]);
  });

  it('falls back to the first site for an unknown host', async () => {
    const res = await server.post('/mainview/bannerList', undefined, undefined, onHost('unknown.example'));
    expect(res.data.map((x: { bannername: string }) => x.bannername)).toContain('Only A');
  });

  it('answers the contract shape with multiPic parsed (or null)', async () => {
    const res = await server.post('/mainview/bannerList', undefined, undefined, onHost('a.example'));
    expect(res.data[0]).toEqual({
      id: expect.any(Number),
      bannername: 'All sites first',
      remark: '<p>Hello</p>',
      picUrl: '/media/banner/1-en-US.svg',
      multiPic: null,
    });
    expect(res.data[1].multiPic).toEqual({ 'en-US': '/e.svg', 'zh-CN': '/z.svg' });
  });

  it('sanitizes the remark HTML on the way out', async () => {
    const res = await server.post('/mainview/bannerList', undefined, undefined, onHost('a.example'));
    const remark: string = res.data[1].remark;
    for (const bad of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      '<iframe',
      'style=',
      'evil.example',
      '<form',
      '<input',
      'alert(',
    ]) {
      expect(remark).not.toContain(bad);
    }
    expect(remark).toContain('<b>there</b>');
    expect(remark).toContain('<img src="/media/banner/1-en-US.svg" alt="ok">');
    expect(remark).toContain(
      '<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(remark).toContain('<span>styled</span>');
  });
});

describe('POST /cp/mainview/notice', () => {
  it('requires a login', async () => {
    const res = await server.post('/cp/mainview/notice');
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });

  it('answers the notices published now for the caller site, newest first', async () => {
    const a = await server.post('/cp/mainview/notice', undefined, user.token, onHost('a.example'));
    expect(a.http).toBe(200);
    expect(a.data.map((n: { content: string }) => n.content)).toEqual([
      'newer for all',
      'for A only',
      'old for all',
    ]);
    expect(a.data[0]).toEqual({ id: expect.any(Number), content: 'newer for all' });
    const b = await server.post('/cp/mainview/notice', undefined, user.token, onHost('b.example'));
    expect(b.data.map((n: { content: string }) => n.content)).toEqual([
      'newer for all',
      'for B only',
      'old for all',
    ]);
  });

  it('follows the publish window as time passes', async () => {
    server.clock.advance(HOUR + 1);
    const res = await server.post('/cp/mainview/notice', undefined, user.token, onHost('a.example'));
    expect(res.data[0].content).toBe('not yet');
    server.clock.advance(-(HOUR + 1));
  });
});

describe('help, about and service pages', () => {
  it('answers the page in the Accept-Language locale, sanitized', async () => {
    const zh = await server.post('/mainview/aboutus', undefined, undefined, {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(zh.http).toBe(200);
    expect(zh.data).toEqual({ title: '关于我们', content: '<p>你好</p>' });
    expect(zh.headers.get('vary')).toMatch(/accept-language/i);
    const en = await server.post('/mainview/aboutus');
    expect(en.data.title).toBe('About us');
    expect(en.data.content).not.toContain('<script');
    expect(en.data.content).not.toContain('onerror');
  });

  it('falls back to en-US when the locale has no page', async () => {
    const es = await server.post('/mainview/systemHelp', undefined, undefined, {
      headers: { 'accept-language': 'es-ES' },
    });
    expect(es.data.title).toBe('Help');
    const ko = await server.post('/mainview/systemHelp', undefined, undefined, {
      headers: { 'accept-language': 'ko' },
    });
    expect(ko.data.title).toBe('도움말');
  });

  it('answers 404 for a page with no content at all', async () => {
    const res = await server.post('/mainview/customAgent');
    expect(res.http).toBe(404);
    expect(res.status).toBe(404);
  });

  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['fr-FR,de;q=0.5', 'en-US'],
    ['ko-KR', 'ko-KR'],
    ['EN-ph', 'en-PH'],
    ['fr;q=0.9, es;q=0.8', 'es-ES'],
    ['en-US;q=0.1, zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['ko;q=0', 'en-US'],
  ])('reads Accept-Language %j as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
