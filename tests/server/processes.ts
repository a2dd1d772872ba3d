// Real server processes (node --import tsx server/main.ts) for the crash and multi-process tests (wallet
// and push), on a
// temp SQLite file or a fresh PostgreSQL schema (TEST_DIALECT=postgres).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#contract/call';
import { createPostgresDb, createSqliteDb, type Db } from '../../server/db/create-db';
import { DEMO_ACCOUNTS, DEMO_OPERATOR_TOTP_SECRET } from '../../server/seed/demo';
import { createPgSchema, TEST_SANDBOX_SECRET, usingPostgres } from './harness';

export interface ProcessEnv {
  env: Record<string, string>;
  openDb(): Db;
  cleanup(): Promise<void>;
}

export async function processEnvironment(extra: Record<string, string>): Promise<ProcessEnv> {
  const dir = await mkdtemp(path.join(tmpdir(), 'beacon-proc-'));
  const env: Record<string, string> = {
    DATA_DIR: dir,
    STATIC_DIR: path.join(dir, 'no-static'),
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SANDBOX_SECRET: TEST_SANDBOX_SECRET,
    // Tests that need a game provider start their own (tests/server/games/provider-process.ts).
    DEMO_PROVIDER: '0',
    ...extra,
  };
  let openDb = () => createSqliteDb(path.join(dir, 'beacon.db'));
  let dropSchema: (() => Promise<void>) | undefined;
  if (usingPostgres()) {
    const target = await createPgSchema('proc');
    const { connectionString, options } = target;
    const sep = connectionString.includes('?') ? '&' : '?';
    env.DATABASE_URL = `${connectionString}${sep}options=${encodeURIComponent(options)}`;
    openDb = () => createPostgresDb({ connectionString, options, max: 2 });
    dropSchema = target.drop;
  }
  return {
    env,
    openDb,
    async cleanup() {
      await dropSchema?.();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface SuiteProcessEnv {
  /** The environment the suite's server processes and CLIs run with. */
  readonly env: Record<string, string>;
  /**
   * The test's own connection to the processes' database, opened on first use: after a process started
   * (and migrated it), not before.
   */
  readonly db: Db;
  /** A connection of its own to that database, for the caller to close. */
  openDb(): Db;
}

/**
 * A process environment for the tests of the file (or describe block) it is called in: made in beforeAll,
 * its connection closed and its files and schema removed after them. The file's own afterAll hooks, which
 * stop its processes, run first (hooks after the tests run in reverse order). `extra` may be worked out
 * then (a free port, say).
 */
export function processEnvForSuite(
  extra: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): SuiteProcessEnv {
  let made: ProcessEnv | undefined;
  let db: Db | undefined;
  const current = (): ProcessEnv => {
    if (!made)
      throw new Error('the process environment is made in beforeAll: use it in a test or a later hook');
    return made;
  };
  beforeAll(async () => {
    made = await processEnvironment(typeof extra === 'function' ? await extra() : extra);
  });
  afterAll(async () => {
    await db?.destroy();
    await made?.cleanup();
    db = undefined;
    made = undefined;
  });
  return {
    get env() {
      return current().env;
    },
    get db() {
      db ??= current().openDb();
      return db;
    },
    openDb: () => current().openDb(),
  };
}

/** How long a server process may take to say it is listening. */
export const START_DEADLINE_MS = 60_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** One process, so SIGKILL kills the server itself (no npm or tsx wrapper in between). */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    // tsx compiles the server's modules, then migrations and the demo seed run on a fresh database: about
    // 4 s on a quiet host, and past 30 s once seen when both server suites ran beside the unit suite on
    // two cores. A start that takes longer than this is a hang, and its output says where.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), START_DEADLINE_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      const before = out.includes('running at');
      out += chunk.toString();
      const m = /running at http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m && !before) {
        clearTimeout(timer);
        resolve({
          child,
          url: `http://127.0.0.1:${m[1]}`,
          output: () => out,
          async kill(signal) {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
      }
    });
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('running at')) reject(new Error(`server exited (${code}): ${out}`));
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
export async function call(url: string, apiPath: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(`${url}/api${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; message: string; data: unknown };
  if (json.status !== 200) throw new Error(`${apiPath}: ${res.status} ${json.message}`);
  return json.data;
}

/**
 * A money call to a server at `url` (another process, or one of several instances) with its key, answered
 * unchecked: the crash and concurrency tests count what came back, replays included.
 */
export async function moneyAt(
  url: string,
  apiPath: string,
  body: unknown,
  token: string,
  key: string,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
): Promise<{ http: number; status: number; data: any; replayed: boolean }> {
  const res = await fetch(`${url}/api${apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      [IDEMPOTENCY_KEY_HEADER]: key,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; data: unknown };
  return {
    http: res.status,
    status: json.status,
    data: json.data,
    replayed: res.headers.has(IDEMPOTENT_REPLAYED_HEADER),
  };
}

export async function demoLogin(url: string, label: string): Promise<string> {
  const a = DEMO_ACCOUNTS.find((x) => x.label === label);
  const data = await call(url, '/cplogin/login', {
    areaCode: a?.areaCode,
    phone: a?.phone,
    password: a?.password,
  });
  const token = data.token as string;
  // An operator's session passes the second factor with the demo authenticator's current code.
  if (a?.operator) {
    const code = await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Date.now() / 1000 });
    await call(url, '/admin/session/totp', { code }, token);
  }
  return token;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
