import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 15, player protection (decision 0021). `protection_settings`: one row per user who has used a tool,
 * holding a time-out or self-exclusion (until when) and the reality-check interval; its row is also what a
 * deposit locks, so two deposits of one user are checked against the limits one after the other.
 * `deposit_limits`: each change of a limit is a row effective from a time; the limit in force for a period
 * is its latest row already effective (amount null: no limit), a later row is a pending increase.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('protection_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('block_kind', 'varchar(16)', (c) => c.check(sql`block_kind in ('time_out', 'self_excluded')`))
    .addColumn('blocked_from', 'bigint')
    .addColumn('blocked_until', 'bigint')
    // 0: no reality check.
    .addColumn('reality_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('deposit_limits'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'varchar(8)', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
    // Minor units; null: no limit from then on.
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount is null or amount > 0`))
    .addColumn('effective_from', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deposit_limits_user_idx')
    .on('deposit_limits')
    .columns(['user_id', 'period', 'effective_from'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deposit_limits').execute();
  await db.schema.dropTable('protection_settings').execute();
}
