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
  return row?.n ?? 0;
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

// ---- many postings at once (a day's settlement: tens of thousands of small transactions)

/** Rows per statement of the bulk helpers below: well under either dialect's limit of bound values. */
const CHUNK = 1000;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The accounts of these codes. With `forUpdate` on PostgreSQL their rows are locked in ascending id order
 * across all chunks (the ids are read first, unlocked), the same global order lockAccounts keeps.
 */
export async function lockAccountsMany(
  db: Db,
  codes: readonly string[],
  forUpdate: boolean,
): Promise<AccountBalance[]> {
  const columns = ['id', 'code', 'user_id', 'kind', 'name', 'balance'] as const;
  const found: AccountBalance[] = [];
  for (const part of chunks(codes))
    found.push(
      ...(await db.selectFrom('ledger_accounts').select(columns).where('code', 'in', part).execute()),
    );
  if (!(forUpdate && isPostgres(db))) return found;
  const ids = found.map((a) => a.id).sort((a, b) => a - b);
  const locked: AccountBalance[] = [];
  for (const part of chunks(ids))
    locked.push(
      ...(await db
        .selectFrom('ledger_accounts')
        .select(columns)
        .where('id', 'in', part)
        .orderBy('id')
        .forUpdate()
        .execute()),
    );
  return locked;
}

/** The transactions posted under these references of one source. */
export async function findTransactionsByExternal(
  db: Db,
  source: string,
  refs: readonly string[],
): Promise<TransactionRow[]> {
  const rows: TransactionRow[] = [];
  for (const part of chunks(refs))
    rows.push(
      ...(await db
        .selectFrom('ledger_transactions')
        .selectAll()
        .where('external_source', '=', source)
        .where('external_ref', 'in', part)
        .execute()),
    );
  return rows;
}

/** The entries of these transactions, with their account codes. */
export async function transactionsLegs(
  db: Db,
  transactionIds: readonly number[],
): Promise<{ transaction_id: number; account: string; amount: number }[]> {
  const rows: { transaction_id: number; account: string; amount: number }[] = [];
  for (const part of chunks(transactionIds))
    rows.push(
      ...(await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select(['e.transaction_id', 'a.code as account', 'e.amount'])
        .where('e.transaction_id', 'in', part)
        .execute()),
    );
  return rows;
}

/**
 * Inserts transaction rows, each with an external reference; the ids of those inserted by reference (one a
 * unique index refused is absent).
 */
export async function insertTransactions(
  db: Db,
  txs: readonly (NewTransaction & { externalSource: string; externalRef: string })[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(txs)) {
    const rows = await db
      .insertInto('ledger_transactions')
      .values(
        part.map((tx) => ({
          type: tx.type,
          user_id: tx.userId,
          ref: tx.ref,
          external_source: tx.externalSource,
          external_ref: tx.externalRef,
          reverses_id: tx.reversesId,
          created_at: tx.now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'external_source', 'external_ref'])
      .execute();
    for (const row of rows) ids.set(`${row.external_source}\n${row.external_ref}`, row.id);
  }
  return ids;
}

/** Entries of many transactions, and each account's cached balance moved by their sum. */
export async function insertEntriesMany(
  db: Db,
  entries: readonly { transactionId: number; accountId: number; amount: number }[],
  now: number,
): Promise<void> {
  const moves = new Map<number, number>();
  for (const e of entries) moves.set(e.accountId, (moves.get(e.accountId) ?? 0) + e.amount);
  for (const part of chunks(entries))
    await db
      .insertInto('ledger_entries')
      .values(
        part.map((e) => ({
          transaction_id: e.transactionId,
          account_id: e.accountId,
          amount: e.amount,
          created_at: now,
        })),
      )
      .execute();
  for (const part of chunks(
    [...moves].filter(([, amount]) => amount !== 0),
    500,
  ))
    await db
      .updateTable('ledger_accounts')
      .set({
        balance: sql<number>`${sql.ref('balance')} + case ${sql.ref('id')} ${sql.join(
          part.map(([id, amount]) => sql`when ${id} then ${amount}`),
          sql` `,
        )} else 0 end`,
      })
      .where(
        'id',
        'in',
        part.map(([id]) => id),
      )
      .execute();
}

/** ensureAccounts for many accounts (a concurrent creator wins silently). */
export async function ensureAccountsMany(db: Db, specs: readonly AccountSpec[], now: number): Promise<void> {
  for (const part of chunks(specs)) await ensureAccounts(db, part, now);
}

// ---- reference data

export const listGameChannels = (db: Db) =>
  db
    .selectFrom('game_channels')
    .select(['code', 'name', 'enabled'])
    .orderBy('sort_order')
    .orderBy('code')
    .execute();

export const listChannelTexts = (db: Db) =>
  db.selectFrom('channel_texts').select(['channel_code', 'locale', 'name']).execute();

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
  const total = await sql<{ s: number | null }>`select sum(amount) as s from ledger_entries`.execute(db);
  const unbalanced = await sql<{ n: number }>`
    select count(*) as n from (
      select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0
    ) t`.execute(db);
  const drifted = await sql<{ n: number }>`
    select count(*) as n from ledger_accounts a
    where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`.execute(
    db,
  );
  const negative = await sql<{ n: number }>`
    select count(*) as n from ledger_accounts where user_id is not null and balance < 0`.execute(db);
  return {
    entriesTotal: total.rows[0]?.s ?? 0,
    unbalancedTransactions: unbalanced.rows[0]?.n ?? 0,
    driftedAccounts: drifted.rows[0]?.n ?? 0,
    negativeUserAccounts: negative.rows[0]?.n ?? 0,
  };
}

/** Legs of these transactions on accounts of `kind`, with the account's code. */
export async function legsOnKind(
  db: Db,
  transactionIds: readonly number[],
  kind: string,
): Promise<{ transaction_id: number; account: string; amount: number }[]> {
  if (transactionIds.length === 0) return [];
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.transaction_id', 'a.code as account', 'e.amount'])
    .where('e.transaction_id', 'in', [...transactionIds])
    .where('a.kind', '=', kind)
    .orderBy('e.id')
    .execute();
}

/** Per account and transaction type, the sum of the account's entries. */
export async function sumsByType(
  db: Db,
  codes: readonly string[],
): Promise<{ account: string; type: string; amount: number }[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select((eb) => ['a.code as account', 't.type', eb.fn.sum<number>('e.amount').as('amount')])
    .where('a.code', 'in', [...codes])
    .groupBy(['a.code', 't.type'])
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}
