import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { runTemplated, slot } from '../../db/query-template';
import type { LedgerTransactionsTable } from './tables';

export interface AccountSpec {
  code: string;
  userId: number | null;
  kind: string;
  name: string;
}

export interface AccountBalance {
  id: number;
  code: string;
  user_id: number | null;
  kind: string;
  name: string;
  balance: number;
}

/** Creates the accounts that do not exist yet (a concurrent creator wins silently). */
export async function ensureAccounts(db: Db, specs: AccountSpec[], now: number): Promise<void> {
  if (specs.length === 0) return;
  await db
    .insertInto('ledger_accounts')
    .values(
      specs.map((s) => ({ code: s.code, user_id: s.userId, kind: s.kind, name: s.name, created_at: now })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export const countAccountsByCode = async (db: Db, codes: string[]): Promise<number> => {
  const row = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('code', 'in', codes)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/**
 * The accounts of these codes, ordered by id. With `forUpdate` on PostgreSQL their rows are locked in
 * that (global, fixed) order, so two transactions touching the same accounts cannot deadlock. Every money
 * call runs it: built once per number of codes (runTemplated).
 */
export async function lockAccounts(db: Db, codes: string[], forUpdate: boolean): Promise<AccountBalance[]> {
  const lock = forUpdate && isPostgres(db);
  const values = new Map(codes.map((code, i) => [`code${i}`, code]));
  return runTemplated(
    db,
    `ledger:accounts|${codes.length}|${lock}`,
    () => {
      const q = db
        .selectFrom('ledger_accounts')
        .select(['id', 'code', 'user_id', 'kind', 'name', 'balance'])
        .where(
          'code',
          'in',
          codes.map((_, i) => slot<string>(`code${i}`)),
        )
        .orderBy('id');
      return lock ? q.forUpdate() : q;
    },
    values,
  );
}

export const userAccounts = (db: Db, userId: number): Promise<AccountBalance[]> =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'user_id', 'kind', 'name', 'balance'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export interface NewTransaction {
  type: string;
  userId: number | null;
  ref: string | null;
  externalSource: string | null;
  externalRef: string | null;
  reversesId: number | null;
  now: number;
}

/**
 * Inserts the transaction row; undefined when a unique index refused it (its external reference, or a
 * reversal of the same transaction, is already there). DO NOTHING rather than a caught error: on
 * PostgreSQL a failed statement aborts the whole transaction, and the caller still has to read the
 * winner. Under READ COMMITTED the insert waits for a concurrent holder of the same key to commit.
 */
export async function insertTransaction(db: Db, tx: NewTransaction): Promise<number | undefined> {
  const [row] = await runTemplated(
    db,
    'ledger:insert-transaction',
    () =>
      db
        .insertInto('ledger_transactions')
        .values({
          type: slot<string>('type'),
          user_id: slot<number | null>('userId'),
          ref: slot<string | null>('ref'),
          external_source: slot<string | null>('externalSource'),
          external_ref: slot<string | null>('externalRef'),
          reverses_id: slot<number | null>('reversesId'),
          created_at: slot<number>('now'),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    new Map<string, unknown>([
      ['type', tx.type],
      ['userId', tx.userId],
      ['ref', tx.ref],
      ['externalSource', tx.externalSource],
      ['externalRef', tx.externalRef],
      ['reversesId', tx.reversesId],
      ['now', tx.now],
    ]),
  );
  return row?.id;
}

export type TransactionRow = Selectable<LedgerTransactionsTable>;

export const findTransaction = (db: Db, id: number): Promise<TransactionRow | undefined> =>
  db.selectFrom('ledger_transactions').selectAll().where('id', '=', id).executeTakeFirst();

export const findTransactionByExternal = (
  db: Db,
  source: string,
  ref: string,
): Promise<TransactionRow | undefined> =>
  db
    .selectFrom('ledger_transactions')
    .selectAll()
    .where('external_source', '=', source)
    .where('external_ref', '=', ref)
    .executeTakeFirst();

export const findReversalOf = (db: Db, id: number): Promise<TransactionRow | undefined> =>
  db.selectFrom('ledger_transactions').selectAll().where('reverses_id', '=', id).executeTakeFirst();

/** A transaction's entries with their account codes (entries are immutable: no lock needed). */
export const transactionLegs = (
  db: Db,
  transactionId: number,
): Promise<{ account: string; amount: number }[]> =>
  db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.code as account', 'e.amount'])
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute();

/**
 * A transaction's entries, and each account's cached balance moved by its entry: two statements whatever
 * the number of legs, each built once per number of legs.
 */
export async function insertEntries(
  db: Db,
  transactionId: number,
  entries: { accountId: number; amount: number }[],
  now: number,
): Promise<void> {
  const values = new Map<string, unknown>([
    ['tx', transactionId],
    ['now', now],
  ]);
  entries.forEach((e, i) => {
    values.set(`account${i}`, e.accountId);
    values.set(`amount${i}`, e.amount);
  });
  const legs = entries.map((_, i) => ({
    account: slot<number>(`account${i}`),
    amount: slot<number>(`amount${i}`),
  }));
  await runTemplated(
    db,
    `ledger:insert-entries|${entries.length}`,
    () =>
      db.insertInto('ledger_entries').values(
        legs.map((leg) => ({
          transaction_id: slot<number>('tx'),
          account_id: leg.account,
          amount: leg.amount,
          created_at: slot<number>('now'),
        })),
      ),
    values,
  );
  await runTemplated(
    db,
    `ledger:move-balances|${entries.length}`,
    () =>
      db
        .updateTable('ledger_accounts')
        .set({
          balance: sql<number>`${sql.ref('balance')} + case ${sql.join(
            legs.map((leg) => sql`when ${sql.ref('id')} = ${leg.account} then ${leg.amount}`),
            sql` `,
          )} else 0 end`,
        })
        .where(
          'id',
          'in',
          legs.map((leg) => leg.account),
        ),
    values,
  );
}

// ---- reference data

export const listGameChannels = (db: Db) =>
  db
    .selectFrom('game_channels')
    .select(['code', 'name', 'enabled'])
    .orderBy('sort_order')
    .orderBy('code')
    .execute();

export const listSystemAccounts = (db: Db) =>
  db.selectFrom('system_accounts').select(['code', 'name']).orderBy('code').execute();

// ---- audits (tests, seed checks)

export interface LedgerAudit {
  /** Sum of every entry: 0 when every transaction balances. */
  entriesTotal: number;
  /** Transactions whose entries do not sum to zero. */
  unbalancedTransactions: number;
  /** Accounts whose cached balance differs from the sum of their entries. */
  driftedAccounts: number;
  /** User accounts below zero. */
  negativeUserAccounts: number;
}

export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const total = await sql<{ s: number | string | null }>`select sum(amount) as s from ledger_entries`.execute(
    db,
  );
  const unbalanced = await sql<{ n: number | string }>`
    select count(*) as n from (
      select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0
    ) t`.execute(db);
  const drifted = await sql<{ n: number | string }>`
    select count(*) as n from ledger_accounts a
    where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`.execute(
    db,
  );
  const negative = await sql<{ n: number | string }>`
    select count(*) as n from ledger_accounts where user_id is not null and balance < 0`.execute(db);
  return {
    entriesTotal: Number(total.rows[0]?.s ?? 0),
    unbalancedTransactions: Number(unbalanced.rows[0]?.n ?? 0),
    driftedAccounts: Number(drifted.rows[0]?.n ?? 0),
    negativeUserAccounts: Number(negative.rows[0]?.n ?? 0),
  };
}
