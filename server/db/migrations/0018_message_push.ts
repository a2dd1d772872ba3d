import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../create-db';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 15: a new message can arrive as a push notification. The one push outbox (migration 0005) carries
 * both kinds of delivery, so one worker, one lease and one retry policy serve them: `notice_id` becomes
 * optional, `message_id` joins it, and exactly one of the two is set. SQLite cannot drop a NOT NULL, so
 * there the table is rebuilt (nothing references it); PostgreSQL alters it in place. `messages.push_queued_at`
 * says when a message's deliveries were queued (null: not yet; the push worker queues those, as it does due
 * notices); messages from before push existed are marked queued, never to be pushed.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
async function rebuildOnSqlite(db: Kysely<any>, withMessages: boolean): Promise<void> {
  // Columns named as strings: the two shapes differ, and a frozen migration needs no column types.
  const table = withIdColumn(db, db.schema.createTable('push_outbox_next')) as CreateTableBuilder<
    'push_outbox_next',
    string
  >;
  await table
    .addColumn('notice_id', 'bigint', (c) =>
      withMessages
        ? c.references('notices.id').onDelete('cascade')
        : c.notNull().references('notices.id').onDelete('cascade'),
    )
    .$call((t) =>
      withMessages
        ? t.addColumn('message_id', 'bigint', (c) => c.references('messages.id').onDelete('cascade'))
        : t,
    )
    .addColumn('subscription_id', 'bigint', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('push_outbox_notice_subscription_uq', ['notice_id', 'subscription_id'])
    .$call((t) =>
      withMessages
        ? t
            .addUniqueConstraint('push_outbox_message_subscription_uq', ['message_id', 'subscription_id'])
            .addCheckConstraint('push_outbox_one_source_ck', sql`(notice_id is null) <> (message_id is null)`)
        : t,
    )
    .execute();
  const columns = sql.raw(
    'id, notice_id, subscription_id, state, attempts, next_attempt_at, locked_by, locked_until, last_error, created_at, sent_at',
  );
  await sql`insert into push_outbox_next (${columns}) select ${columns} from push_outbox`.execute(db);
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.alterTable('push_outbox_next').renameTo('push_outbox').execute();
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
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuildOnSqlite()
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('push_queued_at', 'bigint').execute();
  await sql`update messages set push_queued_at = created_at`.execute(db);
  await db.schema
    .createIndex('messages_push_due_idx')
    .on('messages')
    .columns(['push_queued_at', 'id'])
    .execute();
  if (!isPostgres(db)) return rebuildOnSqlite(db, true);
  await sql`alter table push_outbox alter column notice_id drop not null`.execute(db);
  await db.schema
    .alterTable('push_outbox')
    .addColumn('message_id', 'bigint', (c) => c.references('messages.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('push_outbox')
    .addUniqueConstraint('push_outbox_message_subscription_uq', ['message_id', 'subscription_id'])
    .execute();
  await db.schema
    .alterTable('push_outbox')
    .addCheckConstraint('push_outbox_one_source_ck', sql`(notice_id is null) <> (message_id is null)`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuildOnSqlite()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_push_due_idx').execute();
  await db.schema.alterTable('messages').dropColumn('push_queued_at').execute();
  await db.deleteFrom('push_outbox').where('message_id', 'is not', null).execute();
  if (!isPostgres(db)) return rebuildOnSqlite(db, false);
  await db.schema.alterTable('push_outbox').dropConstraint('push_outbox_one_source_ck').execute();
  await db.schema.alterTable('push_outbox').dropConstraint('push_outbox_message_subscription_uq').execute();
  await db.schema.alterTable('push_outbox').dropColumn('message_id').execute();
  await sql`alter table push_outbox alter column notice_id set not null`.execute(db);
}
