import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Issue 33, bonuses' settings (decision 0053). `users.date_of_birth`: the player's own "YYYY-MM-DD", set once
 * by them (null: not told), what the VIP birthday bonus is paid on; `date_of_birth_at`: when, since it is paid
 * only for a date known well before the birthday. The index is on the month and day, what the bonuses worker
 * looks players up by. `sites.bonus_grant_threshold`: a manual grant above this many minor units needs a
 * second operator (four-eyes, decision 0024), 1,000.00 as before it was a setting.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('date_of_birth', 'varchar(10)').execute();
  await db.schema.alterTable('users').addColumn('date_of_birth_at', 'bigint').execute();
  await db.schema
    .createIndex('users_birthday_idx')
    .on('users')
    .expression(sql`substr(date_of_birth, 6, 5)`)
    .where(sql.ref('date_of_birth'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('bonus_grant_threshold', 'bigint', (c) => c.notNull().defaultTo(100_000))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('bonus_grant_threshold').execute();
  await db.schema.dropIndex('users_birthday_idx').execute();
  await db.schema.alterTable('users').dropColumn('date_of_birth_at').execute();
  await db.schema.alterTable('users').dropColumn('date_of_birth').execute();
}
