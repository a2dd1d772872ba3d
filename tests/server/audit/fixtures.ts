import { sql } from 'kysely';
import type { Db } from '../../../server/db/create-db';
import { type AuditActor, recordAudit } from '../../../server/modules/audit/service';
import { usingPostgres } from '../harness';

/** The operator the audit tests' rows are written by. */
export const actor: AuditActor = { userId: 1, ip: '10.0.0.1', userAgent: 'test' };

/** Appends `n` rows to a chain of its own, through the real append. */
export async function chainOf(db: Db, chain: number, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await db
      .transaction()
      .execute((trx) =>
        recordAudit(
          trx,
          actor,
          { siteId: chain, action: `test.${i}`, resource: 'site', recordId: i, after: { i } },
          1000 + i,
        ),
      );
}

/**
 * Runs `fn` with the append-only triggers off: what someone holding the database's credentials or file can
 * do. The triggers are back afterwards, as migration 0019 made them.
 */
export async function tampering(db: Db, fn: () => Promise<void>): Promise<void> {
  if (usingPostgres()) {
    await sql`alter table audit_log disable trigger user`.execute(db);
    try {
      await fn();
    } finally {
      await sql`alter table audit_log enable trigger user`.execute(db);
    }
    return;
  }
  await sql`drop trigger audit_log_no_update`.execute(db);
  await sql`drop trigger audit_log_no_delete`.execute(db);
  try {
    await fn();
  } finally {
    for (const event of ['update', 'delete'])
      await sql
        .raw(`create trigger audit_log_no_${event} before ${event} on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`)
        .execute(db);
  }
}
