import type { Generated } from 'kysely';

/** The bonuses module's tables (migration 0039_bonuses, decision 0052; server/db/types.ts joins them). */
export interface BonusesTables {
  bonus_offers: BonusOffersTable;
  bonus_offer_versions: BonusOfferVersionsTable;
  bonus_offer_contributions: BonusOfferContributionsTable;
  bonus_offer_texts: BonusOfferTextsTable;
  bonus_claims: BonusClaimsTable;
  bonus_claim_signals: BonusClaimSignalsTable;
  bonus_requirements: BonusRequirementsTable;
  bonus_turnover: BonusTurnoverTable;
}

export type OfferKind =
  | 'deposit_match'
  | 'registration'
  | 'first_deposit'
  | 'reload'
  | 'cashback'
  | 'vip_birthday'
  | 'vip_monthly'
  | 'deposit_turnover'
  | 'manual';
export type OfferState = 'active' | 'paused' | 'ended';
export type TurnoverBase = 'bonus' | 'bonus_deposit' | 'deposit';
export type ClaimState = 'granted' | 'held' | 'refused';
export type RequirementState = 'open' | 'released' | 'expired' | 'forfeited' | 'cancelled';

/** An offer of a site (null: every site); its terms are its current version's. */
export interface BonusOffersTable {
  id: Generated<number>;
  site_id: number | null;
  kind: OfferKind;
  /** 0/1: one claim of the welcome family per person (its signals). */
  welcome: Generated<number>;
  state: OfferState;
  version: number;
  /** Minor units the offer may grant in all (null: no budget). */
  budget: number | null;
  /** What it has granted: the budget's counter, raised in the grant's transaction. */
  granted: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** An offer's terms as of one version; never edited once written (an edit writes the next version). */
export interface BonusOfferVersionsTable {
  offer_id: number;
  version: number;
  percent: number | null;
  amount: number | null;
  min_deposit: number | null;
  max_bonus: number | null;
  nth_deposit: number | null;
  turnover_multiplier: number;
  turnover_base: TurnoverBase;
  max_bet: number | null;
  max_conversion: number | null;
  validity_days: number;
  forfeits_on_withdrawal: number;
  min_level: Generated<number>;
  new_players_only: Generated<number>;
  agent_team: number | null;
  hold_same_address: Generated<number>;
  created_at: number;
  created_by: number | null;
}

export interface BonusOfferContributionsTable {
  offer_id: number;
  version: number;
  channel_code: string;
  /** 0-100: how much of a valid bet in this channel counts toward the requirement. */
  percent: number;
}

export interface BonusOfferTextsTable {
  offer_id: number;
  version: number;
  locale: string;
  title: string;
  terms: string;
}

export interface BonusClaimsTable {
  id: Generated<number>;
  offer_id: number;
  version: number;
  user_id: number;
  /** '' once only; a deposit's order number; a year, month or week (periodic offers). */
  period: string;
  state: ClaimState;
  /** Why it was held or refused (`same_phone`, `same_device`, `same_address`, `budget_exhausted`, ...). */
  reason: string | null;
  /** The bonus granted (or that would be, for a held claim). */
  amount: number;
  /** The deposit it matched, 0 for none. */
  base: number;
  /** An operator's reason for a manual grant or a decision. */
  note: string | null;
  operator_id: number | null;
  created_at: number;
  decided_at: number | null;
}

export interface BonusClaimSignalsTable {
  /** `welcome:<site id or *>`: the signals of one welcome family. */
  family: string;
  kind: 'phone' | 'device' | 'address';
  value_hash: string;
  claim_id: number;
  created_at: number;
}

/** A turnover requirement; its money is the ledger account `u:<user_id>:req:<id>`. */
export interface BonusRequirementsTable {
  id: Generated<number>;
  user_id: number;
  offer_id: number;
  version: number;
  claim_id: number;
  kind: 'bonus' | 'deposit';
  /** What was credited to its account at the grant. */
  amount: number;
  /** Weighted valid bets needed. */
  required: number;
  /** Weighted valid bets counted: the sum of its bonus_turnover rows. */
  wagered: Generated<number>;
  max_bet: number | null;
  max_conversion: number | null;
  forfeits_on_withdrawal: number;
  granted_at: number;
  /** Null: never expires (deposit turnover: the player's own money). */
  expires_at: number | null;
  state: RequirementState;
  ended_at: number | null;
}

/** A round's weighted valid bet toward a requirement (`count`), and its taking back by a void (`void`). */
export interface BonusTurnoverTable {
  requirement_id: number;
  round_id: number;
  kind: 'count' | 'void';
  channel_code: string;
  valid_bet: number;
  amount: number;
  created_at: number;
}
