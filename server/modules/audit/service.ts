import type { Db } from '../../db/create-db';
import { GENESIS_HASH, PLATFORM_CHAIN } from './chain';
import { auditKeyring } from './keys';
import { type HashedFields, keyedAuditHash } from './recipe';

/*
 * The operators' audit log (decision 0024): one row per operator action, written in the transaction of the
 * change, chained per site. Each row's hash covers the previous row's hash and the row's own fields, keyed
 * with the audit key (decision 0044), so an edited, deleted or reordered row breaks the chain where
 * `verifyAudit` walks it, and the chain cannot be recomputed without the key. The database refuses UPDATE
 * and DELETE on the table (migration 0019's triggers).
 */

/** Who acted, from where. */
export interface AuditActor {
  userId: number;
  ip: string;
  userAgent: string;
}

export interface AuditEntry {
  /** The site the record belongs to; null for platform-wide. */
  siteId: number | null;
  action: string;
  resource: string;
  recordId: string | number;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/**
 * Appends one row to its site's chain, inside the caller's transaction (`trx`): it commits or rolls back with
 * the change it describes. The chain's head row is updated first, which on PostgreSQL locks it, so two
 * appends to one chain take turns and never share a sequence number.
 */
export async function recordAudit(trx: Db, actor: AuditActor, entry: AuditEntry, now: number): Promise<void> {
  const key = auditKeyring().current;
  const chain = entry.siteId ?? PLATFORM_CHAIN;
  await trx
    .insertInto('audit_heads')
    .values({ chain, seq: 0, hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('chain').doNothing())
    .execute();
  const head = await trx
    .updateTable('audit_heads')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('chain', '=', chain)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  const row: HashedFields = {
    chain,
    seq: head.seq,
    at: now,
    actor_id: actor.userId,
    ip: actor.ip.slice(0, 64),
    user_agent: actor.userAgent.slice(0, 300),
    action: entry.action,
    resource: entry.resource,
    record_id: String(entry.recordId),
    before: json(entry.before),
    after: json(entry.after),
    prev_hash: head.hash,
    key_id: key.id,
  };
  const hash = keyedAuditHash(key, row);
  await trx
    .insertInto('audit_log')
    .values({ ...row, hash })
    .execute();
  await trx.updateTable('audit_heads').set({ hash }).where('chain', '=', chain).execute();
}

export { GENESIS_HASH, PLATFORM_CHAIN } from './chain';
export { type Checkpoint, CheckpointError, readCheckpoint, takeCheckpoint } from './checkpoint';
export { AuditKeyError, installAuditKeyring, loadAuditKeyring } from './keys';
export { legacyAuditHash } from './recipe';
export { type AuditFinding, type AuditProblem, describeFinding, verifyAudit } from './verify';
export { auditCsv, auditPage, csvCell } from './viewer';
