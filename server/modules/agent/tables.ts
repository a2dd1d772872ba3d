import type { Generated } from 'kysely';

/** The agent module's tables (migration 0011_agents, decision 0017; server/db/types.ts joins them). */
export interface AgentTables {
  agent_tree: AgentTreeTable;
  agent_ratios: AgentRatiosTable;
  agent_defaults: AgentDefaultsTable;
  agent_links: AgentLinksTable;
  agent_settlement_days: AgentSettlementDaysTable;
  agent_lines: AgentLinesTable;
  agent_holds: AgentHoldsTable;
  agent_corrections: AgentCorrectionsTable;
  user_signals: UserSignalsTable;
  agent_team_days: AgentTeamDaysTable;
  agent_team_active: AgentTeamActiveTable;
  agent_member_last_play: AgentMemberLastPlayTable;
  agent_team_sizes: AgentTeamSizesTable;
  agent_team_money: AgentTeamMoneyTable;
  agent_line_days: AgentLineDaysTable;
  agent_commission_days: AgentCommissionDaysTable;
}

/** A business day, YYYY-MM-DD in the business time zone. */
export type Day = string;

/** The closure of the team tree: a row from each ancestor to each descendant (depth 1 = the parent). */
export interface AgentTreeTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
  /** The first business day this link counts for commission. */
  effective_day: Day;
}

/** Basis points of the valid bet (30 = 0.30%), from `effective_day` on (the latest such row applies). */
export interface AgentRatiosTable {
  id: Generated<number>;
  user_id: number;
  channel_code: string;
  ratio_bp: number;
  effective_day: Day;
  set_by: number | null;
  created_at: number;
}

export interface AgentDefaultsTable {
  user_id: number;
  channel_code: string;
  ratio_bp: number;
  updated_at: number;
}

export type AgentLinkKind = 'register' | 'recharge';

export interface AgentLinksTable {
  id: Generated<number>;
  code: string;
  agent_id: number;
  kind: AgentLinkKind;
  /** register: the ratio the member gets in every channel (capped by the agent's). */
  ratio_bp: number | null;
  /** register: 0 player, 1 agent. */
  join_job: number | null;
  /** recharge: the member whose deposit page it opens. */
  member_id: number | null;
  /** recharge: the amount it presets, if any. */
  amount: number | null;
  created_at: number;
  expires_at: number | null;
}

export interface AgentSettlementDaysTable {
  day: Day;
  state: 'running' | 'settled';
  lease_owner: string | null;
  lease_until: Generated<number>;
  settled_at: number | null;
}

export type AgentLineKind = 'rakeback' | 'commission';

export interface AgentLinesTable {
  id: Generated<number>;
  day: Day;
  kind: AgentLineKind;
  earner_id: number;
  member_id: number;
  channel_code: string;
  /** The earner's distance above the member (0 for rake back). */
  depth: number;
  valid_bet: number;
  ratio_bp: number;
  below_ratio_bp: number;
  amount: number;
  corrects_day: Day | null;
  hold_id: number | null;
  ledger_transaction_id: number | null;
  created_at: number;
}

export type HoldReason = 'shared_ip' | 'shared_device' | 'fast_deposit';
export type HoldState = 'held' | 'released' | 'cancelled';

export interface AgentHoldsTable {
  id: Generated<number>;
  agent_id: number;
  member_id: number;
  day: Day;
  amount: number;
  reason: HoldReason;
  state: HoldState;
  hold_transaction_id: number | null;
  resolve_transaction_id: number | null;
  resolved_by: number | null;
  resolve_note: string | null;
  created_at: number;
  resolved_at: number | null;
}

export interface AgentCorrectionsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  channel_code: string;
  round_day: Day;
  valid_bet_delta: number;
  booked_day: Day | null;
  created_at: number;
}

export interface UserSignalsTable {
  user_id: number;
  kind: 'ip' | 'device';
  value_hash: string;
  first_seen: number;
  last_seen: number;
}

/*
 * The team figures kept ready by the triggers of migration 0012 (decision 0019): never written by the
 * server's code, only read.
 */

/** Per agent, business day and slot (member id mod 16): the team's valid bets and members who played. */
export interface AgentTeamDaysTable {
  agent_id: number;
  day: string;
  slot: number;
  valid_bet: number;
  active_members: number;
}

/** Per agent, day and slot: how many members last played on that day. */
export interface AgentTeamActiveTable {
  agent_id: number;
  day: string;
  slot: number;
  members: number;
}

/** Each user's last business day with a counted round. */
export interface AgentMemberLastPlayTable {
  user_id: number;
  day: string;
}

/** Direct and total members of an agent. */
export interface AgentTeamSizesTable {
  agent_id: number;
  direct: number;
  total: number;
}

/** Per agent and quarter hour (epoch ms / 900,000): the team's completed deposits, paid withdrawals, registrations. */
export interface AgentTeamMoneyTable {
  agent_id: number;
  quarter: number;
  deposits: number;
  withdrawals: number;
  new_members: number;
}

/**
 * An earner's statement per kind and business day: the sums of its lines but those of a cancelled hold
 * (migration 0027, kept by triggers).
 */
export interface AgentLineDaysTable {
  earner_id: number;
  kind: AgentLineKind;
  day: Day;
  amount: number;
  valid_bet: number;
  lines: number;
}

/**
 * Per agent, business day and slot (member id mod 16): the commission on the day's valid bets so far, before
 * holds (migration 0028, kept by triggers): today's estimate.
 */
export interface AgentCommissionDaysTable {
  agent_id: number;
  day: Day;
  slot: number;
  amount: number;
}
