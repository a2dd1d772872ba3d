import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/**
 * The wallet: a double-entry ledger (accounts, transactions, entries) with cached balances, plus the
 * orders that move money through it (deposits, withdrawals), withdrawal methods, safe passwords,
 * idempotency keys and the user-visible records. Money is integer minor units (BIGINT).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // A user account never goes below zero (the service checks first; the CHECK is the last line).
  // System accounts (user_id null) may: sys:deposits is minus everything ever deposited.
  await withIdColumn(db, db.schema.createTable('ledger_accounts'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ledger_accounts_user_balance_ck', sql`user_id is null or balance >= 0`)
    .execute();
  await db.schema.createIndex('ledger_accounts_user_idx').on('ledger_accounts').column('user_id').execute();

  await withIdColumn(db, db.schema.createTable('ledger_transactions'))
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('ref', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('ledger_entries'))
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ledger_entries_nonzero_ck', sql`amount <> 0`)
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_transaction_idx')
    .on('ledger_entries')
    .column('transaction_id')
    .execute();

  // One row per (user, key), written in the same transaction as the money it moved.
  await withIdColumn(db, db.schema.createTable('idempotency_keys'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('route', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_user_key_uq', ['user_id', 'key'])
    .execute();

  await withIdColumn(db, db.schema.createTable('wallet_records'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)')
    .addColumn('counterparty_uid', 'bigint')
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_records_user_idx')
    .on('wallet_records')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('wallet_records_user_type_idx')
    .on('wallet_records')
    .columns(['user_id', 'type', 'created_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('deposit_orders'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(64)')
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('fail_reason', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addCheckConstraint('deposit_orders_amount_ck', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('deposit_orders_user_idx')
    .on('deposit_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('deposit_orders_expiry_idx')
    .on('deposit_orders')
    .columns(['state', 'expires_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('withdraw_methods'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('bank', 'varchar(60)')
    .addColumn('card_number', 'varchar(24)')
    .addColumn('ifsc', 'varchar(11)')
    .addColumn('phone', 'varchar(10)')
    .addColumn('wallet_type', 'varchar(30)')
    .addColumn('account', 'varchar(60)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('withdraw_methods_user_idx')
    .on('withdraw_methods')
    .columns(['user_id', 'id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('withdrawals'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('method_id', 'bigint', (c) => c.notNull().references('withdraw_methods.id'))
    .addColumn('method_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('method_label', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('executed_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('withdrawals_amount_ck', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_state_idx').on('withdrawals').columns(['state', 'id']).execute();

  await db.schema
    .createTable('safes')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'safes',
    'withdrawals',
    'withdraw_methods',
    'deposit_orders',
    'wallet_records',
    'idempotency_keys',
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
