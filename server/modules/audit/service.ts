import { createHash } from 'node:crypto';
import type { Db } from '../../db/create-db';
import { PLATFORM_CHAIN } from './chain';
import type { AuditLogTable } from './tables';

/*
 * The operators' audit log (decision 0024): one row per operator action, written in the transaction of the
 * change, chained per site. Each row's hash covers the previous row's hash and the row's own fields, so an
 * edited, deleted or reordered row breaks the chain where `verifyAudit` walks it. The database refuses
 * UPDATE and DELETE on the table (migration 0019's triggers).
 */

/** The first row's previous hash. */
export const GENESIS_HASH = '0'.repeat(64);

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

type HashedFields = Omit<AuditLogTable, 'id' | 'hash'>;

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** SHA-256 over the row's fields in a fixed order, the previous hash among them. */
export function auditHash(row: HashedFields): string {
  const fields = [
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
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Appends one row to its site's chain, inside the caller's transaction (`trx`): it commits or rolls back with
 * the change it describes. The chain's head row is updated first, which on PostgreSQL locks it, so two
 * appends to one chain take turns and never share a sequence number.
 */
export async function recordAudit(trx: Db, actor: AuditActor, entry: AuditEntry, now: number): Promise<void> {
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
    seq: Number(head.seq),
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
  };
  const hash = auditHash(row);
  await trx
    .insertInto('audit_log')
    .values({ ...row, hash })
    .execute();
  await trx.updateTable('audit_heads').set({ hash }).where('chain', '=', chain).execute();
}

export type AuditProblem = 'edited' | 'deleted' | 'reordered';

export interface AuditFinding {
  chain: number;
  /** The sequence number where the chain breaks (for a deletion, the first missing one). */
  seq: number;
  problem: AuditProblem;
}

/** Rows read per round trip while verifying. */
const VERIFY_PAGE = 1000;

/**
 * Walks every chain in sequence order and answers what does not hold: a row whose hash is not its fields'
 * (edited), a row whose link does not match the row before while its own hash does (the row before was
 * rewritten with a fresh hash: edited), a gap in the sequence or a head beyond the last row (deleted), and a
 * row inserted before the row it follows (reordered: ids run backwards against the sequence).
 */
export async function verifyAudit(db: Db): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  const heads = await db.selectFrom('audit_heads').selectAll().orderBy('chain').execute();
  for (const head of heads) {
    const chain = Number(head.chain);
    let prev: { id: number; seq: number; hash: string } | null = null;
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('chain', '=', chain)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(VERIFY_PAGE)
        .execute();
      for (const raw of rows) {
        const row = { ...raw, id: Number(raw.id), seq: Number(raw.seq), chain, at: Number(raw.at) };
        const expectedSeq = (prev?.seq ?? 0) + 1;
        const gap = row.seq !== expectedSeq;
        if (gap) findings.push({ chain, seq: expectedSeq, problem: 'deleted' });
        if (prev && row.id < prev.id) findings.push({ chain, seq: row.seq, problem: 'reordered' });
        else if (auditHash({ ...row, actor_id: Number(row.actor_id) }) !== row.hash)
          findings.push({ chain, seq: row.seq, problem: 'edited' });
        else if (!gap && row.prev_hash !== (prev?.hash ?? GENESIS_HASH))
          findings.push({ chain, seq: expectedSeq - 1, problem: 'edited' });
        prev = { id: row.id, seq: row.seq, hash: row.hash };
      }
      if (rows.length < VERIFY_PAGE) break;
      after = prev?.seq ?? after;
    }
    const headSeq = Number(head.seq);
    const lastSeq = prev?.seq ?? 0;
    if (headSeq > lastSeq) findings.push({ chain, seq: lastSeq + 1, problem: 'deleted' });
    else if (prev && head.hash !== prev.hash) findings.push({ chain, seq: lastSeq, problem: 'edited' });
  }
  return findings;
}

export { PLATFORM_CHAIN } from './chain';
export { auditCsv, auditPage, csvCell } from './viewer';
