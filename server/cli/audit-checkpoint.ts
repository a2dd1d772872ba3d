// npm run audit:checkpoint [-- --out <file>]
// Exports a checkpoint of the operators' audit log (decision 0044): every chain's head and switch point,
// signed with the audit key. Keep it outside the database (another host, write-once storage) and give it to
// `npm run audit:verify -- --checkpoint <file>`, which then refuses a chain cut short, rewritten or gone.
// The chains are verified up to it: a checkpoint of a broken log is refused (exit 1), not signed.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import {
  AuditKeyError,
  describeFinding,
  loadAuditKeyring,
  takeCheckpoint,
  verifyAudit,
} from '../modules/audit/service';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const keyring = await loadAuditKeyring(config, db, { create: false });
    // Taken first, then checked: every row up to each head it pins is verified, rows appended meanwhile aside.
    const checkpoint = await takeCheckpoint(db, keyring, Date.now());
    const findings = await verifyAudit(db, { keyring, checkpoint });
    if (findings.length > 0) {
      for (const f of findings) console.error(describeFinding(f));
      console.error(`audit:checkpoint: ${findings.length} break(s) found; no checkpoint written`);
      return 1;
    }
    const text = `${JSON.stringify(checkpoint, null, 2)}\n`;
    if (values.out === undefined) process.stdout.write(text);
    else {
      await writeFile(values.out, text, { flag: 'wx' });
      console.log(`checkpoint written to ${values.out}`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof AuditKeyError;
    console.error(known ? `audit:checkpoint: ${(err as Error).message}` : err);
    process.exit(2);
  },
);
