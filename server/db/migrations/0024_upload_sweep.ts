import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Issue 16: unreferenced uploads are swept (server/modules/uploads/worker.ts).
 *
 * - media_uploads.used_at: the last time an upload was stored, referenced or let go of (a banner's picture
 *   replaced or removed). The sweep deletes only rows no referrer names and whose used_at is older than its
 *   grace period, so a picture lives on for the grace period after the last banner stopped showing it, and
 *   a save that refers to an upload sets it in its own transaction (the sweep's delete re-checks it).
 *   Existing rows start at their upload time.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('media_uploads')
    .addColumn('used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update media_uploads set used_at = created_at`.execute(db);
  await db.schema.createIndex('media_uploads_used_at_idx').on('media_uploads').column('used_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('media_uploads_used_at_idx').execute();
  await db.schema.alterTable('media_uploads').dropColumn('used_at').execute();
}
