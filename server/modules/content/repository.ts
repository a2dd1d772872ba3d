import type { Insertable, Selectable } from 'kysely';
import { type Db, isPostgres } from '../../db/create-db';
import type { BannersTable, BannerTextsTable, ContentPagesTable } from './tables';

export type BannerRow = Selectable<BannersTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;
export type BannerTextRow = Selectable<BannerTextsTable>;

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

/** The banner with this id; with `forUpdate`, locked on PostgreSQL until the caller's transaction ends. */
export const findBannerById = (
  db: Db,
  id: number,
  { forUpdate = false } = {},
): Promise<BannerRow | undefined> => {
  const q = db.selectFrom('banners').selectAll().where('id', '=', id);
  return (forUpdate && isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
};

export const countBanners = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

/** Each banner's texts, by banner id. */
export async function bannerTexts(db: Db, ids: readonly number[]): Promise<Map<number, BannerTextRow[]>> {
  const byBanner = new Map<number, BannerTextRow[]>();
  if (ids.length === 0) return byBanner;
  const rows = await db
    .selectFrom('banner_texts')
    .selectAll()
    .where('banner_id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const id = row.banner_id;
    byBanner.set(id, [...(byBanner.get(id) ?? []), row]);
  }
  return byBanner;
}

export async function replaceBannerTexts(
  db: Db,
  bannerId: number,
  texts: readonly Omit<BannerTextRow, 'banner_id'>[],
): Promise<void> {
  await db.deleteFrom('banner_texts').where('banner_id', '=', bannerId).execute();
  if (texts.length > 0)
    await db
      .insertInto('banner_texts')
      .values(texts.map((t) => ({ ...t, banner_id: bannerId })))
      .execute();
}

/** A page of the banners of these sites and of every site (null: all), by sort order. */
export async function pageOfBanners(
  db: Db,
  offset: number,
  limit: number,
  siteIds: readonly number[] | null,
): Promise<{ rows: BannerRow[]; total: number }> {
  const scoped = () =>
    siteIds === null
      ? db.selectFrom('banners')
      : db
          .selectFrom('banners')
          .where((eb) =>
            eb.or([eb('site_id', 'is', null), eb('site_id', 'in', siteIds.length > 0 ? [...siteIds] : [-1])]),
          );
  const rows = await scoped()
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await scoped()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: count?.n ?? 0 };
}

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

/** Every language of every page (the console's list). */
export const allPageRows = (db: Db): Promise<ContentPageRow[]> =>
  db.selectFrom('content_pages').selectAll().orderBy('slug').orderBy('locale').execute();

/** A page's languages; with `forUpdate`, locked on PostgreSQL until the caller's transaction ends. */
export const pageRows = (db: Db, slug: string, { forUpdate = false } = {}): Promise<ContentPageRow[]> => {
  const q = db.selectFrom('content_pages').selectAll().where('slug', '=', slug).orderBy('locale');
  return (forUpdate && isPostgres(db) ? q.forUpdate() : q).execute();
};

/** A page's languages become exactly `texts`: each written (inserted or replaced), any other removed. */
export async function replacePage(
  trx: Db,
  slug: string,
  texts: readonly { locale: string; title: string; content: string }[],
  now: number,
): Promise<void> {
  for (const t of texts) await upsertPage(trx, { slug, ...t, updated_at: now });
  await trx
    .deleteFrom('content_pages')
    .where('slug', '=', slug)
    .where(
      'locale',
      'not in',
      texts.map((t) => t.locale),
    )
    .execute();
}
