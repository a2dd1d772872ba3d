import type { Generated } from 'kysely';

/** The ledger module's tables (server/db/types.ts joins every module's into Database). */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  game_channels: GameChannelsTable;
  channel_texts: ChannelTextsTable;
  system_accounts: SystemAccountsTable;
}

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

/** One `u:<userId>:ch:<code>` account per user and channel; accounts open only for enabled channels. */
export interface GameChannelsTable {
  code: string;
  name: string;
  sort_order: number;
  enabled: number;
}

/** A channel's name in a language other than the default one (game_channels.name is en-US; migration 0038). */
export interface ChannelTextsTable {
  channel_code: string;
  locale: string;
  name: string;
}

/** The `sys:<code>` accounts: the other side of money entering or leaving. */
export interface SystemAccountsTable {
  code: string;
  name: string;
}
