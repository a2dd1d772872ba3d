import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // ---- notices: texts per locale, targeting, fan-out bookkeeping. `content` stays: it holds the
  // default-locale body, so anything that reads it keeps working.
  await withIdColumn(db, db.schema.createTable('notice_texts'))
    .addColumn('notice_id', 'bigint', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'varchar(1000)', (c) => c.notNull())
    .addUniqueConstraint('notice_texts_notice_locale_uq', ['notice_id', 'locale'])
    .execute();
  // One ADD COLUMN per statement: SQLite takes no more.
  const addToNotices: [string, 'varchar(8)' | 'varchar(64)' | 'bigint'][] = [
    ['default_locale', 'varchar(8)'],
    // ",1,2," (null: every job) and ",en-US,zh-CN," (null: every locale): matched with LIKE '%,x,%'.
    ['target_jobs', 'varchar(64)'],
    ['target_locales', 'varchar(64)'],
    // When its push deliveries were queued; null: not yet (the worker queues due notices).
    ['enqueued_at', 'bigint'],
    ['updated_at', 'bigint'],
    ['created_by', 'bigint'],
  ];
  for (const [name, type] of addToNotices) {
    await db.schema.alterTable('notices').addColumn(name, type).execute();
  }
  // Notices from before push existed were never meant to be pushed.
  await sql`update notices set enqueued_at = created_at`.execute(db);
  await db.schema
    .createIndex('notices_enqueue_idx')
    .on('notices')
    .columns(['enqueued_at', 'publish_from'])
    .execute();

  await withIdColumn(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(40)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('expiration_time', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint')
    .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await withIdColumn(db, db.schema.createTable('push_outbox'))
    .addColumn('notice_id', 'bigint', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('subscription_id', 'bigint', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    // pending -> sending (leased) -> sent | dead; back to pending for a retry.
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('push_outbox_notice_subscription_uq', ['notice_id', 'subscription_id'])
    .execute();
  await db.schema
    .createIndex('push_outbox_due_idx')
    .on('push_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('push_outbox_lease_idx')
    .on('push_outbox')
    .columns(['state', 'locked_until'])
    .execute();
  await db.schema
    .createIndex('push_outbox_subscription_idx')
    .on('push_outbox')
    .column('subscription_id')
    .execute();

  // Small facts every server process shares (the VAPID public key in use).
  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['server_settings', 'push_outbox', 'push_subscriptions', 'notice_texts']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('notices_enqueue_idx').execute();
  for (const column of [
    'created_by',
    'updated_at',
    'enqueued_at',
    'target_locales',
    'target_jobs',
    'default_locale',
  ]) {
    await db.schema.alterTable('notices').dropColumn(column).execute();
  }
}
