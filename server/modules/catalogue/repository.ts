import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { CatalogueKind } from '#contract/catalogue';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { runTemplated, slot } from '../../db/query-template';
import type { AnyItemKind, ItemRow, ListFilter } from './kinds';
import type {
  CatalogueMediaTable,
  DemandsTable,
  PromoLinksTable,
  WxAppImagesTable,
  WxAppsTable,
} from './tables';

/*
 * One repository for every catalogue: the queries work from a kind (kinds.ts), reading its table under
 * the alias `i` through the columns all catalogue tables share, and answering the kind's own columns
 * (its row type, by the caller's kind). A row comes with the caller's application, the site's pin and
 * the pictures in the same statement, so a list page costs about what reading the page does.
 */

/** The columns every catalogue table has, which the kind-generic queries filter and order by. */
interface ItemColumns {
  id: number;
  search_name: string;
  sort_rank: number;
  enabled: number;
  created_at: number;
}

export type PromoLinkRow = Selectable<PromoLinksTable>;

/** Whose view a row is read in: the caller's application of it and the pin of the caller's site. */
export interface Viewer {
  userId: number | null;
  siteKey: number;
}

/** A row of the kind as one caller sees it: its pictures in order, their application's code, the pin. */
export type ViewedRow<Row> = Row & {
  images: string[];
  link_code: string | null;
  pin_id: number | null;
};

/** Ids start at 1: a visitor's application join matches nothing, and the statement stays the same. */
const NO_USER = 0;

/** Case-insensitive "contains": the stored search column is lower-cased, LIKE wildcards are escaped. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lower-casing in JS (Unicode-aware) rather than SQL, whose lower() differs between dialects. */
export const searchKey = (name: string): string => name.toLowerCase();

/** The kind's table as `i`. */
const itemTable = (kind: AnyItemKind) => sql<ItemColumns>`${sql.table(kind.table)}`.as('i');

const items = (db: Db, kind: AnyItemKind) => db.selectFrom(itemTable(kind));

/** Enabled items passing the filter. */
const matching =
  (kind: AnyItemKind, filter: ListFilter) => (eb: ExpressionBuilder<{ i: ItemColumns }, 'i'>) =>
    eb.and([
      eb('i.enabled', '=', 1),
      ...filter.exact
        .filter(([, value]) => value !== '')
        .map(([column, value]) => eb(sql.ref(`i.${column}`), '=', value)),
      ...(filter.search
        ? [
            sql<boolean>`${sql.ref(`i.${kind.searchColumn}`)} like ${containsPattern(filter.search)} escape '\\'`,
          ]
        : []),
    ]);

/**
 * The kind's columns of `i`, and its pictures in order as one JSON array (a text in SQLite, parsed by
 * the driver in PostgreSQL; both dialects take `order by` inside the aggregate).
 */
const rowColumns = (db: Db, kind: AnyItemKind) => [
  ...kind.columns.map((column) => sql.ref(`i.${column}`).as(column)),
  ...(kind.imagesTable
    ? [
        sql<unknown>`(select ${sql.raw(isPostgres(db) ? 'json_agg' : 'json_group_array')}(img_url order by position)
          from ${sql.table(kind.imagesTable)} where app_id = ${sql.ref('i.id')})`.as('images'),
      ]
    : []),
];

/** Rows with the caller's application (its code) and the site's pin, one statement. */
const viewed = (db: Db, kind: AnyItemKind, viewer: Viewer) =>
  items(db, kind)
    .leftJoin('promo_links as l', (join) =>
      join
        .onRef('l.item_id', '=', 'i.id')
        .on('l.item_kind', '=', kind.name)
        .on('l.user_id', '=', viewer.userId ?? NO_USER),
    )
    .leftJoin('catalogue_pins as p', (join) =>
      join
        .onRef('p.item_id', '=', 'i.id')
        .on('p.item_kind', '=', kind.name)
        .on('p.site_id', '=', viewer.siteKey),
    )
    .select(rowColumns(db, kind))
    .select(['l.code as link_code', 'p.id as pin_id']);

const imagesOf = (value: unknown): string[] =>
  typeof value === 'string' ? (JSON.parse(value) as string[]) : Array.isArray(value) ? value : [];

