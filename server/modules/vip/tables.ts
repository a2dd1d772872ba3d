/** The vip module's tables (server/db/types.ts joins every module's into Database). The levels themselves are
 * the wallet's `vip_levels` (migration 0008): it raises a user's level when a deposit completes. */
export interface VipTables {
  vip_benefits: VipBenefitsTable;
}

export interface VipBenefitsTable {
  level: number;
  /** The order shown within the level. */
  position: number;
  kind: string;
  /** Minor units, for the kinds that carry an amount; null for the others. */
  amount: number | null;
}
