import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import type { CatalogueMediaTable, DemandsTable, WxAppImagesTable, WxAppsTable } from '../../db/types';

export type WxAppRow = Selectable<WxAppsTable>;
export type DemandRow = Selectable<DemandsTable>;
export type ItemKind = 'wx' | 'dou';

/** Case-insensitive "contains": the stored search column is lower-cased, LIKE wildcards are escaped. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const likeEscaped = (column: string, pattern: string) =>
  sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;

/** Lower-casing in JS (Unicode-aware) rather than SQL, whose lower() differs between dialects. */
export const searchKey = (name: string): string => name.toLowerCase();

// ---- catalogue 1

export interface WxFilter {
  category: string;
  search: string;
}

function wxFiltered(db: Db, filter: WxFilter) {
  let q = db.selectFrom('wx_apps').where('enabled', '=', 1);
  if (filter.category) q = q.where('category_2_name', '=', filter.category);
  if (filter.search) q = q.where(likeEscaped('search_name', containsPattern(filter.search)));
  return q;
}

export const countWxApps = async (db: Db, filter: WxFilter): Promise<number> => {
  const row = await wxFiltered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/** Ids of the site's pinned items that pass the filter, most recent pin first. */
export const pinnedWxIds = async (db: Db, siteKey: number, filter: WxFilter): Promise<number[]> => {
  let q = db
    .selectFrom('catalogue_pins as p')
    .innerJoin('wx_apps as w', 'w.id', 'p.item_id')
    .select('w.id')
    .where('p.item_kind', '=', 'wx')
    .where('p.site_id', '=', siteKey)
    .where('w.enabled', '=', 1);
  if (filter.category) q = q.where('w.category_2_name', '=', filter.category);
  if (filter.search) q = q.where(likeEscaped('w.search_name', containsPattern(filter.search)));
  const rows = await q.orderBy('p.pinned_at', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map((r) => r.id);
};

/** The stable order (rank, then newest id) without the pinned items. */
export const listWxAppsUnpinned = (
  db: Db,
  filter: WxFilter,
  excludeIds: number[],
  limit: number,
  offset: number,
): Promise<WxAppRow[]> => {
  let q = wxFiltered(db, filter).selectAll();
  if (excludeIds.length > 0) q = q.where('id', 'not in', excludeIds);
  return q.orderBy('sort_rank', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
};

/**
 * Every match of a text search, in the stable order. A contains-search reads the whole table anyway,
 * so one pass gives both the page and the total instead of a count and a page query.
 */
export const searchWxIds = async (db: Db, filter: WxFilter): Promise<number[]> => {
  const rows = await wxFiltered(db, filter)
    .select('id')
    .orderBy('sort_rank', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
};

export const findWxAppsByIds = async (db: Db, ids: number[]): Promise<WxAppRow[]> =>
  ids.length === 0 ? [] : db.selectFrom('wx_apps').selectAll().where('id', 'in', ids).execute();

export const listNewestWxApps = (db: Db, limit: number): Promise<WxAppRow[]> =>
  db
    .selectFrom('wx_apps')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const findWxAppByAppid = (db: Db, appid: string): Promise<WxAppRow | undefined> =>
  db.selectFrom('wx_apps').selectAll().where('appid', '=', appid).executeTakeFirst();

export const findWxAppById = (db: Db, id: number): Promise<WxAppRow | undefined> =>
  db.selectFrom('wx_apps').selectAll().where('id', '=', id).executeTakeFirst();

/** Publicity images of the items, in order, by item id. */
export async function wxImagesFor(db: Db, appIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (appIds.length === 0) return map;
  const rows = await db
    .selectFrom('wx_app_images')
    .select(['app_id', 'img_url'])
    .where('app_id', 'in', appIds)
    .orderBy('app_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = map.get(r.app_id) ?? [];
    list.push(r.img_url);
    map.set(r.app_id, list);
  }
  return map;
}

/**
 * Operator action after upstream review: the item gets its target and every promoter who applied
 * sees their link from then on.
 */
export const setWxAppReviewed = async (db: Db, appid: string, targetUrl: string): Promise<boolean> => {
  const result = await db
    .updateTable('wx_apps')
    .set({ target_url: targetUrl, needs_review: 0 })
    .where('appid', '=', appid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const insertWxApps = async (
  db: Db,
  apps: Insertable<WxAppsTable>[],
): Promise<{ id: number; appid: string }[]> =>
  apps.length === 0 ? [] : db.insertInto('wx_apps').values(apps).returning(['id', 'appid']).execute();

export const insertWxAppImages = async (db: Db, images: Insertable<WxAppImagesTable>[]): Promise<void> => {
  if (images.length > 0) await db.insertInto('wx_app_images').values(images).execute();
};

export const countAllWxApps = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('wx_apps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

// ---- catalogue 2

function demandsFiltered(db: Db, search: string) {
  let q = db.selectFrom('demands').where('enabled', '=', 1);
  if (search) q = q.where(likeEscaped('search_name', containsPattern(search)));
  return q;
}

export const countDemands = async (db: Db, search: string): Promise<number> => {
  const row = await demandsFiltered(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

export const pinnedDemandIds = async (db: Db, siteKey: number, search: string): Promise<number[]> => {
  let q = db
    .selectFrom('catalogue_pins as p')
    .innerJoin('demands as d', 'd.id', 'p.item_id')
    .select('d.id')
    .where('p.item_kind', '=', 'dou')
    .where('p.site_id', '=', siteKey)
    .where('d.enabled', '=', 1);
  if (search) q = q.where(likeEscaped('d.search_name', containsPattern(search)));
  const rows = await q.orderBy('p.pinned_at', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map((r) => r.id);
};

export const listDemandsUnpinned = (
  db: Db,
  search: string,
  excludeIds: number[],
  limit: number,
  offset: number,
): Promise<DemandRow[]> => {
  let q = demandsFiltered(db, search).selectAll();
  if (excludeIds.length > 0) q = q.where('id', 'not in', excludeIds);
  return q.orderBy('sort_rank', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
};

export const searchDemandIds = async (db: Db, search: string): Promise<number[]> => {
  const rows = await demandsFiltered(db, search)
    .select('id')
    .orderBy('sort_rank', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
};

export const findDemandsByIds = async (db: Db, ids: number[]): Promise<DemandRow[]> =>
  ids.length === 0 ? [] : db.selectFrom('demands').selectAll().where('id', 'in', ids).execute();

export const listNewestDemands = (db: Db, limit: number): Promise<DemandRow[]> =>
  db
    .selectFrom('demands')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const findDemandById = (db: Db, id: number): Promise<DemandRow | undefined> =>
  db.selectFrom('demands').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The demand row inside a claim transaction: locked on PostgreSQL so concurrent claims queue behind
 * it; SQLite runs one write transaction at a time already.
 */
export const findDemandForClaim = (db: Db, id: number): Promise<DemandRow | undefined> => {
  const q = db.selectFrom('demands').selectAll().where('id', '=', id);
  return (isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
};

/** Takes one claim if any is left; false when the quota is used up. */
export const takeDemandClaim = async (db: Db, id: number): Promise<boolean> => {
  const result = await db
    .updateTable('demands')
    .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb('claimed', '<', eb.ref('quota')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const releaseDemandClaim = async (db: Db, id: number): Promise<void> => {
  await db
    .updateTable('demands')
    .set((eb) => ({ claimed: eb('claimed', '-', 1) }))
    .where('id', '=', id)
    .where('claimed', '>', 0)
    .execute();
};

export const insertDemands = async (
  db: Db,
  demands: Insertable<DemandsTable>[],
): Promise<{ id: number; ref: string }[]> =>
  demands.length === 0 ? [] : db.insertInto('demands').values(demands).returning(['id', 'ref']).execute();

export const countAllDemands = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('demands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

// ---- pins

/** Which of `itemIds` the site has pinned. */
export async function pinnedAmong(
  db: Db,
  kind: ItemKind,
  siteKey: number,
  itemIds: number[],
): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('catalogue_pins')
    .select('item_id')
    .where('item_kind', '=', kind)
    .where('site_id', '=', siteKey)
    .where('item_id', 'in', itemIds)
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

export const deletePin = async (
  db: Db,
  kind: ItemKind,
  siteKey: number,
  itemId: number,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('catalogue_pins')
    .where('item_kind', '=', kind)
    .where('site_id', '=', siteKey)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

export const insertPin = async (
  db: Db,
  kind: ItemKind,
  siteKey: number,
  itemId: number,
  userId: number,
  now: number,
): Promise<void> => {
  await db
    .insertInto('catalogue_pins')
    .values({ item_kind: kind, site_id: siteKey, item_id: itemId, pinned_by: userId, pinned_at: now })
    .execute();
};

// ---- media registry

export const insertCatalogueMedia = async (
  db: Db,
  rows: Insertable<CatalogueMediaTable>[],
): Promise<void> => {
  if (rows.length > 0) await db.insertInto('catalogue_media').values(rows).execute();
};

/** Whether `url` is exactly one of the catalogue's media of this type. */
export const isCatalogueMedia = async (db: Db, url: string, type: 'image' | 'video'): Promise<boolean> => {
  const row = await db
    .selectFrom('catalogue_media')
    .select('id')
    .where('url', '=', url)
    .where('media_type', '=', type)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};