/** The rows as the kind's, their pictures read. */
const asViewed = <Row>(rows: Record<string, unknown>[]): ViewedRow<Row>[] => {
  for (const row of rows) row.images = imagesOf(row.images);
  return rows as unknown as ViewedRow<Row>[];
};

export const countItems = async (db: Db, kind: AnyItemKind, filter: ListFilter): Promise<number> => {
  const row = await db.selectNoFrom(matchCount(db, kind, filter).as('n')).executeTakeFirst();
  return row?.n ?? 0;
};

/*
 * The two statements of every list page are built by Kysely once per shape (kind, which filters are
 * set, how many pinned ids are left out) and then run with each page's values (runTemplated). A text
 * search is not templated: its pattern is built from the text, and the search reads the whole table.
 */

/**
 * The viewer and filter with a placeholder for each value (as the builder takes them), the values
 * by placeholder, and the part of the shape they decide.
 */
function slotted(viewer: Viewer, filter: ListFilter) {
  const values = new Map<string, unknown>([
    ['userId', viewer.userId ?? NO_USER],
    ['siteKey', viewer.siteKey],
  ]);
  const exact = filter.exact.map(([column, value]): readonly [string, string] => {
    if (value === '') return [column, value];
    values.set(`exact:${column}`, value);
    return [column, slot<string>(`exact:${column}`)];
  });
  return {
    viewer: {
      userId: slot<number>('userId'),
      siteKey: slot<number>('siteKey'),
    },
    filter: { search: '', exact },
    values,
    shape: exact.map(([column, value]) => `${column}${value === '' ? '' : '=?'}`).join(','),
  };
}

/**
 * The number of matches. Unfiltered, it is the table's rows less the disabled ones: SQLite counts a
 * whole table from its pages without reading a row, and the disabled ones are few and indexed, where
 * counting `enabled = 1` walks every entry of an index (a third of a page's time, docs/perf.md). The
 * column is a not-null integer, so `< 1 or > 1` is exactly "not 1" and still seeks the index.
 */
const matchCount = (db: Db, kind: AnyItemKind, filter: ListFilter) => {
  const unfiltered = !filter.search && filter.exact.every(([, value]) => value === '');
  if (!unfiltered)
    return sql<number>`(${items(db, kind).where(matching(kind, filter)).select(sql<number>`count(*)`.as('n'))})`;
  const disabled = items(db, kind)
    .where((eb) => eb.or([eb('i.enabled', '<', 1), eb('i.enabled', '>', 1)]))
    .select(sql<number>`count(*)`.as('n'));
  return sql<number>`((select count(*) from ${sql.table(kind.table)}) - (${disabled}))`;
};

/** The site's pins of the kind (their item ids). */
const sitePins = (db: Db, kind: AnyItemKind, viewer: Viewer) =>
  db
    .selectFrom('catalogue_pins')
    .select('item_id')
    .where('item_kind', '=', kind.name)
    .where('site_id', '=', viewer.siteKey);

/**
 * One list page without a text search, in one statement: every pinned item passing the filter (a site
 * pins a few), then `limit` rows of the stable order (rank, then newest id) with the pinned ones left
 * out, starting where the page starts once the pinned matches are counted, and the number of all
 * matches on every row. The rows to skip are skipped in the order's index alone; only the answered rows
 * are joined and read. The pinned rows come first, most recent pin first; the caller slices them.
 */
const pageQuery = (
  db: Db,
  kind: AnyItemKind,
  viewer: Viewer,
  filter: ListFilter,
  page: { limit: number; offset: number },
) => {
  const pinnedMatches = items(db, kind)
    .where(matching(kind, filter))
    .where('i.id', 'in', sitePins(db, kind, viewer))
    .select(sql<number>`count(*)`.as('n'));
  const startAfterPins = sql<number>`${sql.raw(isPostgres(db) ? 'greatest' : 'max')}(0, ${page.offset} - (${pinnedMatches}))`;
  const stretch = items(db, kind)
    .select('i.id')
    .where(matching(kind, filter))
    .where('i.id', 'not in', sitePins(db, kind, viewer))
    .orderBy('i.sort_rank', 'desc')
    .orderBy('i.id', 'desc')
    .limit(page.limit)
    .offset(startAfterPins);
  const ids = sitePins(db, kind, viewer).unionAll(db.selectFrom(stretch.as('s')).select('s.id as item_id'));
  return viewed(db, kind, viewer)
    .select(matchCount(db, kind, filter).as('total'))
    .where(matching(kind, filter))
    .where('i.id', 'in', ids)
    .orderBy(sql`p.id is null`)
    .orderBy('p.pinned_at', 'desc')
    .orderBy('p.id', 'desc')
    .orderBy('i.sort_rank', 'desc')
    .orderBy('i.id', 'desc');
};

