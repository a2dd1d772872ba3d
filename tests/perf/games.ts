// Games benchmark (issue 13): seamless wallet callbacks per second, a provider's bet then win (round closed)
// for many players, signed as a provider signs them, through the real server over loopback, at 1 and 50
// concurrent callers, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL (a
// fresh schema, dropped afterwards). Beside it, in the same run, a bare ledger posting (the bet's two legs
// through `withMoneyTx` + `post`, no HTTP) at the same concurrency. Budget: p99 under 50 ms at 50 callers.
// `npx tsx tests/perf/games.ts`; figures go to docs/perf.md.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import { insertUser } from '../../server/modules/auth/repository';
import { newUserDefaults } from '../../server/modules/auth/service';
import { insertSession, upsertGame, upsertProvider } from '../../server/modules/games/repository';
import {
  channelAccount,
  ensureUserAccounts,
  post,
  systemAccount,
  userAccount,
  withMoneyTx,
} from '../../server/modules/ledger/service';
import { seedDemo } from '../../server/seed/demo';
import { seamlessCall } from '../server/games/fixtures';
import {
  benchConfig,
  type Dialect,
  ledgerAuditRows,
  onEachDatabase,
  printBenchTable,
} from './bench-databases';
import { startFloorServer } from './floor-reference';
import type { CallerPlan, CallerResult } from './seamless-caller';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const P99_BUDGET_MS = 50;
const CALLERS = [1, 50];
const PLAYERS = 50;
const PROVIDER = { code: 'bench', secret: 'bench-provider-secret-0123456789' };
const GAME = 'bench-reels';

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const summary = (latencies: number[], calls: number, errors: number): Figures => {
  latencies.sort((a, b) => a - b);
  return {
    perSecond: calls / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
};

/**
 * The provider's calls, made from a process of its own (tests/perf/seamless-caller.ts), as a real
 * provider's are: its HTTP client does not share the platform's event loop.
 */
async function providerCalls(plan: CallerPlan): Promise<Figures> {
  const caller = fileURLToPath(new URL('./seamless-caller.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', caller, JSON.stringify(plan)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as CallerResult;
  if (result.firstError)
    console.error(`seamless caller: ${result.errors} errors, first: ${result.firstError}`);
  return summary(result.latencies, result.callbacks, result.errors);
}

/** `callers` loops running `work` until the time is up; each call's latency is kept. */
async function measure(callers: number, work: (caller: number) => Promise<number>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let calls = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < end) {
        const started = performance.now();
        const done = await work(caller).catch(() => -1);
        if (done < 0) errors++;
        else {
          for (let i = 0; i < done; i++) latencies.push((performance.now() - started) / done);
          calls += done;
        }
      }
    }),
  );
  return summary(latencies, calls, errors);
}

