import { beforeAll, describe, expect, it } from 'vitest';
import { WX_CATEGORIES } from '#contract/catalogue';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedCatalogue } from '../../../server/seed/catalogue';
import { DEMO_ACCOUNTS, seedDemo } from '../../../server/seed/demo';
import { createTestDb, serverForSuite } from '../harness';

const server = serverForSuite();
const login = async (index: number) => {
  const a = DEMO_ACCOUNTS[index];
  if (!a) throw new Error('no demo account');
  const res = await server.post('/cplogin/login', {
    areaCode: a.areaCode,
    phone: a.phone,
    password: a.password,
  });
  return res.data.token as string;
};

beforeAll(async () => {
  await seedDemo(server.db, server.clock.now());
});

describe('demo seed', () => {
  it('fills both catalogues with varied, realistic items', async () => {
    const apps = await server.db.selectFrom('wx_apps').selectAll().execute();
    expect(apps.length).toBeGreaterThanOrEqual(300);
    expect(new Set(apps.map((a) => a.category_2_name))).toEqual(new Set(WX_CATEGORIES));
    expect(apps.some((a) => a.newcps < 0.01)).toBe(true);
    expect(apps.some((a) => a.newcps > 0.5)).toBe(true);
    expect(Math.max(...apps.map((a) => a.newcps))).toBeLessThanOrEqual(0.6);
    const videos = apps.filter((a) => a.video_url);
    expect(videos.length).toBeGreaterThanOrEqual(6);
    expect(new Set(videos.map((a) => a.video_url))).toEqual(
      new Set(['/media/video/demo-a.mp4', '/media/video/demo-b.mp4']),
    );
    expect(videos.every((a) => a.cover_img_url)).toBe(true);
    expect(apps.filter((a) => a.needs_review).length).toBeGreaterThanOrEqual(8);
    expect(apps.some((a) => /[\u4e00-\u9fff]/.test(a.appname))).toBe(true);
    expect(new Set(apps.map((a) => a.appname)).size).toBeGreaterThan(150);
    const images = await server.db.selectFrom('wx_app_images').select(['app_id']).execute();
    const perApp = new Map<number, number>();
    for (const i of images) perApp.set(i.app_id, (perApp.get(i.app_id) ?? 0) + 1);
    expect(Math.min(...perApp.values())).toBeGreaterThanOrEqual(2);
    expect(Math.max(...perApp.values())).toBeLessThanOrEqual(4);

    const demands = await server.db.selectFrom('demands').selectAll().execute();
    expect(demands.length).toBeGreaterThanOrEqual(120);
    expect(demands.some((d) => d.quota === 1)).toBe(true);
    expect(demands.some((d) => d.claimed >= d.quota)).toBe(true);
    expect(demands.some((d) => d.demand_desc.length > 150)).toBe(true);
  });

  it("sends seeded promotion links to pages of this app: the game's page, the task in the task list", async () => {
    const targets = [
      ...(await server.db.selectFrom('wx_apps').select('target_url').execute()),
      ...(await server.db.selectFrom('demands').select('target_url').execute()),
    ].map((r) => r.target_url);
    expect(targets.filter((t) => t !== '' && !t.startsWith('/'))).toEqual([]);

    const links = await server.db.selectFrom('promo_links').selectAll().execute();
    const followed = new Set<string>();
    for (const link of links) {
      const res = await fetch(`${server.url}/s/${link.code}`, { redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status === 404) continue; // under review or withdrawn: no link yet
      expect(res.status).toBe(302);
      followed.add(link.item_kind);
      const location = res.headers.get('location') ?? '';
      if (link.item_kind === 'wx') {
        expect(location).toBe(`/GameDetail/${link.item_id}?ref=${link.code}`);
      } else {
        const demand = await server.db
          .selectFrom('demands')
          .select('demand_name')
          .where('id', '=', link.item_id)
          .executeTakeFirstOrThrow();
        const url = new URL(location, server.url);
        expect(url.pathname).toBe('/');
        expect(url.searchParams.get('tab')).toBe('2');
        expect(url.searchParams.get('q')).toBe(demand.demand_name);
        expect(url.searchParams.get('ref')).toBe(link.code);
      }
    }
    expect(followed).toEqual(new Set(['wx', 'dou']));
  });

  it('answers every listed picture and video', async () => {
    const token = await login(0);
    const page = await server.post('/wxcps/applist', { number: 0, size: 50 }, token);
    const urls = page.data.content.flatMap(
      (a: { logo_square: string; publicity_img: { img_list: { img_url: string }[] } }) => [
        a.logo_square,
        ...a.publicity_img.img_list.map((i) => i.img_url),
      ],
    );
    const withVideo = await server.db
      .selectFrom('wx_apps')
      .select(['video_url', 'cover_img_url'])
      .where('video_url', 'is not', null)
      .limit(2)
      .execute();
    for (const v of withVideo) urls.push(v.video_url, v.cover_img_url);
    const banners = await server.post('/mainview/bannerList');
    for (const b of banners.data) urls.push(b.picUrl, ...Object.values(b.multiPic ?? {}));
    const demands = await server.post('/doucps/demandlist', { number: 0, size: 5 });
    for (const d of demands.data.content) urls.push(d.demandIcon);
    for (const url of urls) {
      const res = await fetch(`${server.url}${url}`);
      // Read to the end: an unread video holds its connection open, and the server's close waits for it.
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
    }
  });

  it('seeds content: banners with per-language pictures, notices, pages in five locales', async () => {
    const banners = await server.post('/mainview/bannerList', undefined, undefined, {
      headers: { 'x-forwarded-host': 'localhost' },
    });
    expect(banners.data.length).toBeGreaterThanOrEqual(3);
    expect(banners.data.some((b: { multiPic: unknown }) => b.multiPic !== null)).toBe(true);
    expect(banners.data.some((b: { multiPic: unknown }) => b.multiPic === null)).toBe(true);
    const notices = await server.post('/cp/mainview/notice', undefined, await login(0));
    expect(notices.data).toHaveLength(3);
    for (const locale of ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN']) {
      const pages = await server.db
        .selectFrom('content_pages')
        .select('slug')
        .where('locale', '=', locale)
        .execute();
      expect(pages.map((p) => p.slug).sort()).toEqual(['aboutus', 'customAgent', 'systemHelp']);
    }
  });

  it('gives the demo accounts applications; the player has no app card, the senior agent has one', async () => {
    const player = await login(0);
    const wx = await server.post('/wxcps/myapplist', { number: 0, size: 50 }, player);
    expect(wx.data.totalElements).toBe(3);
    expect(wx.data.content.some((a: { clicks: number }) => a.clicks > 0)).toBe(true);
    const dou = await server.post('/doucps/mydemandlist', { number: 0, size: 50 }, player);
    expect(dou.data.totalElements).toBe(2);
    const open = await server.post('/doucps/demandlist', { number: 0, size: 50 }, player);
    const candidate = open.data.content.find((d: { apply: boolean }) => d.apply);
    expect((await server.post('/doucps/apply', { demandId: candidate.demandId }, player)).data.result).toBe(
      0,
    );

    const senior = await login(2);
    const card = await fetch(`${server.url}/api/appcard/view`, {
      headers: { authorization: `Bearer ${senior}` },
    });
    expect((await card.json()).data).toMatchObject({ accountId: expect.any(String) });
    const list = await server.post('/wxcps/applist', { number: 0, size: 5 }, senior, {
      headers: { 'x-forwarded-host': 'localhost' },
    });
    expect(list.data.content[0].pinned).toBe(true);
  });

  it('is deterministic', async () => {
    const other = await createTestDb();
    try {
      await migrateToLatest(other.db);
      await seedCatalogue(other.db, server.clock.now(), { wxCount: 320, demandCount: 140 });
      const names = (db: typeof server.db) =>
        db.selectFrom('wx_apps').select(['appid', 'appname', 'newcps']).orderBy('id').execute();
      expect(await names(other.db)).toEqual(await names(server.db));
    } finally {
      await other.drop();
    }
  });
});
