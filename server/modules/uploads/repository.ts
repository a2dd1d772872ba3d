import { type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/types';
import type { MediaUploadsTable } from './tables';

export type UploadRow = Selectable<MediaUploadsTable>;

/**
 * Stores a picture once: the same content uploaded again answers the first row's id. Either way the row's
 * `used_at` becomes the upload's, so a row the sweep was about to take (old, unreferenced) is young again,
 * and a sweep that already took it leaves this insert a new row.
 */
export async function putUpload(db: Db, upload: Insertable<MediaUploadsTable>): Promise<number> {
  const row = await db
    .insertInto('media_uploads')
    .values(upload)
    .onConflict((oc) => oc.column('sha256').doUpdateSet((eb) => ({ used_at: eb.ref('excluded.used_at') })))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findUpload = (db: Db, id: number): Promise<UploadRow | undefined> =>
  db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();

/** Sets `used_at` of these rows (those that still exist) to `now`, in id order. */
export async function touchUploads(db: Db, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('media_uploads')
    .set({ used_at: now })
    .where(
      'id',
      'in',
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .execute();
}

/** A column of another module's table that may hold an upload's address, alone or inside a text. */
export interface UploadReferrer {
  table: keyof Database & string;
  column: string;
}

/**
 * An upload's address computed in SQL, exactly as uploadUrl() writes it (service.ts): PNG rows (a site's
 * icons) end in `.png`, every other (WebP) in `.webp`.
 */
const ADDRESS = sql`('/media/upload/' || cast(media_uploads.id as varchar(20)) || '-' || substr(media_uploads.sha256, 1, 16) || (case when media_uploads.content_type = 'image/png' then '.png' else '.webp' end))`;

/**
 * Deletes, in one statement, every upload last used before `usedBefore` whose address no referrer's
 * column contains. An address holds only letters, digits, `/`, `-` and `.`, so it is no LIKE pattern of its
 * own; a containment test finds it alone in a column, inside a JSON map and inside HTML alike.
 */
export async function deleteUnreferenced(
  db: Db,
  referrers: readonly UploadReferrer[],
  usedBefore: number,
): Promise<number> {
  let query = db.deleteFrom('media_uploads').where('used_at', '<', usedBefore);
  for (const r of referrers) {
    const column = sql.ref(`${r.table}.${r.column}`);
    query = query.where(
      sql<SqlBool>`not exists (select 1 from ${sql.table(r.table)} where ${column} like ('%' || ${ADDRESS} || '%'))`,
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
