import type { Kysely } from 'kysely';

/*
 * Issues 14 and 16 (decision 0033): a site's own business time zone, an IANA name, or null: the
 * deployment's BUSINESS_TIME_ZONE (every site before this migration counted its days in it, so null keeps
 * them where they were).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('business_time_zone', 'varchar(64)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('business_time_zone').execute();
}
