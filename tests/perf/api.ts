// API benchmark (`npm run bench`): the real server on a fresh SQLite database with demo data, driven
// over loopback by autocannon. Budgets are checked here, not in timed tests. Figures go to docs/perf.md.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/seed/catalogue';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed/demo';
import { REFERENCE_PATH, startReferenceServer } from './api-reference';

interface Scenario {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  connections: number;
  /** Budget: 99th percentile latency in milliseconds. */
  p99Budget: number;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = await mkdtemp(path.join(tmpdir(), 'beacon-bench-'));
// As production runs: answers written without parsing them again (the tests check them, answers.ts).
const config = loadConfig({
  VALIDATE_ANSWERS: 'false',
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  LOG_LEVEL: 'warn',
});
const db = createDb(config);
await migrateToLatest(db);
// A 10,000-item catalogue in each list, seeded before the demo data (which then keeps it).
const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE ?? 10_000);
await seedCatalogue(db, Date.now(), { wxCount: CATALOGUE_SIZE, demandCount: CATALOGUE_SIZE });
await seedDemo(db, Date.now());
const app = await buildApp(config, { db });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const reference = await startReferenceServer(path.join(dataDir, 'beacon.db'));

const demo = DEMO_ACCOUNTS[0];
if (!demo) throw new Error('no demo account');
const credentials = { areaCode: demo.areaCode, phone: demo.phone, password: demo.password };
const login = await fetch(`${base}/api/cplogin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(credentials),
});
const { data: session } = (await login.json()) as { data: { token: string; tokenHead: string } };
const auth = { authorization: `${session.tokenHead}${session.token}` };

function listScenario(
  name: string,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
): Scenario[] {
  return [
    { name: `${name} (1 conn)`, path, method: 'POST', body, headers, connections: 1, p99Budget: 20 },
    { name: `${name} (10 conn)`, path, method: 'POST', body, headers, connections: 10, p99Budget: 80 },
  ];
}

/**
 * Catalogue 1's first page against the reference route (tests/perf/api-reference.ts: same database
 * file, same page, nothing but answering it): the ratio of their req/s at 10 connections has a budget.
 * On a noisy 2-core host one pass of each drifts with whatever else runs, so the pair is measured in
 * alternating rounds (each round's order flipped) and the budget holds for the median round's ratio.
 */
const RATIO_BUDGET = 0.8;
const RATIO_ROUNDS = Number(process.env.BENCH_RATIO_ROUNDS ?? 5);
const RATIO_SECONDS = Number(process.env.BENCH_RATIO_SECONDS ?? 3);
const PAGE_0 = { path: '/api/wxcps/applist', body: { number: 0, size: 50 } };

const allScenarios: Scenario[] = [
  { name: 'sites list', path: '/api/mainview/sites', method: 'POST', connections: 10, p99Budget: 25 },
  {
    name: 'tokenLogin (session check)',
    path: '/api/cplogin/tokenLogin',
    method: 'POST',
    body: { token: session.token },
    headers: auth,
    connections: 10,
    p99Budget: 25,
  },
  { name: 'unknown route (404 envelope)', path: '/api/nope', method: 'POST', connections: 10, p99Budget: 25 },
  // The list endpoints: a 50-item page of a 10,000-item catalogue. One connection measures the
  // time of one answer; ten measure throughput (latency then includes queueing behind the others).
  ...listScenario('applist page 0', '/api/wxcps/applist', { number: 0, size: 50 }, auth),
  ...listScenario('applist page 150', '/api/wxcps/applist', { number: 150, size: 50 }, auth),
  ...listScenario(
    'applist category',
    '/api/wxcps/applist',
    { number: 3, size: 50, category_2_name: '休闲' },
    auth,
  ),
  ...listScenario('applist search', '/api/wxcps/applist', { number: 0, size: 50, appname: 'dragon' }, auth),
  ...listScenario('demandlist page 0', '/api/doucps/demandlist', { number: 0, size: 50 }),
  ...listScenario('demandlist page 150', '/api/doucps/demandlist', { number: 150, size: 50 }),
  ...listScenario('demandlist search', '/api/doucps/demandlist', {
    number: 0,
    size: 50,
    demandName: 'review',
  }),
  {
    name: 'login (argon2id verify)',
    path: '/api/cplogin/login',
    method: 'POST',
    body: credentials,
    connections: 2,
    p99Budget: 250,
  },
];

// BENCH_ONLY=<text> runs the scenarios whose name contains it (e.g. "page 0").
const only = process.env.BENCH_ONLY;
const scenarios = only ? allScenarios.filter((s) => s.name.includes(only)) : allScenarios;

const rows: string[] = [];

let failed = false;
for (const s of scenarios) {
  const result = await autocannon({
    url: `${base}${s.path}`,
    method: s.method,
    connections: s.connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...s.headers },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  });

  const bad = result.non2xx + result.errors;
  const expectErrors = s.path === '/api/nope';
  const ok = result.latency.p99 <= s.p99Budget && (expectErrors || bad === 0);
  if (!ok) failed = true;
  rows.push(
    `| ${s.name} | ${s.connections} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${s.p99Budget} | ${expectErrors ? '-' : bad} | ${ok ? 'ok' : 'OVER BUDGET'} |`,
  );
}

const ratioRounds: { beacon: number; reference: number; ratio: number }[] = [];
const rate = async (url: string, headers?: Record<string, string>, duration = RATIO_SECONDS) =>
  (
    await autocannon({
      url,
      method: 'POST',
      connections: 10,
      duration,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(PAGE_0.body),
    })
  ).requests.average;
if (!only || only === 'ratio') {
  // Both warmed up first (the JIT, the statement caches), so no round measures a cold server.
  await rate(`${reference.url}${REFERENCE_PATH}`, undefined, 2);
  await rate(`${base}${PAGE_0.path}`, auth, 2);
  for (let round = 0; round < RATIO_ROUNDS; round++) {
    const beaconFirst = round % 2 === 1;
    const first = await (beaconFirst
      ? rate(`${base}${PAGE_0.path}`, auth)
      : rate(`${reference.url}${REFERENCE_PATH}`));
    const second = await (beaconFirst
      ? rate(`${reference.url}${REFERENCE_PATH}`)
      : rate(`${base}${PAGE_0.path}`, auth));
    const [beacon, ref] = beaconFirst ? [first, second] : [second, first];
    ratioRounds.push({ beacon, reference: ref, ratio: beacon / ref });
  }
}

await app.close();
await reference.close();
await db.destroy();

console.log(
  `\nAPI benchmark, ${seconds} s per scenario, SQLite, ${CATALOGUE_SIZE} items per catalogue, loopback (node ${process.version})\n`,
);
console.log('| scenario | connections | req/s | p50 ms | p99 ms | p99 budget ms | errors | verdict |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

if (ratioRounds.length > 0) {
  const median = <T>(xs: T[], key: (x: T) => number) =>
    [...xs].sort((x, y) => key(x) - key(y))[xs.length >> 1];
  const mid = median(ratioRounds, (r) => r.ratio);
  const verdict = mid && mid.ratio >= RATIO_BUDGET ? 'ok' : 'OVER BUDGET';
  if (verdict !== 'ok') failed = true;
  console.log(
    `\napplist page 0 against the bare reference route, 10 connections, ${RATIO_ROUNDS} alternating rounds of ${RATIO_SECONDS} s:`,
  );
  for (const r of ratioRounds)
    console.log(
      `- Beacon ${Math.round(r.beacon)} req/s, reference ${Math.round(r.reference)} req/s: ${r.ratio.toFixed(2)}x`,
    );
  console.log(`median ratio ${mid?.ratio.toFixed(2)}x (budget >= ${RATIO_BUDGET}x): ${verdict}`);
}
process.exit(failed ? 1 : 0);
