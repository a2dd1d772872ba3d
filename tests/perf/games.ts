// Games benchmark (issue 13): seamless wallet callbacks per second, a provider's bet then win (round closed)
// for many players, signed as a provider signs them, through the real server over loopback, at 1 and 50
// concurrent callers, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL (a
// fresh schema, dropped afterwards). Beside it, in the same run, a bare ledger posting (the bet's two legs
// through `withMoneyTx` + `post`, no HTTP) at the same concurrency. Budget: p99 under 50 ms at 50 callers.
// `npx tsx tests/perf/games.ts`; figures go to docs/perf.md.
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import { channelAccount, post, userAccount, withMoneyTx } from '../../server/modules/ledger/service';
import { seedDemo } from '../../server/seed/demo';
import {
  benchConfig,
  type Dialect,
  ledgerAuditRows,
  onEachDatabase,
  printBenchTable,
} from './bench-databases';
import { startFloorServer } from './floor-reference';
import {
  benchPlayers,
  type Figures,
  GAME,
  installBenchGame,
  PROVIDER,
  providerCalls,
  summary,
} from './seamless-players';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const P99_BUDGET_MS = 50;
const CALLERS = [1, 50];
const PLAYERS = 50;

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
  return summary(latencies, calls, errors, seconds);
}

async function run(dialect: Dialect, db: Db): Promise<string[]> {
  await migrateToLatest(db);
  await seedDemo(db, Date.now());
  const config = benchConfig({ VALIDATE_ANSWERS: 'false', GAMES_WORKER: 'false' });
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const gameId = await installBenchGame(db, Date.now());
  // Players with money and an authenticated game session each (one caller per player at 50 callers:
  // one player's calls are serialised on their account by design, as a real player's are).
  const players = await benchPlayers(db, base, gameId, {
    count: PLAYERS,
    uidBase: 30_000_000,
    fund: 100_000_000,
  });

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
