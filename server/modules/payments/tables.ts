import type { Generated } from 'kysely';

/** The payments module's tables (server/db/types.ts joins every module's into Database). */
export interface PaymentsTables {
  deposit_orders: DepositOrdersTable;
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
  // ---- 0039_bonuses
  /** The bonus offer the deposit opted in to, and the version whose terms the player read. */
  bonus_offer_id: number | null;
  bonus_offer_version: number | null;
}
