import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { PromoLinksTable } from '../../db/types';

export type PromoLinkRow = Selectable<PromoLinksTable>;
export type ItemKind = PromoLinksTable['item_kind'];

export const insertPromoLink = async (db: Db, link: Insertable<PromoLinksTable>): Promise<PromoLinkRow> =>
  db.insertInto('promo_links').values(link).returningAll().executeTakeFirstOrThrow();

export const findPromoLink = (
  db: Db,
  userId: number,
  kind: ItemKind,
  itemId: number,
): Promise<PromoLinkRow | undefined> =>
  db
    .selectFrom('promo_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();

/** The caller's applications among `itemIds`, by item id. */
export async function findPromoLinksFor(
  db: Db,
  userId: number,
  kind: ItemKind,
  itemIds: number[],
): Promise<Map<number, PromoLinkRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('promo_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .where('item_id', 'in', itemIds)
    .execute();
  return new Map(rows.map((r) => [r.item_id, r]));
}

export const findPromoLinkByCode = (db: Db, code: string): Promise<PromoLinkRow | undefined> =>
  db.selectFrom('promo_links').selectAll().where('code', '=', code).executeTakeFirst();

export const deletePromoLink = async (
  db: Db,
  userId: number,
  kind: ItemKind,
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

/** One click, counted in the database so concurrent visits never lose one. */
export const incrementClicks = async (db: Db, id: number): Promise<void> => {
  await db
    .updateTable('promo_links')
    .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
    .where('id', '=', id)
    .execute();
};

/** The caller's applications of one catalogue, newest first. */
export const listPromoLinksOfUser = (
  db: Db,
  userId: number,
  kind: ItemKind,
  limit: number,
  offset: number,
): Promise<PromoLinkRow[]> =>
  db
    .selectFrom('promo_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .orderBy('applied_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const countPromoLinksOfUser = async (db: Db, userId: number, kind: ItemKind): Promise<number> => {
  const row = await db
    .selectFrom('promo_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('item_kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

export const countPromoLinks = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('promo_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

export const setClicks = async (db: Db, id: number, clicks: number): Promise<void> => {
  await db.updateTable('promo_links').set({ clicks }).where('id', '=', id).execute();
};
