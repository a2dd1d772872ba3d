// Aggregators' wires benchmark (issue 34, decision 0054): a seamless round (a signed bet, then a signed win
// closing it) over Hub88's wire, every body RSA-SHA256 signed and checked, and over Evolution's One Wallet
// (debit and credit, the authToken checked), beside the same round over Beacon's own wire (HMAC-SHA256) in the
// same run, through the real server over loopback, with the provider's calls made
// from a process of its own, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL.
// Budget: each aggregator's p50 at most 1.5x Beacon's own, at 1 and 10 callers. The wires alternate, three turns each, and
// each keeps its best, so the shared host's noise falls on both alike. `npx tsx tests/perf/aggregators.ts`;
// figures go to docs/perf.md.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrate';
import { addKey } from '../../server/modules/games/provider-keys';
import { insertSession, upsertGame } from '../../server/modules/games/repository';
import { seedDemo } from '../../server/seed/demo';
import { ensureAggregatorRow } from '../../server/seed/demo-aggregator';
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
const RATIO_BUDGET = 1.5;
const CALLERS = [1, 10];
const PLAYERS = 10;
const TURNS = 3;
const HUB88 = { code: 'bench-hub88', secret: '' };
const EVOLUTION = { code: 'bench-evolution', secret: '' };

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * An aggregator's provider with the bench game under its code, its verify key, and `PLAYERS` funded players
 * each with the session a launch opens for a wire without authenticate (openLaunchedSession), as it writes them.
 */
async function installAggregator(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: Db,
  base: string,
  gameId: number,
  spec: {
    code: string;
    wire: 'hub88' | 'evolution';
    settings: object;
    verify: { value: string; secret: boolean };
  },
  uidBase: number,
  now: number,
): Promise<BenchPlayer[]> {
  await ensureAggregatorRow(
    app.ctx,
    { code: spec.code, name: `Bench ${spec.wire}`, wire: spec.wire, settings: spec.settings },
    now,
  );
  await upsertGame(db, {
    provider_code: spec.code,
    code: GAME,
    name: `Bench reels (${spec.wire})`,
    search_name: `bench reels (${spec.wire})`,
    channel_code: 'slots',
    category: 'reels',
    rtp_bp: 9600,
    min_bet: 100,
    max_bet: 100_000,
    sort_order: 1,
    enabled: 1,
    created_at: now,
  });
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('provider_code', '=', spec.code)
    .executeTakeFirstOrThrow();
  await addKey(app.ctx, db, {
    providerCode: spec.code,
    purpose: 'verify',
    ...spec.verify,
    validFrom: now - 60_000,
    now,
  });
  const players: BenchPlayer[] = [];
  for (const p of await benchPlayers(db, base, gameId, { count: PLAYERS, uidBase, fund: 100_000_000 })) {
    const token = randomBytes(24).toString('base64url');
    await insertSession(db, {
      user_id: p.id,
      provider_code: spec.code,
      game_id: Number(game.id),
      launch_hash: sha256(`spent:${token}`),
      launch_expires_at: now,
      session_hash: sha256(token),
      expires_at: now + 3_600_000,
      created_at: now,
    });
    players.push({ id: p.id, playerId: `beacon-${p.id}`, sessionToken: token });
  }
  return players;
}

async function run(dialect: Dialect, db: Db): Promise<string[]> {
  await migrateToLatest(db);
  await seedDemo(db, Date.now());
  const config = benchConfig({ VALIDATE_ANSWERS: 'false', GAMES_WORKER: 'false' });
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const now = Date.now();
  const gameId = await installBenchGame(db, now);

  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const authToken = randomBytes(32).toString('base64url');
  const beacon = await benchPlayers(db, base, gameId, {
    count: PLAYERS,
    uidBase: 33_000_000,
    fund: 100_000_000,
  });
  // Hub88's public key checks its calls; Evolution's authToken is sealed, as the console stores it.
  const hub88 = await installAggregator(
    app,
    db,
    base,
    gameId,
    {
      code: HUB88.code,
      wire: 'hub88',
      settings: { operatorId: 1 },
      verify: { value: keys.publicKey, secret: false },
    },
    34_000_000,
    now,
  );
  const evolution = await installAggregator(
    app,
    db,
    base,
    gameId,
    {
      code: EVOLUTION.code,
      wire: 'evolution',
      settings: { casinoKey: 'bench' },
      verify: { value: authToken, secret: true },
    },
    35_000_000,
    now,
  );

  type Wire = 'beacon' | 'hub88' | 'evolution';
  const rows: string[] = [];
  for (const callers of CALLERS) {
    const plan = (players: BenchPlayer[], wire: Wire) => ({
      base,
      provider: wire === 'beacon' ? PROVIDER : wire === 'hub88' ? HUB88 : EVOLUTION,
      game: GAME,
      players: players.map(({ playerId, sessionToken }) => ({ playerId, sessionToken })),
      callers,
      seconds,
      // Every wire's rounds signed before the clock starts (seamless-caller.ts): enough for the run's pace.
      presign: Math.ceil(seconds * (callers === 1 ? 400 : 800)),
      ...(wire === 'hub88' ? { hub88: { privateKey: keys.privateKey } } : {}),
      ...(wire === 'evolution' ? { evolution: { authToken } } : {}),
    });
    const best = (a: Figures, b: Figures): Figures => (a.p50 <= b.p50 ? a : b);
    let own = await providerCalls(plan(beacon, 'beacon'));
    let hub = await providerCalls(plan(hub88, 'hub88'));
    let evo = await providerCalls(plan(evolution, 'evolution'));
    for (let i = 1; i < TURNS; i++) {
      own = best(own, await providerCalls(plan(beacon, 'beacon')));
      hub = best(hub, await providerCalls(plan(hub88, 'hub88')));
      evo = best(evo, await providerCalls(plan(evolution, 'evolution')));
    }
    const f = (x: number) => x.toFixed(2);
    const row = (name: string, figures: Figures) => {
      const ratio = figures.p50 / own.p50;
      const ok = own.errors === 0 && figures.errors === 0 && ratio <= RATIO_BUDGET;
      return `| ${dialect} | ${name} | ${callers} | ${Math.round(figures.perSecond)} | ${f(figures.p50)} | ${f(figures.p99)} | ${RATIO_BUDGET}x | ${figures.errors} | ${ok ? 'ok' : 'OVER BUDGET'}: p50 = ${ratio.toFixed(2)}x the reference |`;
    };
    rows.push(
      `| ${dialect} | Beacon's own wire, HMAC-SHA256 (reference) | ${callers} | ${Math.round(own.perSecond)} | ${f(own.p50)} | ${f(own.p99)} | - | ${own.errors} | - |`,
      row("Hub88's wire, RSA-SHA256 checked", hub),
      row("Evolution's One Wallet, authToken checked", evo),
    );
  }
  rows.push(...(await ledgerAuditRows(dialect, db)));
  await app.close();
  return rows;
}

const rows = await onEachDatabase('aggregators', run);

printBenchTable(
  `Aggregators' wires benchmark, ${seconds} s per scenario, loopback (node ${process.version})`,
  ['database', 'scenario', 'callers', 'callbacks/s', 'p50 ms', 'p99 ms', 'budget', 'errors', 'verdict'],
  rows,
);
