import type { Kysely } from 'kysely';
import { withIdColumn } from '../schema-helpers';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // ---- content: banners, notices, HTML pages
  await withIdColumn(db, db.schema.createTable('banners'))
    .addColumn('site_id', 'bigint', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('bannername', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('pic_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('multi_pic', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('notices'))
    .addColumn('site_id', 'bigint', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('publish_from', 'bigint', (c) => c.notNull())
    .addColumn('publish_until', 'bigint')
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_publish_idx').on('notices').columns(['publish_from', 'id']).execute();

  await withIdColumn(db, db.schema.createTable('content_pages'))
    .addColumn('slug', 'varchar(32)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('content_pages_slug_locale_uq', ['slug', 'locale'])
    .execute();

  // ---- catalogue 1: mini-games
  await withIdColumn(db, db.schema.createTable('wx_apps'))
    .addColumn('appid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('appname', 'varchar(100)', (c) => c.notNull())
    // appname lower-cased by the server (Unicode-aware), so search is case-insensitive on both dialects.
    .addColumn('search_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('brief_intro', 'varchar(1000)', (c) => c.notNull())
    .addColumn('logo_square', 'varchar(500)', (c) => c.notNull())
    .addColumn('category_2_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('newcps', 'double precision', (c) => c.notNull())
    .addColumn('video_url', 'varchar(500)')
    .addColumn('cover_img_url', 'varchar(500)')
    // Where /s/<code> sends a visitor; empty while the item awaits upstream review.
    .addColumn('target_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wx_apps_order_idx')
    .on('wx_apps')
    .columns(['enabled', 'sort_rank desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('wx_apps_category_order_idx')
    .on('wx_apps')
    .columns(['enabled', 'category_2_name', 'sort_rank desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('wx_apps_newest_idx')
    .on('wx_apps')
    .columns(['enabled', 'created_at desc', 'id desc'])
    .execute();

  await withIdColumn(db, db.schema.createTable('wx_app_images'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('wx_apps.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('img_url', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wx_app_images_app_idx')
    .on('wx_app_images')
    .columns(['app_id', 'position'])
    .execute();

  // ---- catalogue 2: demand tasks
  await withIdColumn(db, db.schema.createTable('demands'))
    // Stable public key of the demand, used in its media URLs.
    .addColumn('ref', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('demand_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('search_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('demand_desc', 'varchar(4000)', (c) => c.notNull())
    .addColumn('demand_icon', 'varchar(500)', (c) => c.notNull())
    .addColumn('target_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('demands_order_idx')
    .on('demands')
    .columns(['enabled', 'sort_rank desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('demands_newest_idx')
    .on('demands')
    .columns(['enabled', 'created_at desc', 'id desc'])
    .execute();

  // Every downloadable media URL of a catalogue item: downimage/downvideo answer only these.
  await withIdColumn(db, db.schema.createTable('catalogue_media'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('media_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('catalogue_media_url_idx')
    .on('catalogue_media')
    .columns(['url', 'media_type'])
    .execute();

  // Pins per site (keeptop); site_id 0 when the deployment has no site entries.
  await withIdColumn(db, db.schema.createTable('catalogue_pins'))
    .addColumn('item_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('pinned_by', 'bigint', (c) => c.notNull())
    .addColumn('pinned_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('catalogue_pins_uq', ['item_kind', 'site_id', 'item_id'])
    .execute();

  // ---- applications and their promotion links
  await withIdColumn(db, db.schema.createTable('promo_links'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('promo_links_user_item_uq', ['user_id', 'item_kind', 'item_id'])
    .execute();
  await db.schema
    .createIndex('promo_links_user_applied_idx')
    .on('promo_links')
    .columns(['user_id', 'item_kind', 'applied_at', 'id'])
    .execute();

  await db.schema
    .createTable('app_cards')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(40)', (c) => c.notNull())
    .addColumn('followers', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'app_cards',
    'promo_links',
    'catalogue_pins',
    'catalogue_media',
    'demands',
    'wx_app_images',
    'wx_apps',
    'content_pages',
    'notices',
    'banners',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
