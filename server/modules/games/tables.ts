import type { Generated } from 'kysely';

/** The games module's tables (migration 0010_games; server/db/types.ts joins them into Database). */
export interface GamesTables {
  game_providers: GameProvidersTable;
  games: GamesTable;
  game_sessions: GameSessionsTable;
  game_rounds: GameRoundsTable;
  game_wallet_calls: GameWalletCallsTable;
  game_transfers: GameTransfersTable;
  game_pull_state: GamePullStateTable;
  game_daily_valid: GameDailyValidTable;
  game_block_sweeps: GameBlockSweepsTable;
  game_refused_records: GameRefusedRecordsTable;
  game_provider_keys: GameProviderKeysTable;
}

export type ProviderProtocol = 'seamless' | 'transfer';
/** Which seamless wire a provider speaks (decision 0054): Beacon's own or an aggregator's. */
export type ProviderWire = 'beacon' | 'hub88' | 'evolution' | 'pragmatic';

/** A provider as configured data (docs/games-protocol.md, "Configuring a provider"). */
export interface GameProvidersTable {
  code: string;
  name: string;
  protocol: ProviderProtocol;
  base_url: string;
  secret: string;
  /** The channel a transfer provider's wallet is; null for a seamless provider. */
  channel_code: string | null;
  enabled: number;
  created_at: number;
  /** Migration 0041: the seamless wire, and its settings as JSON (protocols/<wire>/settings). */
  wire: Generated<ProviderWire>;
  settings: Generated<string>;
}

/** A key a provider's calls are checked with, or Beacon's calls to it signed with (migration 0041). */
export interface GameProviderKeysTable {
  id: Generated<number>;
  provider_code: string;
  purpose: 'verify' | 'sign';
  /** A PEM public key as given, or a sealed secret or private key. */
  value: string;
  valid_from: number;
  valid_until: number | null;
  created_at: number;
}

export interface GamesTable {
  id: Generated<number>;
  provider_code: string;
  /** The provider's code of the game. */
  code: string;
  name: string;
  search_name: string;
  channel_code: string;
  category: string;
  /** Return to player in basis points (9650 = 96.50%). */
  rtp_bp: number;
  min_bet: number;
  max_bet: number;
  sort_order: number;
  enabled: number;
  created_at: number;
}

/** A seamless launch: a single-use launch token, then the session the provider authenticated. */
export interface GameSessionsTable {
  id: Generated<number>;
  user_id: number;
  provider_code: string;
  game_id: number;
  launch_hash: string;
  launch_expires_at: number;
  session_hash: string | null;
  expires_at: number | null;
  created_at: number;
}

export type RoundStatus = 'pending' | 'settled' | 'cancelled' | 'void';

export interface GameRoundsTable {
  id: Generated<number>;
  provider_code: string;
  round_ref: string;
  user_id: number;
  game_id: number;
  channel_code: string;
  bet: Generated<number>;
  win: Generated<number>;
  valid_bet: Generated<number>;
  status: RoundStatus;
  placed_at: number;
  settled_at: number | null;
}

export type WalletCallAction = 'bet' | 'win' | 'rollback';
/**
 * A call's state: applied (a bet also rolled_back later), refused (its answer, a refusal, is final for its
 * transaction id: decision 0039), or, for a bet, cancelled_unseen (its rollback came first).
 */
export type WalletCallState = 'applied' | 'rolled_back' | 'refused' | 'cancelled_unseen';

export interface GameWalletCallsTable {
  id: Generated<number>;
  provider_code: string;
  transaction_ref: string;
  action: WalletCallAction;
  round_id: number | null;
  amount: number;
  request_hash: string | null;
  answer: string | null;
  ledger_transaction_id: number | null;
  state: WalletCallState;
  created_at: number;
  /** Migration 0041: a win's part below the cent, in the wire's units, not credited (decision 0054). */
  fraction: Generated<number>;
}

export interface GameTransfersTable {
  id: Generated<number>;
  user_id: number;
  provider_code: string;
  direction: 'in' | 'out';
  amount: number;
  ref: string;
  state: 'pending' | 'applied' | 'failed';
  ledger_transaction_id: number | null;
  created_at: number;
  resolved_at: number | null;
}

export interface GamePullStateTable {
  provider_code: string;
  cursor: Generated<string>;
  lease_owner: string | null;
  lease_until: Generated<number>;
  pulled_at: number | null;
}

export interface GameDailyValidTable {
  user_id: number;
  day: string;
  channel_code: string;
  rounds: Generated<number>;
  bet: Generated<number>;
  win: Generated<number>;
  valid_bet: Generated<number>;
}

/** A block's work at one transfer provider (decision 0042): open until its sessions ended and money is back. */
export interface GameBlockSweepsTable {
  id: Generated<number>;
  user_id: number;
  provider_code: string;
  blocked_from: number;
  created_at: number;
  sessions_ended_at: number | null;
  done_at: number | null;
  attempts: Generated<number>;
  tried_at: number | null;
}

/** A pulled record Beacon did not post: a round placed during the player's block (decision 0042). */
export interface GameRefusedRecordsTable {
  provider_code: string;
  record_id: string;
  user_id: number;
  round_ref: string;
  game_code: string;
  bet: number;
  win: number;
  status: string;
  placed_at: number;
  settled_at: number;
  reason: 'placed_during_block';
  refused_at: number;
}
