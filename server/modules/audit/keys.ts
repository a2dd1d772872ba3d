import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/create-db';
import { readOptionalFile } from '../../optional-file';

/*
 * The audit log's key (decision 0044): the chain's HMAC and the checkpoints are signed with it, so someone
 * who can write the database but does not hold it cannot recompute a rewritten chain. It lives where the
 * operators' TOTP key does (decision 0029): AUDIT_KEY, else DATA_DIR/audit.key, generated there once.
 * Rotation: the new key in AUDIT_KEY, the old ones in AUDIT_KEY_PREVIOUS. Unlike a TOTP secret an audit row
 * is never rewritten (append-only), so a previous key stays as long as its rows are verified; it only
 * verifies.
 */

export const AUDIT_KEY_FILE = 'audit.key';

/** The key cannot be used: the app must not start, and the CLIs stop (a message for whoever runs them). */
export class AuditKeyError extends Error {}

export interface AuditKey {
  /** Names the key in rows and checkpoints: 8 hex digits of its SHA-256 (says nothing about the key). */
  readonly id: string;
  readonly bytes: Buffer;
}

export interface AuditKeyring {
  /** Signs new rows and checkpoints. */
  readonly current: AuditKey;
  /** Every key that verifies, the current one among them, by id. */
  readonly byId: ReadonlyMap<string, AuditKey>;
}

const KEY_BYTES = 32;

/** A key from its text: 32 bytes in canonical base64url (one text per key), else null. */
function decodeKey(text: string): AuditKey | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== KEY_BYTES || bytes.toString('base64url') !== text) return null;
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

export function decodeAuditKeyring(current: string, previous: readonly string[]): AuditKeyring {
  const key = decodeKey(current.trim());
  if (!key) throw new AuditKeyError('the audit key is not 32 bytes in base64url');
  const byId = new Map<string, AuditKey>([[key.id, key]]);
  for (const text of previous) {
    const old = decodeKey(text.trim());
    if (!old) throw new AuditKeyError('AUDIT_KEY_PREVIOUS holds a value that is not 32 bytes in base64url');
    if (!byId.has(old.id)) byId.set(old.id, old);
  }
  return { current: key, byId };
}

async function readKeyFile(file: string): Promise<string | null> {
  return (await readOptionalFile(file))?.trim() ?? null;
}

/** Written whole under another name, then linked into place: of two processes starting together one wins. */
async function createKeyFile(dir: string, file: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(draft);
  }
}

/**
 * The keyring from the configuration. `create`: the app starting may generate the key file, unless the log
 * already holds keyed rows (they would never verify again: the file must be restored). The CLIs never
 * create one: a verifier with a fresh key would call every row forged.
 */
export async function loadAuditKeyring(
  config: Pick<Config, 'dataDir' | 'audit'>,
  db: Db,
  opts: { create: boolean },
): Promise<AuditKeyring> {
  const keyring = await configuredKeyring(config, db, opts);
  if (opts.create) await refuseForeignHeads(db, keyring);
  return keyring;
}

/**
 * A process about to sign with a key the chains' newest rows do not know (another process's key, a changed
 * variable) would split the log between keys no one verifier holds: it stops, as the TOTP key does.
 */
async function refuseForeignHeads(db: Db, keyring: AuditKeyring): Promise<void> {
  const heads = await db
    .selectFrom('audit_heads')
    .innerJoin('audit_log', (j) =>
      j.onRef('audit_log.chain', '=', 'audit_heads.chain').onRef('audit_log.seq', '=', 'audit_heads.seq'),
    )
    .select('audit_log.key_id')
    .distinct()
    .where('audit_log.key_id', 'is not', null)
    .execute();
  const foreign = heads.map((h) => String(h.key_id)).filter((id) => !keyring.byId.has(id));
  if (foreign.length > 0)
    throw new AuditKeyError(
      `the audit log's newest rows were signed with key ${foreign.join(', ')}, not with this one ` +
        `(${keyring.current.id}): set AUDIT_KEY to that key on every process (or, to change keys, the new ` +
        'key there and that one in AUDIT_KEY_PREVIOUS).',
    );
}

async function configuredKeyring(
  config: Pick<Config, 'dataDir' | 'audit'>,
  db: Db,
  opts: { create: boolean },
): Promise<AuditKeyring> {
  if (config.audit.key !== null) return decodeAuditKeyring(config.audit.key, config.audit.previousKeys);
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  let text = await readKeyFile(file);
  if (text === null) {
    const keyed = await db
      .selectFrom('audit_log')
      .select('id')
      .where('key_id', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    if (!opts.create || keyed)
      throw new AuditKeyError(
        `${file} is missing${keyed ? ' but the audit log holds rows signed with a key' : ''}: restore it or set AUDIT_KEY`,
      );
    await createKeyFile(config.dataDir, file);
    text = await readKeyFile(file);
  }
  try {
    return decodeAuditKeyring(text ?? '', config.audit.previousKeys);
  } catch (err) {
    if (err instanceof AuditKeyError && !/PREVIOUS/.test(err.message))
      throw new AuditKeyError(`${file} does not hold an audit key (32 bytes, base64url)`);
    throw err;
  }
}

// The audit write is in every operator action of every module (decision 0024), inside their transactions;
// the process's one key is installed here when the app is built rather than threaded through each of them.
let installed: AuditKeyring | null = null;

export function installAuditKeyring(keyring: AuditKeyring): void {
  installed = keyring;
}

export function auditKeyring(): AuditKeyring {
  if (!installed) throw new AuditKeyError('the audit key is not loaded (buildApp loads it)');
  return installed;
}
