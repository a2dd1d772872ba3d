import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { BannersTable, ContentPagesTable, NoticesTable } from '../../db/types';

export type BannerRow = Selectable<BannersTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;

// ---- sites

/** The site whose domain is `host`, else the first site; null when the deployment has none. */
export async function findSiteIdForHost(db: Db, host: string): Promise<number | null> {
  const exact = await db.selectFrom('sites').select('id').where('domain', '=', host).executeTakeFirst();
  if (exact) return exact.id;
  const first = await db.selectFrom('sites').select('id').orderBy('id').limit(1).executeTakeFirst();
  return first?.id ?? null;
}

// ---- banners

export const listBanners = (db: Db, siteId: number | null): Promise<BannerRow[]> =>
  db
    .selectFrom('banners')
    .selectAll()
    .where('enabled', '=', 1)
    // Rows for this site or for every site (site_id null).
    .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId ?? -1)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

export const insertBanner = async (db: Db, banner: Insertable<BannersTable>): Promise<number> => {
  const row = await db.insertInto('banners').values(banner).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

export const updateBannerPictures = async (
  db: Db,
  id: number,
  picUrl: string,
  multiPic: string | null,
): Promise<void> => {
  await db
    .updateTable('banners')
    .set({ pic_url: picUrl, multi_pic: multiPic })
    .where('id', '=', id)
    .execute();
};

export const findBannerById = (db: Db, id: number): Promise<BannerRow | undefined> =>
  db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();

export const countBanners = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

// ---- notices

/** Published for the site at `now`: inside its window and not withdrawn; newest first. */
export const listPublishedNotices = (db: Db, siteId: number | null, now: number): Promise<NoticeRow[]> =>
  db
    .selectFrom('notices')
    .selectAll()
    .where('publish_from', '<=', now)
    .where((eb) => eb.or([eb('publish_until', 'is', null), eb('publish_until', '>', now)]))
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId ?? -1)]))
    .orderBy('publish_from', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

export const insertNotice = async (db: Db, notice: Insertable<NoticesTable>): Promise<number> => {
  const row = await db.insertInto('notices').values(notice).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

// ---- pages

/** The page in `locale`, else in `fallback`. */
export const findPage = async (
  db: Db,
  slug: string,
  locale: string,
  fallback: string,
): Promise<ContentPageRow | undefined> => {
  const rows = await db
    .selectFrom('content_pages')
    .selectAll()
    .where('slug', '=', slug)
    .where('locale', 'in', [locale, fallback])
    .execute();
  return rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === fallback);
};

export const upsertPage = async (db: Db, page: Insertable<ContentPagesTable>): Promise<void> => {
  await db
    .insertInto('content_pages')
    .values(page)
    .onConflict((oc) =>
      oc
        .columns(['slug', 'locale'])
        .doUpdateSet({ title: page.title, content: page.content, updated_at: page.updated_at }),
    )
    .execute();
};
