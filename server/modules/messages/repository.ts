import { CompiledQuery, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import type { MessagesTable } from './tables';

export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Required<Omit<Insertable<MessagesTable>, 'id' | 'push_queued_at'>>;

const COLUMNS = [
  'user_id',
  'kind',
  'params',
  'title',
  'body',
  'dedupe_key',
  'created_at',
  'read_at',
  'deleted_at',
  'broadcast_id',
] as const satisfies readonly (keyof NewMessageRow)[];

/** 10 parameters a row: far below SQLite's 32766 and PostgreSQL's 65535 bound parameters. */
const ROWS_PER_STATEMENT = 500;

/** The insert of `rows` messages per dialect, kept: settlement writes thousands a day. */
const statements = new Map<string, string>();
function insertStatement(postgres: boolean, rows: number): string {
  const key = `${postgres}:${rows}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    const values = Array.from(
      { length: rows },
      () => `(${COLUMNS.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`,
    );
    text = `insert into messages (${COLUMNS.join(', ')}) values ${values.join(', ')} on conflict (dedupe_key) do nothing`;
    statements.set(key, text);
  }
  return text;
}

/** Writes the rows; a row whose dedupe key exists already is skipped (a replayed event). */
export async function insertMessages(db: Db, rows: readonly NewMessageRow[]): Promise<void> {
  const postgres = isPostgres(db);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    const parameters: unknown[] = [];
    for (const row of part) for (const column of COLUMNS) parameters.push(row[column]);
    await db.executeQuery(CompiledQuery.raw(insertStatement(postgres, part.length), parameters));
  }
}

/** The user's messages that are not deleted. */
const ownLive = (db: Db, userId: number) =>
  db.selectFrom('messages').where('user_id', '=', userId).where('deleted_at', 'is', null);

export const pageOfMessages = (
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<MessageRow[]> =>
  ownLive(db, userId).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();

export async function countMessages(db: Db, userId: number): Promise<{ total: number; unread: number }> {
  const row = await ownLive(db, userId)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
    ])
    .executeTakeFirst();
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await ownLive(db, userId)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export const findOwnMessage = (db: Db, userId: number, id: number): Promise<MessageRow | undefined> =>
  ownLive(db, userId).selectAll().where('id', '=', id).executeTakeFirst();

/** Marks the user's unread messages among `ids` (all of them when null) read; other users' rows never match. */
export async function markRead(
  db: Db,
  userId: number,
  ids: readonly number[] | null,
  now: number,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('read_at', 'is', null)
    .$if(ids !== null, (q) => q.where('id', 'in', [...(ids ?? [])]))
    .execute();
}

export async function markDeleted(
  db: Db,
  userId: number,
  ids: readonly number[],
  now: number,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({ deleted_at: now })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
}

// ---- operator sends

export const findBroadcast = (db: Db, requestKey: string) =>
  db.selectFrom('message_broadcasts').selectAll().where('request_key', '=', requestKey).executeTakeFirst();

export const findBroadcastById = (db: Db, id: number) =>
  db.selectFrom('message_broadcasts').selectAll().where('id', '=', id).executeTakeFirst();

/** A send's texts in its languages other than the default one. */
export const textsOfBroadcast = (db: Db, broadcastId: number) =>
  db
    .selectFrom('message_texts')
    .select(['locale', 'title', 'body'])
    .where('broadcast_id', '=', broadcastId)
    .execute();

/** The broadcast row, or undefined when another send with the same key got there first. */
export const insertBroadcast = (
  db: Db,
  row: {
    request_key: string;
    request_hash: string;
    segment: string;
    uids: string | null;
    default_locale: string;
    title: string;
    body: string;
    created_by: number | null;
    created_at: number;
  },
) =>
  db
    .insertInto('message_broadcasts')
    .values(row)
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();

/** A send's texts in its languages other than the default one. */
export async function insertTexts(
  db: Db,
  broadcastId: number,
  texts: readonly { locale: string; title: string; body: string }[],
): Promise<void> {
  if (texts.length === 0) return;
  await db
    .insertInto('message_texts')
    .values(texts.map((t) => ({ broadcast_id: broadcastId, ...t })))
    .execute();
}

/** Of these sends, the texts written in `locale` (a send without one is absent: it reads its default). */
export const textsIn = (
  db: Db,
  broadcastIds: readonly number[],
  locale: string,
): Promise<{ broadcast_id: number; title: string; body: string }[]> =>
  broadcastIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('message_texts')
        .select(['broadcast_id', 'title', 'body'])
        .where('broadcast_id', 'in', [...broadcastIds])
        .where('locale', '=', locale)
        .execute();

/** The languages each of these sends has other than its default one. */
export const otherLocalesOf = (
  db: Db,
  broadcastIds: readonly number[],
): Promise<{ broadcast_id: number; locale: string }[]> =>
  broadcastIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('message_texts')
        .select(['broadcast_id', 'locale'])
        .where('broadcast_id', 'in', [...broadcastIds])
        .orderBy('locale')
        .execute();

/** Sends newest first, with the sending operator's UID. */
export const pageOfBroadcasts = (db: Db, offset: number, limit: number) =>
  db
    .selectFrom('message_broadcasts as b')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      'b.segment',
      'b.uids',
      'b.default_locale',
      'b.title',
      'b.body',
      'b.recipients',
      'b.skipped',
      'b.unknown_uids',
      'b.created_at',
      'b.finished_at',
      'u.uid as by_uid',
    ])
    .orderBy('b.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();

export async function countBroadcasts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('message_broadcasts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export const finishBroadcast = (
  db: Db,
  id: number,
  counts: { recipients: number; skipped: number; unknown_uids: string; finished_at: number },
) => db.updateTable('message_broadcasts').set(counts).where('id', '=', id).execute();

/** Users of a segment after `afterId`, by id, a page at a time. */
export const segmentUsers = (
  db: Db,
  segment: { jobs: readonly number[] } | { uids: readonly number[] },
  afterId: number,
  limit: number,
): Promise<{ id: number; uid: number }[]> =>
  db
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('id', '>', afterId)
    .where('banned', '=', 0)
    .$if('jobs' in segment, (q) => q.where('job', 'in', 'jobs' in segment ? [...segment.jobs] : []))
    .$if('uids' in segment, (q) => q.where('uid', 'in', 'uids' in segment ? [...segment.uids] : []))
    .orderBy('id')
    .limit(limit)
    .execute();

// ---- push

/**
 * Marks up to `limit` messages not yet queued for push as queued, and answers them (the push module queues
 * their deliveries in the same transaction). PostgreSQL skips rows another process is claiming.
 */
export async function claimForPush(
  trx: Db,
  now: number,
  limit: number,
): Promise<{ id: number; user_id: number }[]> {
  const due = await trx
    .selectFrom('messages')
    .select(['id', 'user_id'])
    .where('push_queued_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .$if(isPostgres(trx), (q) => q.forUpdate().skipLocked())
    .execute();
  if (due.length === 0) return [];
  await trx
    .updateTable('messages')
    .set({ push_queued_at: now })
    .where(
      'id',
      'in',
      due.map((m) => m.id),
    )
    .execute();
  return due.map((m) => ({ id: m.id, user_id: m.user_id }));
}

export const findMessage = (db: Db, id: number): Promise<MessageRow | undefined> =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
