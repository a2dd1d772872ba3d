import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { BannersTable, ContentPagesTable, NoticesTable } from '../../db/types';
import { memberPattern } from '../notices/repository';

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

/**
 * Published for the site at `now`: inside its window and not withdrawn; newest first. With a reader,
 * only notices aimed at the reader's job and locale (or at everyone).
 */
export const listPublishedNotices = (
  db: Db,
  siteId: number | null,
  now: number,
  reader?: { job: number; locale: string },
): Promise<NoticeRow[]> =>
  db
    .selectFrom('notices')
    .selectAll()
    .where('publish_from', '<=', now)
    .where((eb) => eb.or([eb('publish_until', 'is', null), eb('publish_until', '>', now)]))
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId ?? -1)]))
    .$if(reader !== undefined, (q) =>
      q
        .where((eb) =>
          eb.or([eb('target_jobs', 'is', null), eb('target_jobs', 'like', memberPattern(reader?.job ?? -1))]),
        )
        .where((eb) =>
          eb.or([
            eb('target_locales', 'is', null),
            eb('target_locales', 'like', memberPattern(reader?.locale ?? '-')),
          ]),
        ),
    )
    .orderBy('publish_from', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

/** Which of these notices the user has read. */
export async function readNoticeIds(
  db: Db,
  userId: number,
  noticeIds: readonly number[],
): Promise<Set<number>> {
  if (noticeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notice_reads')
    .select('notice_id')
    .where('user_id', '=', userId)
    .where('notice_id', 'in', [...noticeIds])
    .execute();
  return new Set(rows.map((r) => Number(r.notice_id)));
}

/** Marks these notices read; one already read keeps its first read_at. */
export async function insertNoticeReads(
  db: Db,
  userId: number,
  noticeIds: readonly number[],
  now: number,
): Promise<void> {
  if (noticeIds.length === 0) return;
  await db
    .insertInto('notice_reads')
    .values(noticeIds.map((noticeId) => ({ user_id: userId, notice_id: noticeId, read_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}

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
