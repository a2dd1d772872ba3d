import { type Kysely, sql } from 'kysely';

/*
 * Issue 31 (decision 0044): the audit log's chain becomes keyed (HMAC-SHA256 under a key outside the
 * database). `audit_log.key_id` names the key a row was signed with; null is decision 0024's unkeyed
 * recipe. `audit_legacy` records each chain's switch point, its head as this migration finds it: rows up to
 * there verify with the old recipe, every later row must be keyed (so a row forged with the public recipe
 * after the switch is caught). A checkpoint carries these points, so moving one is caught too.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('key_id', 'varchar(8)').execute();
  await db.schema
    .createTable('audit_legacy')
    .addColumn('chain', 'bigint', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into audit_legacy (chain, seq) select chain, seq from audit_heads where seq > 0`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_legacy').execute();
  await db.schema.alterTable('audit_log').dropColumn('key_id').execute();
}
