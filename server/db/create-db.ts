import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase as SqliteHandle,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { assertNotInMoneyTx } from './money-tx-scope';
import type { Database } from './types';

export type Db = Kysely<Database>;

/**
 * A PostgreSQL int8 or numeric as a JS number, refusing one past 2^53 instead of silently losing digits.
 * Every bigint column holds an id, an epoch-ms time or money in integer minor units (tables.ts), and a sum of
 * those stays far below 2^53 (9.007e15 minor units is 90 trillion in a two-decimal currency), so a number is
 * exact; a value past it would be a bug, and the query fails with this error rather than answering a wrong
 * figure. A fractional numeric (an avg()) is kept as its nearest double.
 */
export function parseDbNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`database number ${text} is past the exact range of a JS number`);
  }
  return value;
}

/**
 * pg answers int8 (OID 20: bigint columns, count(), sum() of integers) and numeric (OID 1700: sum() of bigints,
 * avg()) as strings; parsed here, once, rows have the number types tables.ts declares on both dialects (SQLite
 * answers numbers already), and modules convert nothing. pg rejects the query if a parser throws.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, parseDbNumber);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseDbNumber);

/** Prepared statements kept per connection; beyond this many the least recently used is dropped. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with its prepared statements kept by SQL text.
 * The driver prepares every query afresh, which costs about as much as running a small one; Kysely
 * sends one query at a time per connection (a statement is never busy when asked for again), and
 * SQLite re-prepares a kept statement itself after a schema change.
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteHandle {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Map order is insertion order: move it to the most recent end.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        const oldest = statements.keys().next();
        if (statements.size >= size && !oldest.done) statements.delete(oldest.value);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * A driver whose connections are not handed out to a money transaction's body (money-tx-scope.ts): a query
 * through the app's handle there fails at once instead of waiting for the connection the transaction holds.
 * A transaction's own handle never asks the driver for a connection.
 */
function guarded(driver: Driver): Driver {
  const acquire = driver.acquireConnection.bind(driver);
  driver.acquireConnection = () => {
    assertNotInMoneyTx('a query through the app’s database handle');
    return acquire();
  };
  return driver;
}

class GuardedSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return guarded(super.createDriver());
  }
}

class GuardedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return guarded(super.createDriver());
  }
}

export function createSqliteDb(file: string): Db {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new GuardedSqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

/**
 * PostgreSQL's JIT compiler is off for every connection: it compiles a plan whose estimated cost is high,
 * and for this app's statements (an agent's team figures over tens of thousands of closure rows) the
 * compiling took longer than the running: the top agent's summary in the agent bench, 88 -> 54 ms (docs/perf.md).
 */
const SESSION_OPTIONS = '-c jit=off';

export function createPostgresDb(poolConfig: pg.PoolConfig): Db {
  const options = [SESSION_OPTIONS, poolConfig.options].filter(Boolean).join(' ');
  return new Kysely<Database>({
    dialect: new GuardedPostgresDialect({ pool: new pg.Pool({ max: 10, ...poolConfig, options }) }),
  });
}

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) return createPostgresDb({ connectionString: config.databaseUrl });
  mkdirSync(config.dataDir, { recursive: true });
  return createSqliteDb(path.join(config.dataDir, 'beacon.db'));
}

// biome-ignore lint/suspicious/noExplicitAny: migrations and helpers work on any schema
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Unique-constraint violation on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
