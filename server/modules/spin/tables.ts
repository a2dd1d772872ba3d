import type { Generated } from 'kysely';

/** The spin wheel's tables (migration 0016_spin, decision 0022; server/db/types.ts joins them). */
export interface SpinTables {
  spin_prizes: SpinPrizesTable;
  spin_runs: SpinRunsTable;
  spin_draws: SpinDrawsTable;
}

/** A business day, YYYY-MM-DD in the business time zone. */
type Day = string;

/** A prize of the wheel: reference data; `weight` out of the enabled prizes' sum is its chance. */
export interface SpinPrizesTable {
  id: Generated<number>;
  code: string;
  /** 'cash' (paid to the main balance) or 'item' (handed over by customer service). */
  kind: string;
  name: string;
  /** Minor units; 0 for an item. */
  amount: number;
  weight: number;
  sort_order: number;
  enabled: Generated<number>;
}

/** A player's days of spins, opened by a recharge; a recharge during it moves `last_day` on. */
export interface SpinRunsTable {
  id: Generated<number>;
  user_id: number;
  first_day: Day;
  last_day: Day;
  /** Minor units recharged since the run began (its first recharge included). */
  recharged: number;
  /** When `recharged` reached the doubling threshold; null: not yet. */
  doubled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One spin: unique per (user, day). */
export interface SpinDrawsTable {
  id: Generated<number>;
  user_id: number;
  run_id: number;
  day: Day;
  prize_id: number;
  prize_code: string;
  kind: string;
  name: string;
  /** 2 once the run's recharges reached the threshold, else 1. */
  multiplier: number;
  /** Minor units paid (the prize's amount times the multiplier); 0 for an item. */
  amount: number;
  transaction_id: number | null;
  created_at: number;
  /** Items only: when customer service must have been in touch (the draw + 24 hours). */
  follow_up_due_at: number | null;
  follow_up_done_at: number | null;
  follow_up_done_by: number | null;
  follow_up_note: string | null;
}
