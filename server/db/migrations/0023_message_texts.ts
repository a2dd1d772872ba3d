import type { Kysely } from 'kysely';

/*
 * Issue 16: operators' messages written per language (decision 0020, "Texts per language").
 *
 * - message_broadcasts.default_locale: the language of the send's own title and body (existing sends are
 *   en-US: they had one text); message_texts holds the send's other languages, one row each, as
 *   catalogue_texts does for catalogue items.
 * - message_broadcasts.request_hash: SHA-256 of the send's request (recipients and texts), so the same key
 *   with a different request is refused; null for sends from before it (not compared).
 * - message_broadcasts.uids: the UIDs a `uids` send named, comma-separated (the console's list of sends);
 *   null for a segment and for sends from before it.
 * - messages.broadcast_id: the send an operator's message came from (null: an event's message, or an
 *   operator's from before it). The message row keeps the default language's text, which push and a reader
 *   of a language without its own text read; a reader of a written language reads message_texts.
 *
 * Sends are never deleted, so no text is left behind; the references cascade all the same.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('message_broadcasts')
    .addColumn('default_locale', 'varchar(5)', (c) => c.notNull().defaultTo('en-US'))
    .execute();
  await db.schema.alterTable('message_broadcasts').addColumn('request_hash', 'varchar(64)').execute();
  await db.schema.alterTable('message_broadcasts').addColumn('uids', 'text').execute();
  await db.schema
    .createTable('message_texts')
    .addColumn('broadcast_id', 'bigint', (c) =>
      c.notNull().references('message_broadcasts.id').onDelete('cascade'),
    )
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_texts_pk', ['broadcast_id', 'locale'])
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('broadcast_id', 'bigint', (c) => c.references('message_broadcasts.id').onDelete('cascade'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('broadcast_id').execute();
  await db.schema.dropTable('message_texts').execute();
  for (const column of ['uids', 'request_hash', 'default_locale'])
    await db.schema.alterTable('message_broadcasts').dropColumn(column).execute();
}
