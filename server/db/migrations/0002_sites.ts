import type { Kysely } from 'kysely';
import { withIdColumn } from '../schema-helpers';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('sites'))
    .addColumn('domain', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('theme_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('support_handle', 'varchar(100)', (c) => c.notNull())
    .addColumn('currency_symbols', 'text')
    .addColumn('min_withdraw', 'bigint', (c) => c.notNull())
    .addColumn('max_withdraw', 'bigint', (c) => c.notNull())
    .addColumn('min_transfer', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sites').execute();
}