/** A page's rows as `pageQuery` answers them (statement built once per shape, see above). */
export const pageItems = async <Row>(
  db: Db,
  kind: AnyItemKind,
  viewer: Viewer,
  filter: ListFilter,
  page: { limit: number; offset: number },
): Promise<(ViewedRow<Row> & { total: number })[]> => {
  const s = slotted(viewer, filter);
  s.values.set('limit', page.limit);
  s.values.set('offset', page.offset);
  const rows = await runTemplated(
    db,
    `page|${kind.name}|${s.shape}`,
    () =>
      pageQuery(db, kind, s.viewer, s.filter, {
        limit: slot<number>('limit'),
        offset: slot<number>('offset'),
      }),
    s.values,
  );
  return asViewed<Row & { total: number }>(rows as Record<string, unknown>[]);
};

/** The site's pinned items that pass a text search, most recent pin first (a site pins a few). */
export const pinnedItems = async <Row>(
  db: Db,
  kind: AnyItemKind,
  viewer: Viewer,
  filter: ListFilter,
): Promise<ViewedRow<Row>[]> =>
  asViewed<Row>(
    await viewed(db, kind, viewer)
      .where(matching(kind, filter))
      // Read from the site's pins (an index), not by testing every item's join.
      .where('i.id', 'in', sitePins(db, kind, viewer))
      .orderBy('p.pinned_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute(),
  );

/**
 * Every match of a text search, in the stable order. A contains-search reads the whole table anyway,
 * so one pass gives both the page and the total instead of a count and a page query.
 */
export const matchingIds = async (db: Db, kind: AnyItemKind, filter: ListFilter): Promise<number[]> => {
  const rows = await items(db, kind)
    .where(matching(kind, filter))
    .select('i.id')
    .orderBy('i.sort_rank', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
};

/** The rows of these ids, in any order, enabled or not. */
export const itemsByIds = async <Row>(
  db: Db,
  kind: AnyItemKind,
  viewer: Viewer,
  ids: number[],
): Promise<ViewedRow<Row>[]> =>
  ids.length === 0 ? [] : asViewed<Row>(await viewed(db, kind, viewer).where('i.id', 'in', ids).execute());

export const newestItems = async <Row>(
  db: Db,
  kind: AnyItemKind,
  viewer: Viewer,
  limit: number,
): Promise<ViewedRow<Row>[]> =>
  asViewed<Row>(
    await viewed(db, kind, viewer)
      .where('i.enabled', '=', 1)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute(),
  );

/**
 * The item the wire names (by the kind's key column), enabled or not. `forClaim` locks the row on
 * PostgreSQL inside a claim's transaction, so concurrent claims queue behind it; SQLite runs one write
 * transaction at a time already.
 */
export const findItem = <Row extends ItemRow>(
  db: Db,
  kind: AnyItemKind,
  key: string | number,
  { forClaim = false } = {},
): Promise<Row | undefined> => {
  const q = items(db, kind)
    .selectAll('i')
    .where(sql.ref(`i.${kind.keyColumn}`), '=', key);
  return (forClaim && isPostgres(db) ? q.forUpdate() : q).executeTakeFirst() as Promise<Row | undefined>;
};

export const findItemById = <Row extends ItemRow>(db: Db, kind: AnyItemKind, id: number) =>
  items(db, kind).select(rowColumns(db, kind)).where('i.id', '=', id).executeTakeFirst() as Promise<
    Row | undefined
  >;

/** The name of the item a `/media/<kind>/<key>/...` path names, for the picture drawn of it. */
export const mediaItemName = async (db: Db, kind: AnyItemKind, key: string): Promise<string | undefined> => {
  const row = await items(db, kind)
    .select(sql<string>`${sql.ref(`i.${kind.media.nameColumn}`)}`.as('name'))
    .where(sql.ref(`i.${kind.media.keyColumn}`), '=', key)
    .executeTakeFirst();
  return row?.name;
};

// ---- texts per language (catalogue_texts, decision 0028)

/**
 * The name and intro in `locale` of those of these items that have a text in it, by item id: one
 * statement for a whole page, read from the primary key (kind, item, locale).
 */
export async function textsIn(
  db: Db,
  kind: CatalogueKind,
  locale: string,
  ids: readonly number[],
): Promise<Map<number, { name: string; intro: string }>> {
  const texts = new Map<number, { name: string; intro: string }>();
  if (ids.length === 0) return texts;
  const rows = await db
    .selectFrom('catalogue_texts')
    .select(['item_id', 'name', 'intro'])
    .where('item_kind', '=', kind)
    .where('item_id', 'in', [...new Set(ids)])
    .where('locale', '=', locale)
    .execute();
  for (const row of rows) texts.set(row.item_id, { name: row.name, intro: row.intro });
  return texts;
}

// ---- claims (kinds with a quota: their tables have `quota` and `claimed`)

/** Takes one claim if any is left; false when the quota is used up. */
export const takeClaim = async (db: Db, kind: AnyItemKind, id: number): Promise<boolean> => {
  const result = await sql`update ${sql.table(kind.table)} set claimed = claimed + 1
    where id = ${id} and claimed < quota`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
};

export const releaseClaim = async (db: Db, kind: AnyItemKind, id: number): Promise<void> => {
  await sql`update ${sql.table(kind.table)} set claimed = claimed - 1
    where id = ${id} and claimed > 0`.execute(db);
};

// ---- applications: a promoter's tracked link of an item (promo_links)

export const findApplication = (
  db: Db,
  userId: number,
  kind: CatalogueKind,
  itemId: number,
): Promise<PromoLinkRow | undefined> =>
  db
    .selectFrom('promo_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();

export const insertApplication = (db: Db, link: Insertable<PromoLinksTable>): Promise<PromoLinkRow> =>
  db.insertInto('promo_links').values(link).returningAll().executeTakeFirstOrThrow();

export const deleteApplication = async (
  db: Db,
  userId: number,
  kind: CatalogueKind,
  itemId: number,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('promo_links')
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

/**
 * The caller's applications of one catalogue with their items, newest application first. (The
 * application join, required here, is read from its user's index; both dialects start from it.)
 */
export const appliedItems = async <Row>(
  db: Db,
  kind: AnyItemKind,
  viewer: Viewer & { userId: number },
  limit: number,
  offset: number,
): Promise<ViewedRow<Row & { clicks: number; applied_at: number }>[]> =>
  asViewed<Row & { clicks: number; applied_at: number }>(
    await viewed(db, kind, viewer)
      .select(['l.clicks', 'l.applied_at'])
      .where('l.id', 'is not', null)
      .orderBy('l.applied_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );

export const countApplications = async (db: Db, userId: number, kind: CatalogueKind): Promise<number> => {
  const row = await db
    .selectFrom('promo_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .executeTakeFirst();
  return row?.n ?? 0;
};

export const findApplicationByCode = (db: Db, code: string): Promise<PromoLinkRow | undefined> =>
  db.selectFrom('promo_links').selectAll().where('code', '=', code).executeTakeFirst();

/** One click, counted in the database so concurrent visits never lose one. */
export const incrementClicks = async (db: Db, id: number): Promise<void> => {
  await db
    .updateTable('promo_links')
    .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
    .where('id', '=', id)
    .execute();
};

// ---- pins

export const deletePin = async (
  db: Db,
  kind: CatalogueKind,
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
  kind: CatalogueKind,
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

// ---- writes of the seed, the operator's review and the tests

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

export const insertDemands = async (
  db: Db,
  demands: Insertable<DemandsTable>[],
): Promise<{ id: number; ref: string }[]> =>
  demands.length === 0 ? [] : db.insertInto('demands').values(demands).returning(['id', 'ref']).execute();

export const insertCatalogueMedia = async (
  db: Db,
  rows: Insertable<CatalogueMediaTable>[],
): Promise<void> => {
  if (rows.length > 0) await db.insertInto('catalogue_media').values(rows).execute();
};

/** Rows of a catalogue table, enabled or not (the seed fills only an empty catalogue). */
export const countRows = async (db: Db, table: 'wx_apps' | 'demands' | 'promo_links'): Promise<number> => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

export const setClicks = async (db: Db, id: number, clicks: number): Promise<void> => {
  await db.updateTable('promo_links').set({ clicks }).where('id', '=', id).execute();
};
