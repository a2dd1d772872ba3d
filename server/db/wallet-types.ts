import type { Generated } from 'kysely';

/** Tables of migration 0004_wallet. Money columns are integer minor units (cents). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** `u:<userId>:main|locked|safe`, `u:<userId>:ch:<game_channels.code>`, `sys:<system_accounts.code>`. */
  code: string;
  user_id: number | null;
  kind: string;
  name: string;
  balance: Generated<number>;
  created_at: number;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  type: string;
  user_id: number | null;
  ref: string | null;
  created_at: number;
  // ---- 0008_ledger_data
  /** Who issued external_ref (`provider:<code>`, `commission`, ...); both set or both null, unique together. */
  external_source: string | null;
  /** The issuer's id of the event (a provider's transaction id, a settlement key). */
  external_ref: string | null;
  /** The transaction this one reverses; unique: a transaction is reversed at most once. */
  reverses_id: number | null;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount: number;
  created_at: number;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  route: string;
  request_hash: string;
  /** The JSON data of the first successful answer. */
  response: string;
  created_at: number;
}

export interface WalletRecordsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  amount: number;
  state: string;
  order_no: string | null;
  counterparty_uid: number | null;
  remark: string | null;
  created_at: number;
  updated_at: number;
}

export interface DepositOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  amount: number;
  state: string;
  provider: string;
  provider_ref: string | null;
  record_id: number;
  fail_reason: string | null;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
}

export interface WithdrawMethodsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  holder_name: string;
  /** A bank code of src/contract/banks.ts (0007; before it, the bank's name). */
  bank: string | null;
  card_number: string | null;
  /** Only for banks of a country that routes by IFSC. */
  ifsc: string | null;
  phone: string | null;
  wallet_type: string | null;
  account: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  amount: number;
  method_id: number;
  method_kind: string;
  method_label: string;
  state: string;
  reason: string | null;
  record_id: number;
  operator_id: number | null;
  created_at: number;
  approved_at: number | null;
  executed_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

export interface SafesTable {
  user_id: number;
  password_hash: string;
  failed_tries: number;
  locked_until: number | null;
  updated_at: number;
}

// ---- reference data (0008_ledger_data)

/** One `u:<userId>:ch:<code>` account per user and channel; accounts open only for enabled channels. */
export interface GameChannelsTable {
  code: string;
  name: string;
  sort_order: number;
  enabled: number;
}

/** The `sys:<code>` accounts: the other side of money entering or leaving. */
export interface SystemAccountsTable {
  code: string;
  name: string;
}

export interface VipLevelsTable {
  level: number;
  /** Accumulated successful deposits the level needs, minor units. */
  need_steam: number;
  header_picture: string;
  vip_picture: string;
}

export interface WalletTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  wallet_records: WalletRecordsTable;
  deposit_orders: DepositOrdersTable;
  withdraw_methods: WithdrawMethodsTable;
  withdrawals: WithdrawalsTable;
  safes: SafesTable;
  game_channels: GameChannelsTable;
  system_accounts: SystemAccountsTable;
  vip_levels: VipLevelsTable;
}
