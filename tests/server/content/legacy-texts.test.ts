// Issue 31 item 13: banners and notices written before texts per language existed (by the seed, or by an
// older version) kept their text only on their own row, and the console reads only the per-language rows:
// its list showed no name or languages, its editor opened empty, and a save wiped the remark. Migration 0033
// moves such text into the default language's row once, and the seed writes the rows itself.
import { describe, expect, it } from 'vitest';
import { up as moveLegacyTexts } from '../../../server/db/migrations/0033_legacy_content_texts';
import { insertBanner } from '../../../server/modules/content/repository';
import { insertNotice } from '../../../server/modules/notices/repository';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'content_editor');

interface Texts {
  [locale: string]: { name: string; remark: string } | undefined;
}
interface AdminBanner {
  id: number;
  site: string | null;
  texts: Texts;
  defaultLocale: string;
  sortOrder: number;
  enabled: boolean;
}
interface AdminNotice {
  id: number;
  texts: { [locale: string]: { title: string; body: string } | undefined };
  defaultLocale: string;
  site: string | null;
  jobs: number[] | null;
  locales: string[] | null;
  publishFrom: number;
  publishUntil: number | null;
}

const adminBanners = async (): Promise<AdminBanner[]> => {
  const res = await server.post('/admin/banners/list', { size: 50 }, operators.everyAdmin.token);
  expect(res.status).toBe(200);
  return (res.data as { content: AdminBanner[] }).content;
};
const adminNotices = async (): Promise<AdminNotice[]> => {
  const res = await server.post('/admin/notices/list', { size: 50 }, operators.everyAdmin.token);
  expect(res.status).toBe(200);
  return (res.data as { content: AdminNotice[] }).content;
};
const bannerRow = (id: number) =>
  server.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const noticeRow = (id: number) =>
  server.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What the console's editor sends back when the operator only moves the banner in the order. */
const reorder = (b: AdminBanner) =>
  server.post(
    '/admin/banners/edit',
    {
      id: b.id,
      texts: b.texts,
      defaultLocale: b.defaultLocale,
      site: b.site,
      sortOrder: b.sortOrder + 1,
      enabled: b.enabled,
    },
    operators.everyAdmin.token,
  );

/** What the console's editor sends back when the operator only moves the end of the notice's window. */
const extend = (n: AdminNotice) =>
  server.post(
    '/admin/notices/edit',
    {
      id: n.id,
      texts: n.texts,
      defaultLocale: n.defaultLocale,
      site: n.site,
      jobs: n.jobs,
      locales: n.locales,
      publishFrom: n.publishFrom,
      publishUntil: server.clock.now() + 86_400_000,
    },
    operators.everyAdmin.token,
  );

/** The home carousel's remark of banner `id` for a visitor of the first site reading `language`. */
async function carouselRemark(id: number, language = 'en-US'): Promise<string | undefined> {
  const res = await server.post('/mainview/bannerList', {}, undefined, {
    headers: { 'accept-language': language },
  });
  expect(res.http).toBe(200);
  return (res.data as { id: number; remark: string }[]).find((b) => b.id === id)?.remark;
}

describe('the seed writes texts per language', () => {
  it('gives every seeded banner its name and remark in its default language, which an edit keeps', async () => {
    const seeded = await adminBanners();
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    for (const b of seeded) {
      const row = await bannerRow(b.id);
      expect(row.remark).not.toBe('');
      expect(b.texts[b.defaultLocale]).toEqual({ name: row.bannername, remark: row.remark });
    }
    const first = seeded[0] as AdminBanner;
    const remark = (await bannerRow(first.id)).remark;
    expect((await reorder(first)).status).toBe(200);
    expect((await bannerRow(first.id)).remark).toBe(remark);
    expect((await adminBanners()).find((b) => b.id === first.id)?.texts[first.defaultLocale]?.remark).toBe(
      remark,
    );
    expect(await carouselRemark(first.id)).toContain('Double commission');
  });

  it('gives every seeded notice its body in its default language, which an edit keeps', async () => {
    const seeded = await adminNotices();
    expect(seeded.length).toBeGreaterThan(0);
    for (const n of seeded) {
      const row = await noticeRow(n.id);
      expect(n.texts[n.defaultLocale]).toEqual({ title: '', body: row.content });
    }
    const first = seeded[0] as AdminNotice;
    const body = (await noticeRow(first.id)).content;
    expect((await extend(first)).status).toBe(200);
    expect((await noticeRow(first.id)).content).toBe(body);
    expect((await adminNotices()).find((n) => n.id === first.id)?.texts[first.defaultLocale]?.body).toBe(
      body,
    );
  });
});

describe('migration 0033: text on the row only, as the old seed and older versions wrote it', () => {
  it('moves the text of a banner and a notice into their default language once, and an edit keeps it', async () => {
    const now = server.clock.now();
    const oldRemark = '<p>Written <strong>before</strong> texts per language.</p>';
    const bannerId = await insertBanner(server.db, {
      site_id: null,
      bannername: 'Old banner',
      remark: oldRemark,
      pic_url: '/media/banner/old.svg',
      multi_pic: null,
      sort_order: 90,
      enabled: 1,
      created_at: now,
    });
    const noticeId = await insertNotice(server.db, {
      site_id: null,
      content: 'An old notice, from before texts per language.',
      publish_from: now - 1000,
      publish_until: null,
      withdrawn_at: null,
      created_at: now,
    });
    // A banner written through the console in one language only, not the en-US of the migration.
    const written = await server.post(
      '/admin/banners/create',
      { texts: { 'zh-CN': { name: '新横幅', remark: '<p>中文</p>' } }, defaultLocale: 'zh-CN', site: null },
      operators.everyAdmin.token,
    );
    expect(written.status).toBe(200);

    await moveLegacyTexts(server.db);
    await moveLegacyTexts(server.db);

    const banners = await adminBanners();
    const old = banners.find((b) => b.id === bannerId) as AdminBanner;
    expect(old.texts).toEqual({ 'en-US': { name: 'Old banner', remark: oldRemark } });
    expect(banners.find((b) => b.id === written.data.id)?.texts).toEqual({
      'zh-CN': { name: '新横幅', remark: '<p>中文</p>' },
    });
    const notice = (await adminNotices()).find((n) => n.id === noticeId) as AdminNotice;
    expect(notice.defaultLocale).toBe('en-US');
    expect(notice.texts).toEqual({
      'en-US': { title: '', body: 'An old notice, from before texts per language.' },
    });

    expect((await reorder(old)).status).toBe(200);
    expect((await bannerRow(bannerId)).remark).toBe(oldRemark);
    expect(await carouselRemark(bannerId)).toBe(oldRemark);
    expect((await extend(notice)).status).toBe(200);
    expect((await noticeRow(noticeId)).content).toBe('An old notice, from before texts per language.');
  });
});
