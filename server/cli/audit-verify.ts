// npm run audit:verify [-- --checkpoint <file>]
// Walks every site's chain of the operators' audit log (decisions 0024 and 0044) with the audit key
// (AUDIT_KEY, else DATA_DIR/audit.key) and prints each break: a row edited, deleted or reordered since it
// was written, a row of a key it was not given, a chain gone where operators acted. Given a checkpoint
// (npm run audit:checkpoint), a chain shorter than it, disagreeing with it or gone is a break too.
// Exits 0 when every chain holds, 1 when one does not, 2 when it cannot verify (no key, a bad checkpoint).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import {
  AuditKeyError,
  type Checkpoint,
  CheckpointError,
  describeFinding,
  loadAuditKeyring,
  readCheckpoint,
  verifyAudit,
} from '../modules/audit/service';

const USAGE = 'usage: npm run audit:verify [-- --checkpoint <file>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { checkpoint: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const keyring = await loadAuditKeyring(config, db, { create: false });
    let checkpoint: Checkpoint | undefined;
    if (values.checkpoint !== undefined)
      checkpoint = readCheckpoint(await readFile(values.checkpoint, 'utf8'), keyring);
    const findings = await verifyAudit(db, { keyring, ...(checkpoint ? { checkpoint } : {}) });
    for (const f of findings) console.log(describeFinding(f));
    const against = checkpoint ? ` (against the checkpoint of ${new Date(checkpoint.at).toISOString()})` : '';
    console.log(
      findings.length === 0 ? `audit log intact${against}` : `${findings.length} break(s) found${against}`,
    );
    return findings.length === 0 ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known =
      err instanceof ConfigError || err instanceof AuditKeyError || err instanceof CheckpointError;
    console.error(known ? `audit:verify: ${(err as Error).message}` : err);
    process.exit(2);
  },
);
