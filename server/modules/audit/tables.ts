import type { Generated } from 'kysely';

/** The audit module's tables (migration 0019, decision 0024): append-only, hash-chained per site. */
export interface AuditTables {
  audit_log: AuditLogTable;
  audit_heads: AuditHeadsTable;
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
}

export interface AuditHeadsTable {
  chain: number;
  seq: number;
  hash: string;
}
