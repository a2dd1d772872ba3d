import type { Kysely } from 'kysely';

/*
 * Issue 16 (decision 0027 amended): a site's own icons, uploaded from the console and stored as uploads
 * (media_uploads, PNG). Each column holds an upload's address, or null: the build's icon
 * (public/icons/). The four are set and cleared together.
 *
 * - icon_192, icon_512: the manifest's icons for any use.
 * - icon_maskable_512: the manifest's maskable icon (the picture in the inner 80% on the theme colour).
 * - icon_apple_180: the apple-touch-icon size.
 */

const COLUMNS = ['icon_192', 'icon_512', 'icon_maskable_512', 'icon_apple_180'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one column per ALTER TABLE.
  for (const column of COLUMNS)
    await db.schema.alterTable('sites').addColumn(column, 'varchar(255)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse())
    await db.schema.alterTable('sites').dropColumn(column).execute();
}
