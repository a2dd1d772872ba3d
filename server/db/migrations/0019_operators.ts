import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../create-db';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 16, decision 0024: operators as grants of a role on a site (or every site), their second factor,
 * four-eyes commands and the append-only, hash-chained audit log.
 *
 * - operator_grants: replaces users.is_operator (each operator becomes an administrator of every site).
 * - operator_totp: a user's TOTP secret, confirmed by a first good code; `last_step` refuses a replayed code.
 * - operator_session_factors: the sessions that passed the second factor.
 * - users.site_id: the site a user registered through (existing users: the first site).
 * - sites: the four-eyes thresholds (a withdrawal above `review_threshold`, a ratio change of more than
 *   `ratio_change_limit_bp` basis points).
 * - operator_commands: four-eyes commands; `state` leaves pending once.
 * - audit_log / audit_heads: one chain per site (0: platform-wide); UPDATE and DELETE on audit_log are
 *   refused by triggers.
 */

const ROLES = `'viewer', 'content_editor', 'payments_reviewer', 'administrator'`;
const COMMAND_STATES = `'pending', 'approved', 'rejected', 'failed'`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('operator_grants'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull().check(sql.raw(`role in (${ROLES})`)))
    // Null: every site.
    .addColumn('site_id', 'bigint', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('granted_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_grants_user_idx').on('operator_grants').column('user_id').execute();
  await sql`insert into operator_grants (user_id, role, site_id, granted_by, created_at)
    select id, 'administrator', null, null, updated_at from users where is_operator = 1`.execute(db);
  await db.schema.alterTable('users').dropColumn('is_operator').execute();

  await db.schema
    .createTable('operator_totp')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_session_factors')
    .addColumn('session_id', 'bigint', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('verified_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('site_id', 'bigint', (c) => c.references('sites.id'))
    .execute();
  await sql`update users set site_id = (select min(id) from sites)`.execute(db);
  await db.schema.createIndex('users_site_idx').on('users').column('site_id').execute();

  await db.schema
    .alterTable('sites')
    .addColumn('review_threshold', 'bigint', (c) => c.notNull().defaultTo(500_000))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('ratio_change_limit_bp', 'integer', (c) => c.notNull().defaultTo(500))
    .execute();

  await withIdColumn(db, db.schema.createTable('operator_commands'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // Null: platform-wide (an operator's grants).
    .addColumn('site_id', 'bigint')
    .addColumn('resource', 'varchar(20)', (c) => c.notNull())
    // What it acts on ('withdrawal:12', 'user:10000001'): one pending command per kind and target.
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('maker_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('state', 'varchar(10)', (c) => c.notNull().check(sql.raw(`state in (${COMMAND_STATES})`)))
    .addColumn('checker_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('reason', 'varchar(500)')
    .addColumn('outcome', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('operator_commands_state_idx')
    .on('operator_commands')
    .columns(['state', 'id'])
    .execute();
  await db.schema
    .createIndex('operator_commands_target_idx')
    .on('operator_commands')
    .columns(['kind', 'target', 'state'])
    .execute();

  await withIdColumn(db, db.schema.createTable('audit_log'))
    .addColumn('chain', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource', 'varchar(20)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('audit_log_chain_seq_uq', ['chain', 'seq'])
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['chain', 'at']).execute();
  await db.schema
    .createTable('audit_heads')
    .addColumn('chain', 'bigint', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    for (const event of ['update', 'delete'])
      await sql
        .raw(`create trigger audit_log_no_${event} before ${event} on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`)
        .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop table audit_log`.execute(db);
    await sql`drop function audit_log_append_only`.execute(db);
  } else {
    await db.schema.dropTable('audit_log').execute();
  }
  await db.schema.dropTable('audit_heads').execute();
  await db.schema.dropTable('operator_commands').execute();
  await db.schema.alterTable('sites').dropColumn('ratio_change_limit_bp').execute();
  await db.schema.alterTable('sites').dropColumn('review_threshold').execute();
  await db.schema.dropIndex('users_site_idx').execute();
  await db.schema.alterTable('users').dropColumn('site_id').execute();
  await db.schema.dropTable('operator_session_factors').execute();
  await db.schema.dropTable('operator_totp').execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set is_operator = 1 where id in (select user_id from operator_grants)`.execute(db);
  await db.schema.dropTable('operator_grants').execute();
}
