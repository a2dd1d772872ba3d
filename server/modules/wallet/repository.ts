import { type Insertable, type Selectable, sql } from 'kysely';
import type { MoneyListSort } from '#contract/console-states';
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
  /** The player's main ledger account code, whose postings the game rows are. */
  mainAccount: string;
  type?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A record as listed: a wallet_records row, or a game row read from the ledger (`move` and `channel` set). */
export interface ListedRecord extends RecordRow {
  move: string | null;
  /** The game_channels code of a game row. */
  channel: string | null;
}

/**
 * The games module's postings on a player's main balance, which no wallet_records row describes (decision
 * 0047). A channel move is a row of its own; a round's bets, wins, rollbacks and voids share the ref
 * `round:<id>` and are one row, their net.
 */
const CHANNEL_MOVES = {
  game_transfer_in: 'channelIn',
  game_transfer_out: 'channelOut',
  game_transfer_in_undone: 'channelReturned',
} as const;
const ROUND_TYPES = ['game_bet', 'game_win', 'game_rollback', 'game_void'] as const;

/**
 * The game rows of one player from the ledger, grouped as above. Read through the main account's entries
 * (ledger_entries_account_idx); a row's id is minus its first transaction's id, so it never meets a
 * wallet_records id. A channel leg is at most one per transaction, so joining it doubles no amount.
 */
function ledgerGameRows(userId: number, mainAccount: string) {
  const types = [...Object.keys(CHANNEL_MOVES), ...ROUND_TYPES];
  const moveOf = sql.join(
    Object.entries(CHANNEL_MOVES).map(([type, move]) => sql`when ${type} then ${move}`),
    sql` `,
  );
  return sql`
    select -min(t.id) as id, 'game' as type, sum(e.amount) as amount, 'Success' as state,
      null as order_no, null as counterparty_uid, null as remark,
      min(t.created_at) as created_at, max(t.created_at) as updated_at,
      case max(t.type) ${moveOf} else 'round' end as move, max(ca.name) as channel
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
    left join ledger_entries ce on ce.transaction_id = t.id
      and ce.account_id in (select id from ledger_accounts where user_id = ${userId} and kind = 'channel')
    left join ledger_accounts ca on ca.id = ce.account_id
    where a.code = ${mainAccount} and t.type in (${sql.join(types)})
    group by case when t.type in (${sql.join([...ROUND_TYPES])}) then t.ref
      else 'tx:' || cast(t.id as varchar(20)) end`;
}

/**
 * Agent earnings moved into the main balance (`/agent/withdraw`, decision 0017): no wallet_records row
 * describes them either, so they are read from the ledger too, a row per move, typed by the account they
 * left (decision 0047).
 */
const EARNINGS_MOVES = {
  agent_commission_out: 'commission',
  agent_rakeback_out: 'rakeBack',
} as const;

/** The earnings moves of one player from the ledger; a row's id is minus its transaction's id. */
function ledgerEarningsRows(mainAccount: string, types: readonly string[]) {
  const typeOf = sql.join(
    Object.entries(EARNINGS_MOVES).map(([type, record]) => sql`when ${type} then ${record}`),
    sql` `,
  );
  const postings = Object.entries(EARNINGS_MOVES)
    .filter(([, record]) => types.includes(record))
    .map(([type]) => type);
  return sql`
    select -t.id as id, case t.type ${typeOf} end as type, e.amount as amount, 'Success' as state,
      null as order_no, null as counterparty_uid, null as remark,
      t.created_at as created_at, t.created_at as updated_at, null as move, null as channel
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
    where a.code = ${mainAccount} and t.type in (${sql.join(postings)})`;
}

/** The player's records and, unless the filter is another type, their game and earnings rows from the ledger. */
function listed(f: RecordFilter) {
  const wallet = sql`
    select id, type, amount, state, order_no, counterparty_uid, remark, created_at, updated_at,
      null as move, null as channel
    from wallet_records where user_id = ${f.userId}`;
  const wanted = (types: readonly string[]) => f.type === undefined || types.includes(f.type);
  const earnings = Object.values(EARNINGS_MOVES).filter((type) => wanted([type]));
  const rows = [
    wallet,
    ...(wanted(['game']) ? [ledgerGameRows(f.userId, f.mainAccount)] : []),
    ...(earnings.length > 0 ? [ledgerEarningsRows(f.mainAccount, earnings)] : []),
  ];
  const where = [
    sql`1 = 1`,
    ...(f.type ? [sql`r.type = ${f.type}`] : []),
    ...(f.from !== undefined ? [sql`r.created_at >= ${f.from}`] : []),
    ...(f.to !== undefined ? [sql`r.created_at <= ${f.to}`] : []),
  ];
  return sql`(${sql.join(rows, sql` union all `)}) r where ${sql.join(where, sql` and `)}`;
}

export async function listRecords(
  db: Db,
  f: RecordFilter,
  offset: number,
  limit: number,
): Promise<{ rows: ListedRecord[]; total: number }> {
  const from = listed(f);
  const rows = await sql<ListedRecord>`
    select r.* from ${from} order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`.execute(
    db,
  );
  const count = await sql<{ n: number }>`select count(*) as n from ${from}`.execute(db);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
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
  return { rows, total: count?.n ?? 0 };
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
    .select((eb) => eb.fn.sum<number | null>('amount').as('s'))
    .where('user_id', '=', userId)
    .where('state', '=', 'Success')
    .executeTakeFirst();
  return row?.s ?? 0;
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
