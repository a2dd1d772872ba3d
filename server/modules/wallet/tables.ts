import type { Generated } from 'kysely';

/** The wallet module's tables (server/db/types.ts joins every module's into Database). */
export interface WalletTables {
  wallet_records: WalletRecordsTable;
  withdraw_methods: WithdrawMethodsTable;
  withdrawals: WithdrawalsTable;
  safes: SafesTable;
  vip_levels: VipLevelsTable;
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

export interface WithdrawMethodsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  holder_name: string;
  /** A bank code of contract/banks.ts (0007; before it, the bank's name). */
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

export interface VipLevelsTable {
  level: number;
  /** Accumulated successful deposits the level needs, minor units. */
  need_steam: number;
  header_picture: string;
  vip_picture: string;
}
