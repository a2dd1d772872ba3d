// The databases a benchmark runs on: a fresh SQLite file always, and PostgreSQL when BENCH_DATABASE_URL
// or TEST_DATABASE_URL is set (a fresh schema, dropped afterwards). Each run answers table rows.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { createDb, createPostgresDb, type Db } from '../../server/db/create-db';
import { auditLedger } from '../../server/modules/ledger/repository';

export type Dialect = 'SQLite' | 'PostgreSQL';

export async function onEachDatabase(
  name: string,
  run: (dialect: Dialect, db: Db) => Promise<string[]>,
): Promise<string[]> {
  const rows: string[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), `beacon-bench-${name}-`));
  const sqlite = createDb({ dataDir, databaseUrl: undefined });
  try {
    rows.push(...(await run('SQLite', sqlite)));
  } finally {
    await sqlite.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) return rows;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = createPostgresDb({ connectionString: pgUrl, options: `-c search_path=${schema}` });
  try {
    rows.push(...(await run('PostgreSQL', db)));
  } finally {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
  return rows;
}

/** A benchmark server's settings: no static files, quiet logs, demo mode; `extra` adds or overrides. */
export function benchConfig(extra: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: tmpdir(),
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    DEMO: '1',
    ...extra,
  });
}

/** A row that fails the benchmark when the ledger does not balance after its load; none when it does. */
export async function ledgerAuditRows(dialect: Dialect, db: Db): Promise<string[]> {
  const audit = await auditLedger(db);
  return audit.entriesTotal !== 0 || audit.driftedAccounts !== 0 || audit.unbalancedTransactions !== 0
    ? [`| ${dialect} | LEDGER AUDIT FAILED ${JSON.stringify(audit)} |`]
    : [];
}

/** Prints a benchmark's table and ends the process: 1 when a row is over budget or failed. */
export function printBenchTable(title: string, header: string[], rows: string[]): never {
  console.log(`\n${title}\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---|').join('')}`);
  for (const row of rows) console.log(row);
  process.exit(rows.some((r) => r.includes('OVER BUDGET') || r.includes('FAILED')) ? 1 : 0);
}
