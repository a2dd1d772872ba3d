// npm run audit:verify
// Walks every site's chain of the operators' audit log (decision 0024) and prints each break: a row edited,
// deleted or reordered since it was written. Exits 0 when every chain holds, 1 when one does not.
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { verifyAudit } from '../modules/audit/service';

async function main(): Promise<number> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const findings = await verifyAudit(db);
    for (const f of findings)
      console.log(`chain ${f.chain} (site ${f.chain || 'platform'}): row ${f.seq} ${f.problem}`);
    console.log(findings.length === 0 ? 'audit log intact' : `${findings.length} break(s) found`);
    return findings.length === 0 ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  },
);
