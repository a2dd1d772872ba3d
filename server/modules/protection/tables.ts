import type { Generated } from 'kysely';

/** The protection module's tables (server/db/types.ts joins every module's into Database). */
export interface ProtectionTables {
  protection_settings: ProtectionSettingsTable;
  deposit_limits: DepositLimitsTable;
}

export interface ProtectionSettingsTable {
  user_id: number;
  /** 'time_out' | 'self_excluded', or null when none was ever taken. */
  block_kind: string | null;
  blocked_from: number | null;
  blocked_until: number | null;
  /** 0: off. */
  reality_minutes: Generated<number>;
  updated_at: number;
}

export interface DepositLimitsTable {
  id: Generated<number>;
  user_id: number;
  /** 'day' | 'week' | 'month' */
  period: string;
  /** Minor units; null: no limit. */
  amount: number | null;
  effective_from: number;
  created_at: number;
}
