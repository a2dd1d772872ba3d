import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Issue 15, profile and levels (decision 0023). `users.avatar`: the chosen avatar's id (null: none yet; the
 * contract refuses unknown ids). `vip_benefits`: what each VIP level offers, as data beside `vip_levels`
 * (migration 0008), one row per benefit in the order shown; an operator fills it (demo mode seeds it).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('avatar', 'varchar(32)').execute();

  await db.schema
    .createTable('vip_benefits')
    .addColumn('level', 'integer', (c) => c.notNull().references('vip_levels.level').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // Minor units, for the kinds that carry an amount (a bonus); null for the others.
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount is null or amount > 0`))
    .addPrimaryKeyConstraint('vip_benefits_pk', ['level', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vip_benefits').execute();
  await db.schema.alterTable('users').dropColumn('avatar').execute();
}