async function run(dialect: Dialect, db: Db): Promise<string[]> {
  await migrateToLatest(db);
  await seedDemo(db, Date.now());
  const config = benchConfig({ VALIDATE_ANSWERS: 'false', GAMES_WORKER: 'false' });
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const now = Date.now();
  await upsertProvider(db, {
    code: PROVIDER.code,
    name: 'Bench provider',
    protocol: 'seamless',
    base_url: 'http://127.0.0.1:9/',
    secret: PROVIDER.secret,
    channel_code: null,
    enabled: 1,
    created_at: now,
  });
  await upsertGame(db, {
    provider_code: PROVIDER.code,
    code: GAME,
    name: 'Bench reels',
    search_name: 'bench reels',
    channel_code: 'slots',
    category: 'reels',
    rtp_bp: 9600,
    min_bet: 100,
    max_bet: 100_000,
    sort_order: 0,
    enabled: 1,
    created_at: now,
  });
  const game = await db.selectFrom('games').select('id').where('code', '=', GAME).executeTakeFirstOrThrow();

  const call = async (action: 'authenticate', body: unknown) => {
    const answer = (await seamlessCall({ url: base }, PROVIDER, action, body)).body;
    if (answer.status !== 'OK') throw new Error(`${action}: ${answer.status}`);
    return answer;
  };

  // Players with money and an authenticated game session each (one caller per player at 50 callers:
  // one player's calls are serialised on their account by design, as a real player's are).
  const players: { id: number; playerId: string; sessionToken: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const phone = `91791${String(10_000 + i).slice(-5)}`;
    const row = await insertUser(db, {
      ...newUserDefaults(),
      uid: 30_000_000 + i,
      area_code: '63',
      phone,
      username: `63+${phone}`,
      password_hash: 'unused',
      invite_code: `BGAME${String(i).padStart(3, '0')}`,
      invited_by: null,
      created_at: now,
      updated_at: now,
    });
    const id = Number(row.id);
    await ensureUserAccounts(db, id, now);
    await withMoneyTx(db, (trx) =>
      post(trx, {
        type: 'deposit',
        userId: id,
        ref: null,
        legs: [
          { account: systemAccount('deposits'), amount: -100_000_000 },
          { account: userAccount(id, 'main'), amount: 100_000_000 },
        ],
        now,
      }),
    );
    const token = randomBytes(24).toString('base64url');
    await insertSession(db, {
      user_id: id,
      provider_code: PROVIDER.code,
      game_id: Number(game.id),
      launch_hash: createHash('sha256').update(token).digest('hex'),
      launch_expires_at: now + 600_000,
      session_hash: null,
      expires_at: null,
      created_at: now,
    });
    const auth = await call('authenticate', { token });
    players.push({ id, playerId: String(id), sessionToken: auth.sessionToken ?? '' });
  }

  const floor = await startFloorServer(
    db,
    PROVIDER.secret,
    players.map((p) => p.playerId),
  );
  const rows: string[] = [];
  for (const callers of CALLERS) {
    const plan = {
      provider: PROVIDER,
      game: GAME,
      players: players.map(({ playerId, sessionToken }) => ({ playerId, sessionToken })),
      callers,
      seconds,
    };
    const seamless = await providerCalls({ ...plan, base });
    const least = await providerCalls({ ...plan, base: floor.base });
    const bare = await measure(callers, async (caller) => {
      const p = players[caller % PLAYERS] as (typeof players)[number];
      await withMoneyTx(db, (trx) =>
        post(trx, {
          type: 'game_bet',
          userId: p.id,
          ref: null,
          legs: [
            { account: userAccount(p.id, 'main'), amount: -1 },
            { account: channelAccount(p.id, 'slots'), amount: 1 },
          ],
          now: Date.now(),
        }),
      );
      return 1;
    });
    const ok = seamless.errors === 0 && (callers < 50 || seamless.p99 <= P99_BUDGET_MS);
    const f = (x: number) => x.toFixed(1);
    rows.push(
      `| ${dialect} | seamless bet + win callbacks | ${callers} | ${Math.round(seamless.perSecond)} | ${f(seamless.p50)} | ${f(seamless.p99)} | ${callers === 50 ? P99_BUDGET_MS : '-'} | ${seamless.errors} | ${ok ? 'ok' : 'OVER BUDGET'} |`,
      `| ${dialect} | bare ledger posting (reference) | ${callers} | ${Math.round(bare.perSecond)} | ${f(bare.p50)} | ${f(bare.p99)} | - | ${bare.errors} | - |`,
      `| ${dialect} | floor: HTTP + signature + one statement (reference) | ${callers} | ${Math.round(least.perSecond)} | ${f(least.p50)} | ${f(least.p99)} | - | ${least.errors} | seamless p99 = ${(seamless.p99 / least.p99).toFixed(2)}x the floor's |`,
    );
  }
  rows.push(...(await ledgerAuditRows(dialect, db)));
  await floor.app.close();
  await app.close();
  return rows;
}

const rows = await onEachDatabase('games', run);

printBenchTable(
  `Games benchmark, ${seconds} s per scenario, loopback (node ${process.version})`,
  ['database', 'scenario', 'callers', 'calls/s', 'p50 ms', 'p99 ms', 'p99 budget ms', 'errors', 'verdict'],
  rows,
);
