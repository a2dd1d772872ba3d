import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Call, type CallAnswer, type CallInput, IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import type { FieldIssue } from '#contract/envelope';
import { type App, type AppDeps, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createPostgresDb, createSqliteDb, type Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import type { SmsProvider } from '../../server/modules/auth/sms-provider';
import { seedDemo } from '../../server/seed/demo';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface ApiResult<T = unknown> {
  http: number;
  headers: Headers;
  status: number;
  message: string;
  data: T;
}

/**
 * What a refusal's `data` carries (contract/envelope.ts `errorDataSchema`): the field issues of a 400, a
 * stable code, the seconds to wait of a 429.
 */
export interface FailureData {
  issues?: FieldIssue[];
  code?: string;
  retryAfter?: number;
}

/**
 * A declared call's answer: `data` typed by the declaration's answer (what a 200 carries), and the same
 * `data` read as a refusal's in `failure` (an empty object when the answer has no data), so a test of a
 * refusal checks its issues or code without a cast. Neither is parsed: a test sees what the server sent.
 */
export interface CallResult<C extends Call> extends ApiResult<CallAnswer<C>> {
  failure: FailureData;
}

export interface PostOptions {
  /** Client address, sent as X-Forwarded-For (the test server trusts the proxy). Default: a fresh random one. */
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * Options of `call`: the session's token, and for a call that moves money the action's idempotency key
 * (required there, as the app's `api.call` requires it; a test of a missing key uses `post`).
 */
export type CallOptions<C extends Call> = Omit<PostOptions, 'headers'> & {
  token?: string | undefined;
  headers?: Record<string, string>;
} & (C['movesMoney'] extends true ? { key: string } : { key?: undefined });

/** Options of `callUntyped`: `call`'s, the key optional whatever the call (a test of a missing key omits it). */
export type UntypedCallOptions = Omit<PostOptions, 'headers'> & {
  token?: string | undefined;
  key?: string | undefined;
  headers?: Record<string, string>;
};

export interface TestServer {
  url: string;
  app: App;
  db: Db;
  /** On PostgreSQL: where the server's database is, for a second pool on it. */
  connection?: PgConnection;
  clock: TestClock;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
  post<T = any>(apiPath: string, body?: unknown, token?: string, opts?: PostOptions): Promise<ApiResult<T>>;
  /**
   * Sends a declared call (contract/): to its method and path, the input typed by the declaration's input
   * schema; `data` is typed by its answer schema (what a 200 carries), `failure` reads the same data as a
   * refusal's (issues, code, retryAfter). The answer is not parsed: a test sees what the server sent.
   */
  call<C extends Call>(
    declaration: C,
    input: CallInput<C>,
    ...[opts]: C['movesMoney'] extends true ? [CallOptions<C>] : [CallOptions<C>?]
  ): Promise<CallResult<C>>;
  /**
   * `call` with an input the declaration does not type: for the tests of malformed input only (a missing,
   * mistyped or unknown field), which a typed `call` would not compile; method, path and answer still come
   * from the declaration.
   */
  callUntyped<C extends Call>(
    declaration: C,
    input: unknown,
    opts?: UntypedCallOptions,
  ): Promise<CallResult<C>>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  sms?: SmsProvider;
  extraApiRoutes?: AppDeps['extraApiRoutes'];
}

/**
 * What a server outside demo mode needs besides DEMO=false: a real SMS gateway (the dev provider is
 * demo-only). This one refuses connections, so a code request answers 503 sms_unavailable.
 */
export const PRODUCTION_SMS_ENV = {
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
  SMS_HTTP_TOKEN: 'test-token',
};

/** The demo payment sandbox's callback secret in tests (a real install generates its own). */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-not-for-production';

/** The key operators' TOTP secrets are sealed with in tests (a real install sets or generates its own). */
export const TEST_OPERATOR_SECRET_KEY = Buffer.alloc(32, 7).toString('base64url');

/** The key the audit log's chain is signed with in tests (a real install sets or generates its own). */
export const TEST_AUDIT_KEY = Buffer.alloc(32, 9).toString('base64url');

export const usingPostgres = (): boolean =>
  process.env.TEST_DIALECT === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

export const randomIp = (): string =>
  `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`;

let workerDatabase: Promise<string> | undefined;

/**
 * This test worker's own PostgreSQL database (created on first use in TEST_DATABASE_URL's cluster), whose
 * schemas hold its files' databases. Workers must not share one: Kysely's migrator and introspection read
 * every schema of a database, and another worker's schema being created or dropped meanwhile made them fail
 * (seen with two workers: "column name of relation kysely_migration does not exist").
 */
export function pgDatabaseUrl(): Promise<string> {
  workerDatabase ??= (async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    // Named after TEST_DATABASE_URL's database, so two runs on one machine given different ones never share.
    const baseName = new URL(base).pathname.slice(1) || 'test';
    const name = `beacon_${baseName}_w${Number(process.env.VITEST_POOL_ID ?? 0)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) await admin.query(`create database ${name}`);
    } catch (error) {
      // Another run on this machine may have created it since the look: what matters is that it exists.
      if ((error as { code?: string }).code !== '42P04') throw error;
    } finally {
      await admin.end();
    }
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDatabase;
}

/** A new, empty PostgreSQL schema in this worker's database, and how to reach and drop it. */
export async function createPgSchema(prefix = 't'): Promise<{
  connectionString: string;
  schema: string;
  /** The connection option that makes the schema the session's own. */
  options: string;
  drop(): Promise<void>;
}> {
  const connectionString = await pgDatabaseUrl();
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`create schema ${schema}`);
  return {
    connectionString,
    schema,
    options: `-c search_path=${schema}`,
    drop: () => run(`drop schema ${schema} cascade`),
  };
}

/** A fresh, empty, migrated database: SQLite in a temp dir, or a new PostgreSQL schema. */
export async function createTestDb(): Promise<{ db: Db; dir: string; drop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'beacon-test-'));
  if (usingPostgres()) {
    const target = await createPgSchema();
    const db = createPostgresDb({
      connectionString: target.connectionString,
      options: target.options,
      max: 5,
    });
    return {
      db,
      dir,
      async drop() {
        await db.destroy();
        await target.drop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  return sqliteIn(dir);
}

/** The SQLite database `test.db` of a test's own folder, and how to close it and remove the folder. */
function sqliteIn(dir: string): { db: Db; dir: string; drop(): Promise<void> } {
  const db = createSqliteDb(path.join(dir, 'test.db'));
  return {
    db,
    dir,
    async drop() {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Where a PostgreSQL test database is, for a second pool on it (a second process's, a claimer's). */
export interface PgConnection {
  connectionString: string;
  options?: string;
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../server/db');

/** A digest of the migrations' code: a template built from other migrations is never used. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    'migrate.ts',
    ...(await readdir(path.join(MIGRATIONS_DIR, 'migrations'))).sort().map((f) => `migrations/${f}`),
  ];
  for (const file of files) hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 12);
}

const adminQuery = async (statement: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

const databaseUrl = (name: string): string => {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Drops a test database once its backends have gone. Not `WITH (FORCE)`: a pool's connections are still
 * closing when destroy() resolves, and a backend terminated then sends its client a FATAL 57P01 that surfaces
 * as an unhandled error in whichever test file runs next. A backend exits a moment after its client's
 * goodbye, so the drop is retried while the database is still in use (55006), for up to five seconds.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`drop database ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

let pgTemplate: Promise<string> | undefined;

/**
 * This worker's migrated PostgreSQL database to copy test databases from (CREATE DATABASE ... TEMPLATE): a copy
 * takes a tenth of the time the 40 migrations take (0.08 s against 0.5 s here, 2026-12-06), and the suite makes
 * one for every server. Named by the migrations' digest and the worker, and kept between runs; built under a
 * temporary name and renamed when complete, so a run killed while building leaves no half-migrated template.
 */
function pgTemplateDatabase(): Promise<string> {
  pgTemplate ??= (async () => {
    const base = new URL(process.env.TEST_DATABASE_URL as string).pathname.slice(1) || 'test';
    const name = `beacon_${base}_w${Number(process.env.VITEST_POOL_ID ?? 0)}_tmpl_${await migrationsDigest()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount !== 0) return name;
    } finally {
      await admin.end();
    }
    const building = `${name.slice(0, 40)}_b${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${building}`);
    const db = createPostgresDb({ connectionString: databaseUrl(building), max: 2 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    try {
      await adminQuery(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another run built the same template meanwhile: use theirs.
      await dropDatabase(building);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return name;
  })();
  return pgTemplate;
}

let sqliteTemplate: Promise<string> | undefined;

/** This process's migrated SQLite file to copy (a copy is 5 ms, the migrations 70 ms), removed at exit. */
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'beacon-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.db');
    const db = createSqliteDb(file);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return file;
  })();
  return sqliteTemplate;
}

/**
 * A fresh database with every migration applied, for a server or a suite: a copy of a migrated one (this
 * worker's template database on PostgreSQL, dropped after; this process's file on SQLite). createTestDb's is
 * empty.
 */
export async function createMigratedTestDb(): Promise<{
  db: Db;
  dir: string;
  drop(): Promise<void>;
  connection?: PgConnection;
}> {
  if (!usingPostgres()) {
    // A copy of this process's migrated file: closed, its WAL folded in, so the one file is the database.
    const template = await sqliteTemplateFile();
    const dir = await mkdtemp(path.join(tmpdir(), 'beacon-test-'));
    await copyFile(template, path.join(dir, 'test.db'));
    return sqliteIn(dir);
  }
  const template = await pgTemplateDatabase();
  const name = `${template.slice(0, 40)}_t${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'beacon-test-'));
  const connection = { connectionString: databaseUrl(name) };
  const db = createPostgresDb({ ...connection, max: 5 });
  return {
    db,
    dir,
    connection,
    async drop() {
      await db.destroy();
      await dropDatabase(name);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface SuiteDb {
  db: Db;
  /** The folder of the SQLite file (test.db), also there on PostgreSQL. */
  dir: string;
}

/**
 * A fresh migrated database, without a server, for the tests of the file (or describe block) it is called
 * in, dropped after them. Its fields are set in beforeAll: read them in a test or a later hook.
 */
export function dbForSuite(): SuiteDb {
  const made = {} as SuiteDb;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const created = await createMigratedTestDb();
    made.db = created.db;
    made.dir = created.dir;
    drop = created.drop;
  });
  afterAll(() => drop());
  return made;
}

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const testDb = await createMigratedTestDb();
  let t = Date.UTC(2026, 0, 15, 12, 0, 0);
  const clock: TestClock = {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
  const config = loadConfig({
    DATA_DIR: testDb.dir,
    STATIC_DIR: path.join(testDb.dir, 'no-static'),
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    DEMO: '1',
    SANDBOX_SECRET: TEST_SANDBOX_SECRET,
    OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY,
    AUDIT_KEY: TEST_AUDIT_KEY,
    ...opts.env,
  });
  const app = await buildApp(config, {
    db: testDb.db,
    clock,
    ...(opts.sms ? { sms: opts.sms } : {}),
    ...(opts.extraApiRoutes ? { extraApiRoutes: opts.extraApiRoutes } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  const send = async (
    method: Call['method'],
    apiPath: string,
    body: unknown,
    token: string | undefined,
    sendOpts: PostOptions,
  ): Promise<ApiResult<never>> => {
    const headers: Record<string, string> = {
      'x-forwarded-for': sendOpts.ip ?? randomIp(),
      ...(method === 'POST' && { 'content-type': 'application/json' }),
      ...sendOpts.headers,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const target = new URL(`${url}/api${apiPath}`);
    // A GET carries its fields as query parameters, as the app's api-client sends them.
    if (method === 'GET' && body && typeof body === 'object')
      for (const [key, value] of Object.entries(body))
        if (value !== undefined && value !== null && typeof value !== 'object')
          target.searchParams.set(key, String(value));
    const res = await fetch(target, {
      method,
      headers,
      ...(method === 'POST' && { body: body === undefined ? '{}' : JSON.stringify(body) }),
    });
    const json = (await res.json()) as { status: number; message: string; data: never };
    return {
      http: res.status,
      headers: res.headers,
      status: json.status,
      message: json.message,
      data: json.data,
    };
  };

  async function callUntyped<C extends Call>(
    declaration: C,
    input: unknown,
    opts?: UntypedCallOptions,
  ): Promise<CallResult<C>> {
    const { token, key, headers, ...rest } = opts ?? {};
    const res = await send(declaration.method, declaration.path, input, token, {
      ...rest,
      headers: key === undefined ? { ...headers } : { [IDEMPOTENCY_KEY_HEADER]: key, ...headers },
    });
    const failure: FailureData = (res.data as FailureData | null) ?? {};
    return { ...res, failure };
  }

  return {
    url,
    app,
    db: testDb.db,
    ...(testDb.connection ? { connection: testDb.connection } : {}),
    clock,
    post: (apiPath, body, token, postOpts = {}) => send('POST', apiPath, body, token, postOpts),
    call(declaration, input, ...[opts]) {
      return callUntyped(declaration, input, opts);
    },
    callUntyped,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export interface SuiteServerOptions extends StartOptions {
  /** Writes the demo seed (its sites, accounts and settings) before the tests, as `seedSites` does. */
  demoSeed?: boolean;
}

/**
 * Starts a test server before the tests of the file (or describe block) it is called in and closes it after
 * them: the set-up every server test file wrote out as a `let`, a beforeAll and an afterAll. The handle it
 * returns forwards to that server, so it serves inside tests and in hooks written after this call (hooks
 * run in the order written; the afterAll hooks in reverse, so a file's own clean-up still sees the server).
 */
export function serverForSuite(opts: SuiteServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  const current = (): TestServer => {
    if (!started)
      throw new Error('the test server is started in beforeAll: use it in a test or a later hook');
    return started;
  };
  beforeAll(async () => {
    const { demoSeed, ...startOptions } = opts;
    started = await startServer(startOptions);
    if (demoSeed) await seedDemo(started.db, started.clock.now());
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return {
    get url() {
      return current().url;
    },
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get connection() {
      return current().connection;
    },
    get clock() {
      return current().clock;
    },
    post: (apiPath, body, token, postOpts) => current().post(apiPath, body, token, postOpts),
    call: (declaration, input, ...opts) => current().call(declaration, input, ...opts),
    callUntyped: (declaration, input, callOpts) => current().callUntyped(declaration, input, callOpts),
    close: () => current().close(),
  };
}

/**
 * POSTs `raw` as a JSON body, as it is (what `post` cannot send: text that is not an object), with the
 * session's token, a fresh address and an idempotency key, so that only the body can be refused.
 */
export async function postRawJson(
  server: TestServer,
  apiPath: string,
  raw: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ http: number; envelope: { status: unknown; data: unknown } }> {
  const res = await fetch(`${server.url}/api${apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': randomIp(),
      [IDEMPOTENCY_KEY_HEADER]: randomBytes(12).toString('hex'),
      ...headers,
    },
    body: raw,
  });
  return { http: res.status, envelope: (await res.json()) as { status: unknown; data: unknown } };
}

let phoneCounter = 0;
/** A valid Philippine mobile number, unique within the test file. */
export const newPhone = (): string =>
  `917${String((process.pid * 1000 + ++phoneCounter) % 10_000_000).padStart(7, '0')}`;

let indianCounter = 0;
/** A valid Indian mobile number (98 + 8 digits), unique within the test file. */
export const newIndianPhone = (): string =>
  `98${String((process.pid * 1000 + ++indianCounter) % 100_000_000).padStart(8, '0')}`;

/** The newest code the dev provider "sent" to this phone. */
export async function latestCode(server: TestServer, phone: string, areaCode = '63'): Promise<string> {
  const res = await server.post<{ code: string }[]>('/dev/sms-outbox', { areaCode, phone });
  const code = res.data[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** A different 6-digit code than `code`. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Requests a register code and creates the account; returns its session. */
export async function registerUser(
  server: TestServer,
  password = 'Kestrel#4821',
  phone = newPhone(),
  areaCode = '63',
) {
  const sent = await server.post('/cplogin/sendsms', { areaCode, phone, purpose: 'register' });
  if (sent.status !== 200) throw new Error(`sendsms failed: ${sent.message}`);
  const code = await latestCode(server, phone, areaCode);
  const res = await server.post<{
    token: string;
    tokenHead: string;
    user: { uid: number; username: string };
  }>('/cplogin/reg', { areaCode, phone, password, code });
  if (res.status !== 200) throw new Error(`reg failed: ${res.message}`);
  return { phone, password, ...res.data };
}
