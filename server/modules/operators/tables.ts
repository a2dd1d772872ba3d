import type { Generated } from 'kysely';

/** The operators module's tables (migration 0019, decision 0024). */
export interface OperatorsTables {
  operator_grants: OperatorGrantsTable;
  operator_totp: OperatorTotpTable;
  operator_session_factors: OperatorSessionFactorsTable;
  operator_commands: OperatorCommandsTable;
}

export interface OperatorGrantsTable {
  id: Generated<number>;
  user_id: number;
  role: string;
  /** Null: every site. */
  site_id: number | null;
  granted_by: number | null;
  created_at: number;
}

export interface OperatorTotpTable {
  user_id: number;
  /**
   * The base32 secret sealed with the operator secret key (`v1:…`, secret-box.ts, the user id bound to it);
   * a bare base32 value is one from before encryption, converted at start-up or when next read.
   */
  secret: string;
  /** Set by the first good code; until then the secret may be shown again. */
  confirmed_at: number | null;
  /** The time step of the last accepted code: a code of that step or before is refused (no replay). */
  last_step: number | null;
  created_at: number;
}

export interface OperatorSessionFactorsTable {
  session_id: number;
  verified_at: number;
}

export interface OperatorCommandsTable {
  id: Generated<number>;
  kind: string;
  site_id: number | null;
  resource: string;
  /** What it acts on ('withdrawal:12'): one pending command per kind and target. */
  target: string;
  /** JSON. */
  payload: string;
  maker_id: number;
  state: 'pending' | 'approved' | 'rejected' | 'failed';
  checker_id: number | null;
  reason: string | null;
  /** JSON: what the execution answered. */
  outcome: string | null;
  created_at: number;
  decided_at: number | null;
}
