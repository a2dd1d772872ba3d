import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { NoticesTable, NoticeTextsTable } from '../../db/types';

export type NoticeRow = Selectable<NoticesTable>;
export type NoticeTextRow = Selectable<NoticeTextsTable>;

/** ",1,2," so one LIKE '%,x,%' matches a member on both dialects; null stays null (everyone). */
export const toMemberList = (values: readonly (string | number)[] | null): string | null =>
  values === null ? null : `,${[...new Set(values)].join(',')},`;

export const fromMemberList = (text: string | null): string[] | null =>
  text === null ? null : text.split(',').filter((v) => v !== '');

export const memberPattern = (value: string | number): string => `%,${value},%`;

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
    const id = Number(row.notice_id);
    byNotice.set(id, [...(byNotice.get(id) ?? []), row]);
  }
  return byNotice;
}

export async function pageOfNotices(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const rows = await db
    .selectFrom('notices')
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/** Delivery counts per notice and state. */
export async function deliveryCounts(
  db: Db,
  noticeIds: readonly number[],
): Promise<Map<number, { pending: number; sent: number; dead: number }>> {
  const counts = new Map<number, { pending: number; sent: number; dead: number }>();
  if (noticeIds.length === 0) return counts;
  const rows = await db
    .selectFrom('push_outbox')
    .select(['notice_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('notice_id', 'in', [...noticeIds])
    .groupBy(['notice_id', 'state'])
    .execute();
  for (const row of rows) {
    const id = Number(row.notice_id);
    const c = counts.get(id) ?? { pending: 0, sent: 0, dead: 0 };
    // A leased delivery is still pending for the operator.
    if (row.state === 'sent') c.sent += Number(row.n);
    else if (row.state === 'dead') c.dead += Number(row.n);
    else c.pending += Number(row.n);
    counts.set(id, c);
  }
  return counts;
}

export const findSiteByDomain = (db: Db, domain: string) =>
  db.selectFrom('sites').select(['id', 'domain', 'name']).where('domain', '=', domain).executeTakeFirst();

export async function siteDomains(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sites')
    .select(['id', 'domain'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.domain]));
}
