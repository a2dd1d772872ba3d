import type { Db } from '../../db/create-db';
import { GENESIS_HASH, PLATFORM_CHAIN } from './chain';
import type { Checkpoint, CheckpointChain } from './checkpoint';
import { type AuditKeyring, auditKeyring } from './keys';
import { keyedAuditHash, legacyAuditHash } from './recipe';

/*
 * Walking the audit log's chains (decisions 0024 and 0044). On its own the walk shows a row edited without
 * the key, deleted from the middle or reordered; a chain cut short with its head moved back, or a chain
 * deleted whole, needs something the database does not hold: the checkpoint. Without one, a chain is still
 * expected where other tables show operators acted (a four-eyes command on the site, a withdrawal an
 * operator decided, a session that passed the second factor for the platform chain).
 */

export type AuditProblem = 'edited' | 'deleted' | 'reordered' | 'missing' | 'unverifiable';

export interface AuditFinding {
  chain: number;
  /** Where the chain breaks (a deletion: the first missing row; a missing chain: the rows expected). */
  seq: number;
  problem: AuditProblem;
}

export interface VerifyOptions {
  /** Default: the process's (buildApp or the CLI loaded it). */
  keyring?: AuditKeyring;
  /** A checkpoint exported earlier (already checked with readCheckpoint). */
  checkpoint?: Checkpoint;
}

/** Rows read per round trip while verifying. */
const VERIFY_PAGE = 1000;

/** Chains that must exist because operators acted there, by what other tables keep. */
async function chainsWithActivity(db: Db): Promise<number[]> {
  const [commands, withdrawals, factors] = await Promise.all([
    db
      .selectFrom('operator_commands')
      .select('site_id')
      .distinct()
      .where('site_id', 'is not', null)
      .execute(),
    db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select('users.site_id')
      .distinct()
      .where('withdrawals.operator_id', 'is not', null)
      .where('users.site_id', 'is not', null)
      .execute(),
    db.selectFrom('operator_session_factors').select('session_id').limit(1).execute(),
  ]);
  const chains = [...commands, ...withdrawals].map((r) => Number(r.site_id));
  if (factors.length > 0) chains.push(PLATFORM_CHAIN);
  return chains;
}

type Row = Awaited<ReturnType<typeof page>>[number];

function page(db: Db, chain: number, after: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('chain', '=', chain)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(VERIFY_PAGE)
    .execute();
}

/** Whether a row's hash is its fields' under the recipe its place in the chain requires. */
function rowHolds(
  row: Row,
  chain: number,
  legacySeq: number,
  keyring: AuditKeyring,
): boolean | 'unknown key' {
  const fields = { ...row, chain, seq: row.seq, at: row.at, actor_id: row.actor_id };
  if (fields.seq <= legacySeq) return row.key_id === null && legacyAuditHash(fields) === row.hash;
  if (row.key_id === null) return false;
  const key = keyring.byId.get(row.key_id);
  if (!key) return 'unknown key';
  return keyedAuditHash(key, fields) === row.hash;
}

/** One chain's walk: its findings, its last row, and the hashes of the rows at `wanted` (head, checkpoint). */
async function walk(db: Db, chain: number, legacySeq: number, keyring: AuditKeyring, wanted: number[]) {
  const findings: AuditFinding[] = [];
  let prev: { id: number; seq: number; hash: string } | null = null;
  const hashAt = new Map<number, string>();
  let after = 0;
  for (;;) {
    const rows = await page(db, chain, after);
    for (const row of rows) {
      const id = row.id;
      const seq = row.seq;
      const expectedSeq: number = (prev?.seq ?? 0) + 1;
      const gap = seq !== expectedSeq;
      if (gap) findings.push({ chain, seq: expectedSeq, problem: 'deleted' });
      const holds = rowHolds(row, chain, legacySeq, keyring);
      if (prev && id < prev.id) findings.push({ chain, seq, problem: 'reordered' });
      else if (holds === 'unknown key') findings.push({ chain, seq, problem: 'unverifiable' });
      else if (!holds) findings.push({ chain, seq, problem: 'edited' });
      // Its own hash holds but its link does not: the row before was rewritten with a fresh hash.
      else if (!gap && row.prev_hash !== (prev?.hash ?? GENESIS_HASH))
        findings.push({ chain, seq: expectedSeq - 1, problem: 'edited' });
      if (wanted.includes(seq)) hashAt.set(seq, row.hash);
      prev = { id, seq, hash: row.hash };
    }
    if (rows.length < VERIFY_PAGE) break;
    after = prev?.seq ?? after;
  }
  return { findings, last: prev, hashAt };
}

