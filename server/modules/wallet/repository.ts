import type { Insertable, Selectable } from 'kysely';
import type { MoneyListSort } from '../../../src/contract/console-states';
import type { Db } from '../../db/create-db';
import type { SafesTable, WalletRecordsTable, WithdrawalsTable, WithdrawMethodsTable } from './tables';

export type RecordRow = Selectable<WalletRecordsTable>;
export type NewRecord = Insertable<WalletRecordsTable>;
export type MethodRow = Selectable<WithdrawMethodsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type SafeRow = Selectable<SafesTable>;

// ---- records

export async function insertRecord(db: Db, record: NewRecord): Promise<number> {
  const row = await db.insertInto('wallet_records').values(record).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setRecordState(
  db: Db,
  id: number,
  state: string,
  now: number,
  remark?: string | null,
): Promise<void> {
  await db
    .updateTable('wallet_records')
    .set({ state, updated_at: now, ...(remark !== undefined ? { remark } : {}) })
    .where('id', '=', id)
    .execute();
}

export interface RecordFilter {
  userId: number;
  type?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Db, f: RecordFilter) {
  let q = db.selectFrom('wallet_records').where('user_id', '=', f.userId);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  return q;
}

export async function listRecords(
  db: Db,
  f: RecordFilter,
  offset: number,
  limit: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const rows = await filtered(db, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

// ---- withdrawal methods

export const listMethods = (db: Db, userId: number): Promise<MethodRow[]> =>
  db
    .selectFrom('withdraw_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

export const findMethod = (db: Db, userId: number, id: number): Promise<MethodRow | undefined> =>
  db
    .selectFrom('withdraw_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export async function insertMethod(db: Db, method: Insertable<WithdrawMethodsTable>): Promise<MethodRow> {
  return db.insertInto('withdraw_methods').values(method).returningAll().executeTakeFirstOrThrow();
}

export async function updateMethod(
  db: Db,
  userId: number,
  id: number,
  values: Partial<Insertable<WithdrawMethodsTable>>,
): Promise<MethodRow | undefined> {
  return db
    .updateTable('withdraw_methods')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Soft delete: withdrawals keep pointing at the method they used. */
export async function deleteMethod(db: Db, userId: number, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('withdraw_methods')
    .set({ deleted_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

// ---- withdrawals

export async function insertWithdrawal(db: Db, w: Insertable<WithdrawalsTable>): Promise<WithdrawalRow> {
  return db.insertInto('withdrawals').values(w).returningAll().executeTakeFirstOrThrow();
}

export const findWithdrawal = (db: Db, id: number): Promise<WithdrawalRow | undefined> =>
  db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();

export async function listWithdrawals(
  db: Db,
  filter: {
    userId?: number;
    state?: string | undefined;
    siteIds?: readonly number[] | null;
    /** Newest first unless asked otherwise (the id breaks ties). */
    sort?: MoneyListSort;
  },
  offset: number,
  limit: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const sites = filter.siteIds;
  const base = () => {
    let q = db.selectFrom('withdrawals');
    if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
    if (filter.state) q = q.where('state', '=', filter.state);
    // An operator of some sites: the withdrawals of users who registered through them.
    if (sites)
      q = q.where('user_id', 'in', (eb) =>
        eb
          .selectFrom('users')
          .select('id')
          .where('site_id', 'in', sites.length > 0 ? [...sites] : [-1]),
      );
    return q;
  };
  const rows = await base()
    .selectAll()
    .$if(filter.sort === 'largest', (q) => q.orderBy('amount', 'desc'))
    .orderBy('id', filter.sort === 'oldest' ? 'asc' : 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Moves a withdrawal from one state to the next only if it is still in `from`: of two racing
 * operators exactly one changes the row (PostgreSQL re-checks the WHERE after the first commits).
 */
export async function transitionWithdrawal(
  db: Db,
  id: number,
  from: string,
  to: string,
  values: Partial<Insertable<WithdrawalsTable>>,
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ ...values, state: to })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

// ---- safe passwords

export const findSafe = (db: Db, userId: number): Promise<SafeRow | undefined> =>
  db.selectFrom('safes').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** false when a password is already set (a concurrent set lost). */
export async function insertSafe(db: Db, userId: number, hash: string, now: number): Promise<boolean> {
  const res = await db
    .insertInto('safes')
    .values({ user_id: userId, password_hash: hash, failed_tries: 0, locked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return res !== undefined;
}

export async function setSafePassword(db: Db, userId: number, hash: string, now: number): Promise<void> {
  await db
    .updateTable('safes')
    .set({ password_hash: hash, failed_tries: 0, locked_until: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Counts one wrong try atomically; returns the new count. */
export async function recordSafeFailure(db: Db, userId: number, now: number): Promise<number> {
  const row = await db
    .updateTable('safes')
    .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .returning('failed_tries')
    .executeTakeFirst();
  return row?.failed_tries ?? 0;
}

export async function lockSafe(db: Db, userId: number, until: number): Promise<void> {
  await db.updateTable('safes').set({ locked_until: until }).where('user_id', '=', userId).execute();
}

/** Clears the wrong tries and the lock; answers whether there was anything to clear. */
export async function resetSafeFailures(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('safes')
    .set({ failed_tries: 0, locked_until: null })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('failed_tries', '!=', 0), eb('locked_until', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- users and levels

export const findUserByUid = (db: Db, uid: number) =>
  db.selectFrom('users').select(['id', 'uid', 'banned']).where('uid', '=', uid).executeTakeFirst();

export const findUserBasics = (db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'uid', 'username', 'phone']).where('id', '=', id).executeTakeFirst();

export const listVipLevels = (db: Db) =>
  db
    .selectFrom('vip_levels')
    .select(['level', 'need_steam', 'header_picture', 'vip_picture'])
    .orderBy('level')
    .execute();

export async function sumSuccessfulDeposits(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('s'))
    .where('user_id', '=', userId)
    .where('state', '=', 'Success')
    .executeTakeFirst();
  return Number(row?.s ?? 0);
}

export async function setSafeTries(db: Db, userId: number, tries: number): Promise<void> {
  await db.updateTable('safes').set({ failed_tries: tries }).where('user_id', '=', userId).execute();
}

/** Levels only grow: a level reached stays reached. */
export async function raiseUserLevel(db: Db, userId: number, level: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ level, updated_at: now })
    .where('id', '=', userId)
    .where('level', '<', level)
    .execute();
}
