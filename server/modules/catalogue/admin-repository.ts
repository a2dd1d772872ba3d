import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { CatalogueKind } from '#contract/catalogue';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { rowsAndTotal } from '../../db/rows-and-total';
import { containsPattern } from './repository';
import type { CatalogueTextsTable, DemandsTable, WxAppsTable } from './tables';

/*
 * The console's reads and writes of catalogue items (admin.ts): whole rows, enabled or not, and their texts
 * in every language. The public lists' queries stay in repository.ts.
 */

export type WxAppAdminRow = Selectable<WxAppsTable>;
export type DemandAdminRow = Selectable<DemandsTable>;
export type CatalogueTextRow = Selectable<CatalogueTextsTable>;

/** A console list's narrowing: text in the default language's name; mini-games awaiting review only. */
export interface AdminFilter {
  search: string;
  awaitingReview: boolean;
}

const like = (search: string) => sql<boolean>`search_name like ${containsPattern(search)} escape '\\'`;

/** A page of mini-games, newest first, and the number of all that match. */
export async function pageOfWxApps(
  db: Db,
  filter: AdminFilter,
  offset: number,
  limit: number,
): Promise<{ rows: WxAppAdminRow[]; total: number }> {
  const matching = () => {
    let q = db.selectFrom('wx_apps');
    if (filter.search) q = q.where(like(filter.search));
    if (filter.awaitingReview) q = q.where('needs_review', '=', 1);
    return q;
  };
  return rowsAndTotal(
    matching().selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    matching()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  );
}

/** A page of demand tasks, newest first, and the number of all that match (none awaits review). */
export async function pageOfDemands(
  db: Db,
  filter: AdminFilter,
  offset: number,
  limit: number,
): Promise<{ rows: DemandAdminRow[]; total: number }> {
  if (filter.awaitingReview) return { rows: [], total: 0 };
  const matching = () => {
    const q = db.selectFrom('demands');
    return filter.search ? q.where(like(filter.search)) : q;
  };
  return rowsAndTotal(
    matching().selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    matching()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  );
}

/** The row, locked on PostgreSQL inside a change's transaction (SQLite runs one writer at a time). */
export const findWxApp = (db: Db, id: number, { forUpdate = false } = {}) => {
  const q = db.selectFrom('wx_apps').selectAll().where('id', '=', id);
  return (forUpdate && isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
};

export const findDemand = (db: Db, id: number, { forUpdate = false } = {}) => {
  const q = db.selectFrom('demands').selectAll().where('id', '=', id);
  return (forUpdate && isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
};

export async function updateWxApp(db: Db, id: number, set: Updateable<WxAppsTable>): Promise<void> {
  await db.updateTable('wx_apps').set(set).where('id', '=', id).execute();
}

/**
 * Changes a demand task unless its new quota is below the places claimed at that moment (a claim may land
 * between the check and the write): false then, and nothing changed.
 */
export async function updateDemand(
  db: Db,
  id: number,
  set: Updateable<DemandsTable> & { quota: number },
): Promise<boolean> {
  const result = await db
    .updateTable('demands')
    .set(set)
    .where('id', '=', id)
    .where('claimed', '<=', set.quota)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Each item's texts in the languages other than its default one, by item id. */
export async function textsOf(
  db: Db,
  kind: CatalogueKind,
  ids: readonly number[],
): Promise<Map<number, CatalogueTextRow[]>> {
  const byItem = new Map<number, CatalogueTextRow[]>();
  if (ids.length === 0) return byItem;
  const rows = await db
    .selectFrom('catalogue_texts')
    .selectAll()
    .where('item_kind', '=', kind)
    .where('item_id', 'in', [...ids])
    .orderBy('locale')
    .execute();
  for (const row of rows) {
    const id = row.item_id;
    byItem.set(id, [...(byItem.get(id) ?? []), row]);
  }
  return byItem;
}

/** Replaces an item's texts in the languages other than its default one. */
export async function replaceTexts(
  db: Db,
  kind: CatalogueKind,
  itemId: number,
  texts: readonly Omit<Insertable<CatalogueTextsTable>, 'item_kind' | 'item_id'>[],
): Promise<void> {
  await db
    .deleteFrom('catalogue_texts')
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .execute();
  if (texts.length > 0)
    await db
      .insertInto('catalogue_texts')
      .values(texts.map((t) => ({ ...t, item_kind: kind, item_id: itemId })))
      .execute();
}