/** What the checkpoint says of a chain that the chain no longer shows. */
function againstCheckpoint(
  pin: CheckpointChain,
  lastSeq: number,
  pinnedHash: string | undefined,
  legacySeq: number,
): AuditFinding[] {
  const chain = pin.chain;
  const found: AuditFinding[] = [];
  if (legacySeq !== pin.legacySeq)
    found.push({ chain, seq: Math.min(legacySeq, pin.legacySeq) + 1, problem: 'edited' });
  if (lastSeq < pin.seq) found.push({ chain, seq: lastSeq + 1, problem: 'deleted' });
  else if (pinnedHash !== pin.hash) found.push({ chain, seq: pin.seq, problem: 'edited' });
  return found;
}

/**
 * Walks every chain (those with a head, a switch point, a place in the checkpoint or operator activity) and
 * answers what does not hold, each break once, in chain order.
 */
export async function verifyAudit(db: Db, opts: VerifyOptions = {}): Promise<AuditFinding[]> {
  const keyring = opts.keyring ?? auditKeyring();
  const [heads, legacy, active] = await Promise.all([
    db.selectFrom('audit_heads').selectAll().execute(),
    db.selectFrom('audit_legacy').selectAll().execute(),
    chainsWithActivity(db),
  ]);
  const headOf = new Map(heads.map((h) => [h.chain, { seq: h.seq, hash: h.hash }]));
  const legacyOf = new Map(legacy.map((l) => [l.chain, l.seq]));
  const pinOf = new Map((opts.checkpoint?.chains ?? []).map((c) => [c.chain, c]));
  const chains = [...new Set([...headOf.keys(), ...legacyOf.keys(), ...pinOf.keys(), ...active])].sort(
    (a, b) => a - b,
  );
  const findings: AuditFinding[] = [];
  for (const chain of chains) {
    const head = headOf.get(chain);
    const pin = pinOf.get(chain);
    const legacySeq = legacyOf.get(chain) ?? 0;
    const wanted = [head?.seq ?? 0, pin?.seq ?? 0];
    const { findings: broken, last, hashAt } = await walk(db, chain, legacySeq, keyring, wanted);
    if (!head && !last) {
      findings.push({ chain, seq: pin?.seq ?? legacySeq, problem: 'missing' });
      continue;
    }
    findings.push(...broken);
    const lastSeq = last?.seq ?? 0;
    // Against the head's own row, not the last one: a row appended since the heads were read is no break.
    if (!head) findings.push({ chain, seq: lastSeq, problem: 'edited' });
    else if (head.seq > lastSeq) findings.push({ chain, seq: lastSeq + 1, problem: 'deleted' });
    else if (head.seq > 0 && hashAt.get(head.seq) !== head.hash)
      findings.push({ chain, seq: head.seq, problem: 'edited' });
    if (pin) findings.push(...againstCheckpoint(pin, lastSeq, hashAt.get(pin.seq), legacySeq));
  }
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.chain}:${f.seq}:${f.problem}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One line of a finding, as the CLIs print it. */
export function describeFinding(f: AuditFinding): string {
  const where = `chain ${f.chain} (site ${f.chain || 'platform'})`;
  if (f.problem === 'missing') return `${where}: chain missing (rows through ${f.seq} expected)`;
  if (f.problem === 'unverifiable') return `${where}: row ${f.seq} unverifiable (its key was not given)`;
  return `${where}: row ${f.seq} ${f.problem}`;
}
