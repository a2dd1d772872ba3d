import type { Db } from '../../../server/db/create-db';

/** Messages of a user as stored (deleted ones included), oldest first. */
export const storedMessages = (db: Db, userId: number) =>
  db
    .selectFrom('messages')
    .select(['id', 'kind', 'params', 'title', 'body', 'dedupe_key', 'read_at', 'deleted_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, params: JSON.parse(r.params) as Record<string, unknown> })));
