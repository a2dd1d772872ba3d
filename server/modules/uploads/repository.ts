import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { MediaUploadsTable } from './tables';

export type UploadRow = Selectable<MediaUploadsTable>;

/** Stores a picture once: the same content uploaded again answers the first row's id. */
export async function putUpload(db: Db, upload: Insertable<MediaUploadsTable>): Promise<number> {
  await db
    .insertInto('media_uploads')
    .values(upload)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const row = await db
    .selectFrom('media_uploads')
    .select('id')
    .where('sha256', '=', upload.sha256)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const findUpload = (db: Db, id: number): Promise<UploadRow | undefined> =>
  db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();
