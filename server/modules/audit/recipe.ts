import { createHash, createHmac } from 'node:crypto';
import type { AuditKey } from './keys';
import type { AuditLogTable } from './tables';

/*
 * How a row's hash is made. Decision 0024's recipe (SHA-256 over the fields) is public and unkeyed: anyone
 * who can write the database can recompute a rewritten chain with it. Rows written since decision 0044 are
 * HMAC-SHA256 under the audit key instead, the key's id among the fields (a row cannot be passed off as
 * another key's). Older rows keep the old recipe up to their chain's switch point (audit_legacy).
 */

export type HashedFields = Omit<AuditLogTable, 'id' | 'hash'>;

const fieldsOf = (row: HashedFields) => [
  row.chain,
  row.seq,
  row.at,
  row.actor_id,
  row.ip,
  row.user_agent,
  row.action,
  row.resource,
  row.record_id,
  row.before,
  row.after,
  row.prev_hash,
];

/** Decision 0024's recipe, for rows written before the switch. */
export function legacyAuditHash(row: HashedFields): string {
  return createHash('sha256')
    .update(JSON.stringify(fieldsOf(row)))
    .digest('hex');
}

/** The keyed recipe; `key` must be the one `row.key_id` names. */
export function keyedAuditHash(key: AuditKey, row: HashedFields): string {
  return createHmac('sha256', key.bytes)
    .update(JSON.stringify(['audit.v2', row.key_id, ...fieldsOf(row)]))
    .digest('hex');
}
