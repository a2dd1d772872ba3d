import type { Insertable, Selectable } from 'kysely';
import type { MoneyListSort } from '#contract/console-states';
import type { Db } from '../../db/create-db';
import type { DepositOrdersTable } from './tables';

export type DepositRow = Selectable<DepositOrdersTable>;

export async function insertDeposit(db: Db, order: Insertable<DepositOrdersTable>): Promise<DepositRow> {
  return db.insertInto('deposit_orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export const findDeposit = (db: Db, orderNo: string): Promise<DepositRow | undefined> =>
  db.selectFrom('deposit_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();

/** How many of the user's deposits have completed (the next one's rank, less one). */
export const completedDeposits = (db: Db, userId: number): Promise<number> =>
  db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'Success')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

export async function listDeposits(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ rows: DepositRow[]; total: number }> {
  const rows = await db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { rows, total: count?.n ?? 0 };
}

/** Prepare -> `to` only if still in Prepare: a duplicate callback changes nothing. */
export async function finishDeposit(
  db: Db,
  orderNo: string,
  to: 'Success' | 'Fail',
  values: { provider_ref?: string | null; fail_reason?: string | null; completed_at: number },
): Promise<DepositRow | undefined> {
  return db
    .updateTable('deposit_orders')
    .set({ ...values, state: to })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'Prepare')
    .returningAll()
    .executeTakeFirst();
}

/** Unpaid orders past their expiry. */
export const overdueDeposits = (db: Db, now: number, limit: number) =>
  db
    .selectFrom('deposit_orders')
    .select(['order_no'])
    .where('state', '=', 'Prepare')
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();

const SANDBOX_SECRET_SETTING = 'payments_sandbox_secret';

/**
 * This install's sandbox secret: `candidate` is stored the first time; every later call (any process)
 * answers the stored one.
 */
export async function sandboxSecret(db: Db, candidate: string, now: number): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ key: SANDBOX_SECRET_SETTING, value: candidate, updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', SANDBOX_SECRET_SETTING)
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface AdminDepositFilter {
  state?: string | undefined;
  /** An order number, or (digits only) also a player's UID; empty: every order. */
  query: string;
  /** null: every site's. */
  siteIds: readonly number[] | null;
  sort: MoneyListSort;
}

/** Deposit orders with their player, in the order asked (the id breaks ties), for the console (issue 16). */
export async function depositsForAdmin(db: Db, filter: AdminDepositFilter, offset: number, limit: number) {
  const { state, query, siteIds, sort } = filter;
  const base = () => {
    let q = db.selectFrom('deposit_orders as d').innerJoin('users as u', 'u.id', 'd.user_id');
    if (state) q = q.where('d.state', '=', state);
    // An operator of some sites: the deposits of users who registered through them.
    if (siteIds) q = q.where('u.site_id', 'in', siteIds.length > 0 ? [...siteIds] : [-1]);
    if (query !== '')
      q = q.where((eb) =>
        /^\d{1,15}$/.test(query)
          ? eb.or([eb('d.order_no', '=', query), eb('u.uid', '=', Number(query))])
          : eb('d.order_no', '=', query),
      );
    return q;
  };
  const rows = await base()
    .selectAll('d')
    .select(['u.uid', 'u.area_code', 'u.phone', 'u.site_id'])
    .$if(sort === 'largest', (q) => q.orderBy('d.amount', 'desc'))
    .orderBy('d.id', sort === 'oldest' ? 'asc' : 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: count?.n ?? 0 };
}
