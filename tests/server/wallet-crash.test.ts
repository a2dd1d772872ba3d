// Crash test (issue 6): the real server process under load is killed with SIGKILL at random points and
// restarted; afterwards the books are sound, every acknowledged money call is present (its key
// replays the same answer and moves nothing), and every call cut off mid-flight retried with its key
// is applied at most once. SQLite always; PostgreSQL too with TEST_DIALECT=postgres.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, createSqliteDb, type Db } from '../../server/db/create-db';
import { auditLedger } from '../../server/modules/ledger/repository';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { DEMO_SAFE_PASSWORD } from '../../server/seed/wallet';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/wallet';
import { usingPostgres } from './harness';
import { signedCallback } from './wallet/helpers';

const CYCLES = Number(process.env.WALLET_CRASH_CYCLES ?? 2);
const WORKERS = 8;

interface Call {
  path: string;
  body: Record<string, unknown>;
  key: string;
  token: string;
  data?: unknown;
}

let dir: string;
let env: Record<string, string>;
let dropSchema: (() => Promise<void>) | undefined;
let openDb: () => Db;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'beacon-crash-'));
  env = {
    DATA_DIR: dir,
    STATIC_DIR: path.join(dir, 'no-static'),
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  openDb = () => createSqliteDb(path.join(dir, 'beacon.db'));
  if (usingPostgres()) {
    const connectionString = process.env.TEST_DATABASE_URL as string;
    const schema = `crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const sep = connectionString.includes('?') ? '&' : '?';
    env.DATABASE_URL = `${connectionString}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    openDb = () => createPostgresDb({ connectionString, options: `-c search_path=${schema}`, max: 2 });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
});
afterAll(async () => {
  await dropSchema?.();
  await rm(dir, { recursive: true, force: true });
});

/** Starts `node --import tsx server/main.ts` (one process, so SIGKILL kills the server itself). */
function startProcess(): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve({ child, url: `http://127.0.0.1:${m[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('running at')) reject(new Error(`server exited (${code}): ${out}`));
    });
  });
}

async function post(url: string, call: Call) {
  const res = await fetch(`${url}/api${call.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${call.token}`,
      [IDEMPOTENCY_KEY_HEADER]: call.key,
    },
    body: JSON.stringify(call.body),
  });
  const json = (await res.json()) as { status: number; data: unknown };
  return {
    http: res.status,
    status: json.status,
    data: json.data,
    replayed: res.headers.has('idempotent-replayed'),
  };
}

async function login(url: string, label: string): Promise<{ token: string; uid: number }> {
  const a = DEMO_ACCOUNTS.find((x) => x.label === label);
  const res = await fetch(`${url}/api/cplogin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ areaCode: a?.areaCode, phone: a?.phone, password: a?.password }),
  });
  const json = (await res.json()) as { data: { token: string; user: { uid: number } } };
  return { token: json.data.token, uid: json.data.user.uid };
}

async function expectSound(): Promise<void> {
  const db = openDb();
  try {
    expect(await auditLedger(db)).toEqual({
      entriesTotal: 0,
      unbalancedTransactions: 0,
      driftedAccounts: 0,
      negativeUserAccounts: 0,
    });
  } finally {
    await db.destroy();
  }
}

describe(`crash safety (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(`survives ${CYCLES} SIGKILLs under load with every acknowledged call present`, async () => {
    let { child, url } = await startProcess();
    const player = await login(url, 'player');
    const agent = await login(url, 'agent (job 1)');
    const acknowledged: Call[] = [];
    const cutOff: Call[] = [];
    const paidDeposits: string[] = [];

    const nextCall = (n: number): Call => {
      const key = randomUUID();
      switch (n % 4) {
        case 0:
          return { path: '/wallet/safe/deposit', body: { amount: 1.01 }, key, token: player.token };
        case 1:
          return {
            path: '/wallet/transfer',
            body: { receiverUid: agent.uid, amount: 10.5, safePassword: DEMO_SAFE_PASSWORD },
            key,
            token: player.token,
          };
        case 2:
          return {
            path: '/wallet/transfer',
            body: { receiverUid: player.uid, amount: 10.25, safePassword: DEMO_SAFE_PASSWORD },
            key,
            token: agent.token,
          };
        default:
          return { path: '/wallet/deposit/create', body: { amount: 20 }, key, token: agent.token };
      }
    };

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let stop = false;
      const workers = Array.from({ length: WORKERS }, async (_, w) => {
        for (let n = w; !stop; n += WORKERS) {
          const call = nextCall(n);
          try {
            const res = await post(url, call);
            if (res.status === 200) {
              acknowledged.push({ ...call, data: res.data });
              if (call.path === '/wallet/deposit/create') {
                const orderNo = (res.data as { orderNo: string }).orderNo;
                const cb = await fetch(`${url}/api/wallet/sandbox/callback`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(signedCallback(orderNo, 20)),
                });
                if (cb.ok) paidDeposits.push(orderNo);
              }
            }
          } catch {
            cutOff.push(call);
            return;
          }
        }
      });
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      stop = true;
      await Promise.all(workers);
      ({ child, url } = await startProcess());
      await expectSound();
    }

    try {
      expect(acknowledged.length).toBeGreaterThan(0);
      // Every kill caught calls in flight (8 workers are always mid-call).
      expect(cutOff.length).toBeGreaterThan(0);
      // Every acknowledged call is present: its key replays the same answer.
      for (const call of acknowledged) {
        const res = await post(url, call);
        expect(res.status).toBe(200);
        expect(res.replayed).toBe(true);
        expect(res.data).toEqual(call.data);
      }
      for (const orderNo of paidDeposits) {
        const call: Call = {
          path: '/wallet/deposit/detail',
          body: { orderNo },
          key: 'x',
          token: agent.token,
        };
        expect((await post(url, call)).data).toMatchObject({ state: 'Success' });
      }
      // A call cut off by the crash, retried with its key, is applied at most once.
      for (const call of cutOff) {
        const first = await post(url, call);
        const again = await post(url, call);
        if (first.status === 200) {
          expect(again.replayed).toBe(true);
          expect(again.data).toEqual(first.data);
        }
      }
      await expectSound();
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
