// Wallet benchmark: transfers per second (and plain ledger postings per second) through the real
// server over loopback, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
// PostgreSQL (in a fresh schema, dropped afterwards). `npx tsx tests/perf/wallet.ts`; figures go to
// docs/perf.md. Every request carries a fresh Idempotency-Key, as a real client's would.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import { insertUser } from '../../server/modules/auth/repository';
import { hashPassword, newUserDefaults } from '../../server/modules/auth/service';
import { signCallback } from '../../server/modules/payments/provider';

/** The sandbox's callback secret for this run (a real install generates its own). */
const SANDBOX_SECRET = 'bench-sandbox-secret-0123456789';

import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import { insertSafe } from '../../server/modules/wallet/repository';
import { seedDemo } from '../../server/seed/demo';
import { DEMO_SAFE_PASSWORD } from '../../server/seed/wallet';
import {
  benchConfig,
  type Dialect,
  ledgerAuditRows,
  onEachDatabase,
  printBenchTable,
} from './bench-databases';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Budget: p99 latency (ms) of a transfer; the safe-password check (argon2id) dominates. */
const P99_BUDGET = { transfer: 500, safeDeposit: 250 };
const USERS = 10;

async function postJson(base: string, p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads a few fields of known answers
  return (await res.json()) as { status: number; data: any };
}

async function run(dialect: Dialect, db: Db): Promise<string[]> {
  await migrateToLatest(db);
  await seedDemo(db, Date.now());
  const config = benchConfig({ SANDBOX_SECRET });
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  // Users of the run: transfers go between different pairs, as real traffic would, rather than all
  // through one account (which serializes on that account's row lock by design).
  const users: { uid: number; auth: Record<string, string> }[] = [];
  const passwordHash = await hashPassword('Bench#72914');
  const safeHash = await hashPassword(DEMO_SAFE_PASSWORD);
  for (let i = 0; i < USERS; i++) {
    const phone = `91790${String(10_000 + i).slice(-5)}`;
    const now = Date.now();
    const row = await insertUser(db, {
      ...newUserDefaults(),
      uid: 20_000_000 + i,
      area_code: '63',
      phone,
      username: `63+${phone}`,
      password_hash: passwordHash,
      invite_code: `BENCH${String(i).padStart(3, '0')}`,
      invited_by: null,
      created_at: now,
      updated_at: now,
    });
    await insertSafe(db, row.id, safeHash, now);
    const login = await postJson(base, '/cplogin/login', { areaCode: '63', phone, password: 'Bench#72914' });
    if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
    const auth = { authorization: `${login.data.tokenHead}${login.data.token}` };
    users.push({ uid: row.uid, auth });
    const order = await postJson(
      base,
      '/wallet/deposit/create',
      { amount: 1_000_000 },
      {
        ...auth,
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
    );
    const unsigned = {
      orderNo: order.data.orderNo,
      amount: 1_000_000,
      status: 'paid' as const,
      providerRef: `BENCH${i}`,
      timestamp: Date.now(),
    };
    await postJson(base, '/wallet/sandbox/callback', {
      ...unsigned,
      sign: signCallback(SANDBOX_SECRET, unsigned),
    });
  }
  let n = 0;
  const pick = () => {
    n++;
    const from = users[n % USERS] as (typeof users)[number];
    const to = users[(n + 1 + (n % (USERS - 1))) % USERS] as (typeof users)[number];
    return { from, to: to.uid === from.uid ? (users[(n + 1) % USERS] as (typeof users)[number]) : to };
  };

  const scenarios = [
    {
      name: 'transfer by UID (safe password, 2 accounts)',
      path: '/api/wallet/transfer',
      body: (p: ReturnType<typeof pick>) => ({
        receiverUid: p.to.uid,
        amount: 10,
        safePassword: DEMO_SAFE_PASSWORD,
      }),
      budget: P99_BUDGET.transfer,
    },
    {
      name: 'safe deposit (ledger posting, no password)',
      path: '/api/wallet/safe/deposit',
      body: (_p: ReturnType<typeof pick>) => ({ amount: 1 }),
      budget: P99_BUDGET.safeDeposit,
    },
  ];
  const rows: string[] = [];
  for (const s of scenarios) {
    const result = await autocannon({
      url: `${base}${s.path}`,
      method: 'POST',
      connections: 10,
      duration: seconds,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            const p = pick();
            return {
              ...req,
              body: JSON.stringify(s.body(p)),
              headers: { ...req.headers, ...p.from.auth, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
            };
          },
        },
      ],
    });
    const bad = result.non2xx + result.errors;
    const ok = bad === 0 && result.latency.p99 <= s.budget;
    rows.push(
      `| ${dialect} | ${s.name} | 10 | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${s.budget} | ${bad} | ${ok ? 'ok' : 'OVER BUDGET'} |`,
    );
  }
  rows.push(...(await ledgerAuditRows(dialect, db)));
  await app.close();
  return rows;
}

const rows = await onEachDatabase('wallet', run);

printBenchTable(
  `Wallet benchmark, ${seconds} s per scenario, loopback (node ${process.version})`,
  ['database', 'scenario', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'p99 budget ms', 'errors', 'verdict'],
  rows,
);
