import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 15, messages (decision 0020): per-user messages, apart from the site-wide notices. An event's message
 * is stored as its kind and parameters (the app words it in the reader's language); an operator's message
 * carries its own title and body. `dedupe_key` makes each event write its message once, however often the
 * event's call is replayed. Deleting is soft and per user.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('messages'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // JSON object of strings and numbers; text, so no event's transaction fails on a long reason.
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('title', 'varchar(100)')
    .addColumn('body', 'varchar(2000)')
    .addColumn('dedupe_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .execute();
  // The list (newest first) and the unread count, per user, skipping deleted rows.
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['user_id', 'deleted_at', 'id'])
    .execute();

  // An operator's send to one user or a segment; each recipient's row names it in its dedupe key, so a
  // replayed send (same idempotency key) writes nothing twice.
  await withIdColumn(db, db.schema.createTable('message_broadcasts'))
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('segment', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0).check(sql`recipients >= 0`))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0).check(sql`skipped >= 0`))
    .addColumn('unknown_uids', 'varchar(12000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // null: still writing (a send cut short is resumed by sending again with its key).
    .addColumn('finished_at', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_broadcasts').execute();
  await db.schema.dropTable('messages').execute();
}
