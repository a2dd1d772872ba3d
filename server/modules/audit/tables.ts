import type { Generated } from 'kysely';

/** The audit module's tables (migration 0019, decision 0024): append-only, hash-chained per site. */
export interface AuditTables {
  audit_log: AuditLogTable;
  audit_heads: AuditHeadsTable;
  audit_legacy: AuditLegacyTable;
}

export interface AuditLogTable {
  id: Generated<number>;
  /** The site's id; 0 for platform-wide actions. */
  chain: number;
  seq: number;
  at: number;
  actor_id: number;
  ip: string;
  user_agent: string;
  action: string;
  resource: string;
  record_id: string;
  /** JSON, or null (a creation has no before, a deletion no after). */
  before: string | null;
  after: string | null;
  prev_hash: string;
  hash: string;
  /** The audit key that signed the row (HMAC, decision 0044); null: decision 0024's unkeyed SHA-256. */
  key_id: string | null;
}

export interface AuditHeadsTable {
  chain: number;
  seq: number;
  hash: string;
}

/**
 * Each chain's switch point (migration 0034): rows up to `seq` were written with the unkeyed recipe, every
 * later one must be keyed. A chain begun after the switch has no row here.
 */
export interface AuditLegacyTable {
  chain: number;
  seq: number;
}
