import type { Kysely } from 'kysely';
import { withIdColumn } from '../schema-helpers';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('uid', 'bigint', (c) => c.notNull().unique())
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('rate1', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('rate2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('default_rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(16)')
    .addColumn('banned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'varchar(16)')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await withIdColumn(db, db.schema.createTable('sms_codes'))
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sms_codes_lookup_idx')
    .on('sms_codes')
    .columns(['area_code', 'phone', 'purpose', 'id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('rate_events'))
    .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_events_lookup_idx')
    .on('rate_events')
    .columns(['bucket', 'key', 'created_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('dev_sms_outbox'))
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dev_sms_outbox_phone_idx')
    .on('dev_sms_outbox')
    .columns(['area_code', 'phone', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['dev_sms_outbox', 'rate_events', 'sms_codes', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
