// What the seamless benchmarks share (tests/perf/games.ts, tests/perf/bonuses.ts): the bench provider and its
// game, players with an authenticated game session, and the provider's calls made from a process of its own.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Db } from '../../server/db/create-db';
import { insertUser } from '../../server/modules/auth/repository';
import { newUserDefaults } from '../../server/modules/auth/service';
import { insertSession, upsertGame, upsertProvider } from '../../server/modules/games/repository';
import {
  ensureUserAccounts,
  post,
  systemAccount,
  userAccount,
  withMoneyTx,
} from '../../server/modules/ledger/service';
import { seamlessCall } from '../server/games/fixtures';
import type { CallerPlan, CallerResult } from './seamless-caller';

export const PROVIDER = { code: 'bench', secret: 'bench-provider-secret-0123456789' };
export const GAME = 'bench-reels';

export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

export const summary = (latencies: number[], calls: number, errors: number, seconds: number): Figures => {
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
export async function providerCalls(plan: CallerPlan): Promise<Figures> {
  const caller = fileURLToPath(new URL('./seamless-caller.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', caller, JSON.stringify(plan)],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout) as CallerResult;
  if (result.firstError)
    console.error(`seamless caller: ${result.errors} errors, first: ${result.firstError}`);
  return summary(result.latencies, result.callbacks, result.errors, plan.seconds);
}

/** The bench provider (seamless) and its one slots game; answers the game's id. */
export async function installBenchGame(db: Db, now: number): Promise<number> {
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
  return Number(game.id);
}

export interface BenchPlayer {
  id: number;
  playerId: string;
  sessionToken: string;
}

/**
 * `count` players (uids from `uidBase`), each given `fund` minor units of withdrawable money (0: none) and then
 * `prepare` (a bonus, say), with an authenticated session of the bench game at `base`.
 */
export async function benchPlayers(
  db: Db,
  base: string,
  gameId: number,
  opts: { count: number; uidBase: number; fund: number; prepare?: (userId: number) => Promise<void> },
): Promise<BenchPlayer[]> {
  const now = Date.now();
  const players: BenchPlayer[] = [];
  for (let i = 0; i < opts.count; i++) {
    const uid = opts.uidBase + i;
    const phone = `9${String(uid).slice(-9)}`;
    const row = await insertUser(db, {
      ...newUserDefaults(),
      uid,
      area_code: '63',
      phone,
      username: `63+${phone}`,
      password_hash: 'unused',
      invite_code: `B${uid}`,
      invited_by: null,
      created_at: now,
      updated_at: now,
    });
    const id = Number(row.id);
    await ensureUserAccounts(db, id, now);
    if (opts.fund > 0)
      await withMoneyTx(db, (trx) =>
        post(trx, {
          type: 'deposit',
          userId: id,
          ref: null,
          legs: [
            { account: systemAccount('deposits'), amount: -opts.fund },
            { account: userAccount(id, 'main'), amount: opts.fund },
          ],
          now,
        }),
      );
    await opts.prepare?.(id);
    const token = randomBytes(24).toString('base64url');
    await insertSession(db, {
      user_id: id,
      provider_code: PROVIDER.code,
      game_id: gameId,
      launch_hash: createHash('sha256').update(token).digest('hex'),
      launch_expires_at: now + 600_000,
      session_hash: null,
      expires_at: null,
      created_at: now,
    });
    const answer = (await seamlessCall({ url: base }, PROVIDER, 'authenticate', { token })).body;
    if (answer.status !== 'OK') throw new Error(`authenticate: ${answer.status}`);
    players.push({ id, playerId: String(id), sessionToken: answer.sessionToken ?? '' });
  }
  return players;
}
