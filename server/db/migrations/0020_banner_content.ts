import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../create-db';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 16: banners written per language, and pictures operators upload.
 *
 * - banner_texts: a banner's name and remark per locale; `banners.default_locale` is the one other locales
 *   fall back to. Existing banners get their one text as en-US. `banners.bannername` and `remark` keep the
 *   default locale's text (NOT NULL columns of 0003), as `notices.content` does.
 * - media_uploads: pictures as the server re-encoded them, content-addressed by SHA-256 (one row per
 *   distinct picture), kept in the database so the embedded database holds all of a site's state.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('banners')
    .addColumn('default_locale', 'varchar(5)', (c) => c.notNull().defaultTo('en-US'))
    .execute();
  await db.schema
    .createTable('banner_texts')
    .addColumn('banner_id', 'bigint', (c) => c.notNull().references('banners.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('bannername', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('banner_texts_pk', ['banner_id', 'locale'])
    .execute();
  await sql`insert into banner_texts (banner_id, locale, bannername, remark)
    select id, 'en-US', bannername, remark from banners`.execute(db);

  await withIdColumn(db, db.schema.createTable('media_uploads'))
    .addColumn('sha256', 'char(64)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('uploaded_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_uploads').execute();
  await db.schema.dropTable('banner_texts').execute();
  await db.schema.alterTable('banners').dropColumn('default_locale').execute();
}
