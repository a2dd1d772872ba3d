// Bonuses benchmark (issue 33): a seamless round (a signed bet, then a signed win closing it) of a player whose
// stakes are paid from two open bonus requirements, beside the same round of a player with none, in the same
// run, through the real server over loopback, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set, PostgreSQL. With requirements a bet writes a leg per account it spends from, the win follows the stake
// back to them, and the round's valid bet counts toward both. Budget: the requirements' p50 at most 1.3x the
// plain one's, at 1 and 10 callers. The two groups alternate, three turns each, and each keeps its best figure, so
// the shared host's noise falls on both alike. `npx tsx tests/perf/bonuses.ts`; figures go to docs/perf.md.
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import { insertOffer } from '../../server/modules/bonuses/repository';
import { grantManual } from '../../server/modules/bonuses/service';
import { withMoneyTx } from '../../server/modules/ledger/service';
import { seedDemo } from '../../server/seed/demo';
import {
  benchConfig,
  type Dialect,
  ledgerAuditRows,
  onEachDatabase,
  printBenchTable,
} from './bench-databases';
import {
  type BenchPlayer,
  benchPlayers,
  type Figures,
  GAME,
  installBenchGame,
  PROVIDER,
  providerCalls,
} from './seamless-players';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const RATIO_BUDGET = 1.3;
const CALLERS = [1, 10];
const PLAYERS = 10;
/** Each group's turns, alternating; each keeps its best. */
const TURNS = 3;

/** An offer whose requirement is never met in a bench run (100x): its money stays in play throughout. */
const offerSpec = (now: number, validityDays: number) => ({
  offer: {
    site_id: null,
    kind: 'manual' as const,
    welcome: 0,
    state: 'active' as const,
    budget: null,
    created_at: now,
    updated_at: now,
  },
  version: {
    percent: null,
    amount: null,
    min_deposit: null,
    max_bonus: null,
    nth_deposit: null,
    turnover_multiplier: 100,
    turnover_base: 'bonus' as const,
    max_bet: null,
    max_conversion: null,
    validity_days: validityDays,
    forfeits_on_withdrawal: 1,
    created_at: now,
    created_by: null,
  },
  contributions: { slots: 100 },
  texts: { 'en-US': { title: 'Bench bonus', terms: 'Bench' } },
});

async function run(dialect: Dialect, db: Db): Promise<string[]> {
  await migrateToLatest(db);
  await seedDemo(db, Date.now());
  const config = benchConfig({ VALIDATE_ANSWERS: 'false', GAMES_WORKER: 'false' });
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const now = Date.now();
  const gameId = await installBenchGame(db, now);
  const offers = [await insertOffer(db, offerSpec(now, 30)), await insertOffer(db, offerSpec(now, 60))];

  const plain = await benchPlayers(db, base, gameId, {
    count: PLAYERS,
    uidBase: 31_000_000,
    fund: 100_000_000,
  });
  // No withdrawable money: every stake is paid from the requirement soonest to expire, the win returns there.
  const bonused = await benchPlayers(db, base, gameId, {
    count: PLAYERS,
    uidBase: 32_000_000,
    fund: 0,
    prepare: async (userId) => {
      for (const offerId of offers)
        await withMoneyTx(db, (trx) =>
          grantManual(trx, app.ctx, {
            offerId,
            userId,
            amount: 50_000_000,
            note: 'bench',
            operatorId: 0,
            key: `bench-${offerId}-${userId}`,
            now,
          }),
        );
    },
  });

  const rows: string[] = [];
  for (const callers of CALLERS) {
    const plan = (players: BenchPlayer[]) => ({
      base,
      provider: PROVIDER,
      game: GAME,
      players: players.map(({ playerId, sessionToken }) => ({ playerId, sessionToken })),
      callers,
      seconds,
    });
    const best = (a: Figures, b: Figures): Figures => (a.p50 <= b.p50 ? a : b);
    let none = await providerCalls(plan(plain));
    let two = await providerCalls(plan(bonused));
    for (let i = 1; i < TURNS; i++) {
      none = best(none, await providerCalls(plan(plain)));
      two = best(two, await providerCalls(plan(bonused)));
    }
    const ratio = two.p50 / none.p50;
    const ok = none.errors === 0 && two.errors === 0 && ratio <= RATIO_BUDGET;
    const f = (x: number) => x.toFixed(2);
    rows.push(
      `| ${dialect} | no open requirement (reference) | ${callers} | ${Math.round(none.perSecond)} | ${f(none.p50)} | ${f(none.p99)} | - | ${none.errors} | - |`,
      `| ${dialect} | two open requirements paying the stakes | ${callers} | ${Math.round(two.perSecond)} | ${f(two.p50)} | ${f(two.p99)} | ${RATIO_BUDGET}x | ${two.errors} | ${ok ? 'ok' : 'OVER BUDGET'}: p50 = ${ratio.toFixed(2)}x the reference |`,
    );
  }
  rows.push(...(await ledgerAuditRows(dialect, db)));
  await app.close();
  return rows;
}

const rows = await onEachDatabase('bonuses', run);

printBenchTable(
  `Bonuses benchmark, ${seconds} s per scenario, loopback (node ${process.version})`,
  ['database', 'scenario', 'callers', 'callbacks/s', 'p50 ms', 'p99 ms', 'budget', 'errors', 'verdict'],
  rows,
);
