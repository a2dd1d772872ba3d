import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { NoticesTable, NoticeTextsTable } from './tables';

export type NoticeRow = Selectable<NoticesTable>;
export type NoticeTextRow = Selectable<NoticeTextsTable>;

/** ",1,2," so one LIKE '%,x,%' matches a member on both dialects; null stays null (everyone). */
export const toMemberList = (values: readonly (string | number)[] | null): string | null =>
  values === null ? null : `,${[...new Set(values)].join(',')},`;

export const fromMemberList = (text: string | null): string[] | null =>
  text === null ? null : text.split(',').filter((v) => v !== '');

export const memberPattern = (value: string | number): string => `%,${value},%`;

export const insertNotice = async (db: Db, notice: Insertable<NoticesTable>): Promise<number> => {
  const row = await db.insertInto('notices').values(notice).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

export const findNotice = (db: Db, id: number): Promise<NoticeRow | undefined> =>
  db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();

export async function replaceTexts(
  db: Db,
  noticeId: number,
  texts: { locale: string; title: string; body: string }[],
): Promise<void> {
  await db.deleteFrom('notice_texts').where('notice_id', '=', noticeId).execute();
  if (texts.length > 0)
    await db
      .insertInto('notice_texts')
      .values(texts.map((t) => ({ notice_id: noticeId, ...t })))
      .execute();
}

/** Texts of these notices, grouped by notice id. */
export async function textsOf(db: Db, noticeIds: readonly number[]): Promise<Map<number, NoticeTextRow[]>> {
  const byNotice = new Map<number, NoticeTextRow[]>();
  if (noticeIds.length === 0) return byNotice;
  const rows = await db
    .selectFrom('notice_texts')
    .selectAll()
    .where('notice_id', 'in', [...noticeIds])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const id = row.notice_id;
    byNotice.set(id, [...(byNotice.get(id) ?? []), row]);
  }
  return byNotice;
}

export async function pageOfNotices(
  db: Db,
  offset: number,
  limit: number,
  siteIds: readonly number[] | null,
): Promise<{ rows: NoticeRow[]; total: number }> {
  // Of some sites only: theirs, and those shown on every site.
  const scoped = () =>
    siteIds === null
      ? db.selectFrom('notices')
      : db
          .selectFrom('notices')
          .where((eb) =>
            eb.or([eb('site_id', 'is', null), eb('site_id', 'in', siteIds.length > 0 ? [...siteIds] : [-1])]),
          );
  const rows = await scoped().selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const count = await scoped()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: count?.n ?? 0 };
}

// ---- readers

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
  return new Set(rows.map((r) => r.notice_id));
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

// ---- delivery (push)

const liveAt = (now: number) =>
  sql<boolean>`withdrawn_at is null and publish_from <= ${now} and (publish_until is null or publish_until > ${now})`;

/**
 * Marks a notice that is live now and not queued yet as queued, answering its targeting; undefined when
 * it is not due, ended, or was queued already. The guarded UPDATE makes one caller win even with several
 * processes.
 */
export const claimForDelivery = (db: Db, noticeId: number, now: number) =>
  db
    .updateTable('notices')
    .set({ enqueued_at: now })
    .where('id', '=', noticeId)
    .where('enqueued_at', 'is', null)
    .where(liveAt(now))
    .returning(['id', 'site_id', 'target_jobs', 'target_locales'])
    .executeTakeFirst();

/** Live notices whose publish time has come and whose deliveries are not queued yet. */
export const dueNoticeIds = async (db: Db, now: number, limit = 20): Promise<number[]> => {
  const rows = await db
    .selectFrom('notices')
    .select('id')
    .where('enqueued_at', 'is', null)
    .where(liveAt(now))
    .orderBy('publish_from')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
};

/** A notice with the name of the site it targets (a notification's title when the notice has none). */
export const findNoticeWithSiteName = (db: Db, id: number) =>
  db
    .selectFrom('notices')
    .leftJoin('sites', 'sites.id', 'notices.site_id')
    .selectAll('notices')
    .select('sites.name as site_name')
    .where('notices.id', '=', id)
    .executeTakeFirst();
