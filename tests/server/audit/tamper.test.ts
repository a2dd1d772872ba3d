// Issue 31, item 6 (decision 0044): three rewrites of the audit log by someone who can write the database
// but holds neither the audit key nor the operator's checkpoint, each caught by `npm run audit:verify`
// given a checkpoint `npm run audit:checkpoint` exported before. The CLIs run as processes, on SQLite and
// on PostgreSQL.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import { decodeAuditKeyring, installAuditKeyring } from '../../../server/modules/audit/keys';
import { TEST_AUDIT_KEY } from '../harness';
import { type ProcessEnv, processEnvironment } from '../processes';
import { chainOf, tampering } from './fixtures';

const run = promisify(execFile);

beforeAll(() => {
  installAuditKeyring(decodeAuditKeyring(TEST_AUDIT_KEY, []));
});

let proc: ProcessEnv | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  await proc?.cleanup();
  db = undefined;
  proc = undefined;
});

/** A fresh database (SQLite file or PostgreSQL schema) the CLIs reach through DATA_DIR / DATABASE_URL. */
async function fresh(): Promise<{ db: Db; dir: string }> {
  proc = await processEnvironment({ AUDIT_KEY: TEST_AUDIT_KEY });
  db = proc.openDb();
  await migrateToLatest(db);
  return { db, dir: proc.env.DATA_DIR as string };
}

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(script: 'audit-verify' | 'audit-checkpoint', ...args: string[]): Promise<CliResult> {
  return run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...proc?.env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: CliResult) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

/** Exports a checkpoint into the data folder (the operator would keep it elsewhere); answers its file. */
async function checkpoint(dir: string): Promise<string> {
  const file = path.join(dir, 'checkpoint.json');
  const made = await cli('audit-checkpoint', '--out', file);
  expect(made, made.stderr).toMatchObject({ code: 0 });
  return file;
}

/** Decision 0024's recipe, public and unkeyed: SHA-256 over the row's fields and the previous hash. */
function publicRecipe(row: Record<string, unknown>): string {
  const fields = [
    Number(row.chain),
    Number(row.seq),
    Number(row.at),
    Number(row.actor_id),
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

const rowsOf = (target: Db, chain: number) =>
  target.selectFrom('audit_log').selectAll().where('chain', '=', chain).orderBy('seq').execute();

describe('npm run audit:verify --checkpoint catches a rewrite the chain alone cannot show', () => {
  it('(1) the newest rows deleted and the head moved back: shorter than the checkpoint', async () => {
    const { db, dir } = await fresh();
    await chainOf(db, 1, 5);
    const file = await checkpoint(dir);
    const rows = await rowsOf(db, 1);
    const kept = rows[2];
    await tampering(db, async () => {
      await db.deleteFrom('audit_log').where('chain', '=', 1).where('seq', '>', 3).execute();
      await db
        .updateTable('audit_heads')
        .set({ seq: 3, hash: String(kept?.hash) })
        .where('chain', '=', 1)
        .execute();
    });
    const verified = await cli('audit-verify', '--checkpoint', file);
    expect(verified.code, verified.stdout + verified.stderr).toBe(1);
    expect(verified.stdout).toMatch(/^chain 1 \(site 1\): row 4 deleted/m);
  }, 60_000);

  it('(2) a whole chain deleted: a site with operator activity and no chain is flagged', async () => {
    const { db, dir } = await fresh();
    await chainOf(db, 1, 2);
    await chainOf(db, 2, 3);
    // Operator activity on site 2 outside the log: a four-eyes command an operator proposed there.
    const maker = await sql<{ id: number }>`insert into users
        (uid, area_code, phone, username, password_hash, invite_code, created_at, updated_at)
        values (10999001, '63', '9170000001', 'maker', 'x', 'MAKER1', 1, 1) returning id`.execute(db);
    await db
      .insertInto('operator_commands')
      .values({
        kind: 'ban',
        site_id: 2,
        resource: 'user',
        target: 'user:1',
        payload: '{}',
        maker_id: Number(maker.rows[0]?.id),
        state: 'pending',
        created_at: 1,
      })
      .execute();
    const file = await checkpoint(dir);
    await tampering(db, async () => {
      await db.deleteFrom('audit_log').where('chain', '=', 2).execute();
      await db.deleteFrom('audit_heads').where('chain', '=', 2).execute();
    });
    const verified = await cli('audit-verify', '--checkpoint', file);
    expect(verified.code, verified.stdout + verified.stderr).toBe(1);
    expect(verified.stdout).toMatch(/^chain 2 \(site 2\): chain missing/m);
    // Without the checkpoint too: the site's command says operators acted there.
    const alone = await cli('audit-verify');
    expect(alone.code, alone.stdout + alone.stderr).toBe(1);
    expect(alone.stdout).toMatch(/^chain 2 \(site 2\): chain missing/m);
    expect(alone.stdout).not.toMatch(/chain 1 /);
  }, 60_000);

  it('(3) a row edited and every later hash recomputed with the public recipe', async () => {
    const { db, dir } = await fresh();
    await chainOf(db, 1, 4);
    const file = await checkpoint(dir);
    const rows = await rowsOf(db, 1);
    await tampering(db, async () => {
      let prev = String(rows[0]?.hash);
      for (const row of rows.slice(1)) {
        const forged = { ...row, prev_hash: prev, after: row.seq === rows[1]?.seq ? '{"i":-1}' : row.after };
        const hash = publicRecipe(forged);
        await db
          .updateTable('audit_log')
          .set({ after: forged.after, prev_hash: prev, hash })
          .where('id', '=', row.id)
          .execute();
        prev = hash;
      }
      await db.updateTable('audit_heads').set({ hash: prev }).where('chain', '=', 1).execute();
    });
    const verified = await cli('audit-verify', '--checkpoint', file);
    expect(verified.code, verified.stdout + verified.stderr).toBe(1);
    expect(verified.stdout).toMatch(/^chain 1 \(site 1\): row 2 edited/m);
    const alone = await cli('audit-verify');
    expect(alone.code, alone.stdout + alone.stderr).toBe(1);
    expect(alone.stdout).toMatch(/^chain 1 \(site 1\): row 2 edited/m);
  }, 60_000);
});
