import type { Kysely } from 'kysely';

/*
 * Issue 16: catalogue items written per language (decision 0028).
 *
 * - catalogue_texts: an item's name and intro in a language other than its default one, for both catalogues
 *   (item_kind 'wx': wx_apps, 'dou': demands). The default language's text stays on the item's own row
 *   (appname/brief_intro, demand_name/demand_desc), the only copy of it: the seed and the benchmark insert
 *   items in bulk without texts, and a reader without a text in their language reads the row.
 * - wx_apps.default_locale and demands.default_locale: the language of the row's own text. Existing items
 *   are en-US (as banners were in 0020); an operator corrects one by an edit.
 *
 * No foreign key: the id is one of two tables' by item_kind (as promo_links and catalogue_pins). Items are
 * disabled, never deleted, so no text is left behind.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['wx_apps', 'demands']) {
    await db.schema
      .alterTable(table)
      .addColumn('default_locale', 'varchar(5)', (c) => c.notNull().defaultTo('en-US'))
      .execute();
  }
  await db.schema
    .createTable('catalogue_texts')
    .addColumn('item_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // The longer of the two catalogues' intro columns (brief_intro 1000, demand_desc 4000).
    .addColumn('intro', 'varchar(4000)', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_texts_pk', ['item_kind', 'item_id', 'locale'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_texts').execute();
  for (const table of ['demands', 'wx_apps']) {
    await db.schema.alterTable(table).dropColumn('default_locale').execute();
  }
}
