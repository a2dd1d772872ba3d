import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ProviderRecord } from '#contract/game-provider';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { accountStanding, userTimeZone } from '../auth/service';
import {
  channelAccount,
  ensureUserAccounts,
  findByExternalRef,
  post,
  systemAccountPart,
  withMoneyTx,
} from '../ledger/service';
import { blockPeriod } from '../protection/service';
import * as repo from './repository';
import { closeRound } from './rounds';
import * as client from './transfer-client';
import * as trepo from './transfer-repository';

/*
 * The record puller (docs/games-protocol.md, "Records"): a transfer provider settles rounds in its own
 * wallet, and Beacon pulls them with a cursor to post each one to the ledger (the channel account wins
 * or loses what the player won or lost; the house, sys:games, the other side) and to the betting record.
 *
 * Of several server processes only one pulls a provider at a time: it holds a lease in game_pull_state.
 * Each page is one money transaction that first moves the stored cursor from where this worker read it,
 * under its lease; if the lease ran out and another worker moved on, the page rolls back whole. Each
 * record is also posted under its own external reference, so even a page pulled twice moves money once.
 */

export const PAGE_SIZE = 200;
/** Pages per turn, so one busy provider cannot hold a worker (and its lease) for ever. */
const MAX_PAGES = 25;
/** transferOut waits this long for another process's pull to finish before going on without one. */
const PULL_WAIT_MS = 3000;

export const providerSource = (providerCode: string): string => `provider:${providerCode}`;

/** A record's external reference; a long record id is hashed to fit the ledger's column. */
export function recordRef(recordId: string): string {
  const ref = `record:${recordId}`;
  return ref.length <= 128 ? ref : `record#${createHash('sha256').update(recordId).digest('hex')}`;
}

/** The lease outlives a page: one provider call at most, plus its transaction. */
const leaseMsOf = (ctx: AppContext): number => Math.max(30_000, ctx.config.games.providerTimeoutMs * 3);

const workerIds = new WeakMap<AppContext, string>();
/** This process's (this app's) name in game_pull_state.lease_owner. */
export function workerIdOf(ctx: AppContext): string {
  let id = workerIds.get(ctx);
  if (!id) {
    id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    workerIds.set(ctx, id);
  }
  return id;
}

const playerUserId = (playerId: string): number | null =>
  /^[1-9]\d{0,14}$/.test(playerId) ? Number(playerId) : null;

/** The users of a page that exist, their ledger accounts opened. */
async function knownPlayers(ctx: AppContext, records: ProviderRecord[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const playerId of new Set(records.map((r) => r.playerId))) {
    const userId = playerUserId(playerId);
    if (userId !== null && (await accountStanding(ctx.db, userId))) {
      await ensureUserAccounts(ctx.db, userId, ctx.clock.now());
      known.add(playerId);
    }
  }
  return known;
}

const moved = (r: ProviderRecord): number => (r.status === 'settled' ? r.win - r.bet : 0);

type BlockPeriods = Map<number, { from: number; until: number } | null>;

/**
 * Whether the round was placed during its player's time-out or self-exclusion (decision 0042): the provider
 * was told to end the player's sessions, so the round is its own to void. It is kept aside, not posted.
 */
async function refusedForBlock(
  trx: Db,
  ctx: AppContext,
  provider: repo.ProviderRow,
  record: ProviderRecord,
  periods: BlockPeriods,
): Promise<boolean> {
  const userId = Number(record.playerId);
  if (!periods.has(userId)) periods.set(userId, await blockPeriod(trx, userId));
  const period = periods.get(userId);
  if (!period || record.placedAt < period.from || record.placedAt >= period.until) return false;
  await trepo.insertRefusedRecord(trx, {
    provider_code: provider.code,
    record_id: record.recordId,
    user_id: userId,
    round_ref: record.roundId,
    game_code: record.gameCode,
    bet: record.bet,
    win: record.win,
    status: record.status,
    placed_at: record.placedAt,
    settled_at: record.settledAt,
    reason: 'placed_during_block',
    refused_at: ctx.clock.now(),
  });
  ctx.log.error(
    { provider: provider.code, recordId: record.recordId, userId, placedAt: record.placedAt },
    'pulled record of a round placed during a block: refused, the provider is to void it',
  );
  return true;
}

async function postRecord(
  trx: Db,
  ctx: AppContext,
  provider: repo.ProviderRow,
  record: ProviderRecord,
  periods: BlockPeriods,
): Promise<void> {
  const external = { source: providerSource(provider.code), ref: recordRef(record.recordId) };
  if ((await findByExternalRef(trx, external)) !== undefined) return;
  if (await refusedForBlock(trx, ctx, provider, record, periods)) return;
  const userId = Number(record.playerId);
  const channel = provider.channel_code as string;
  const amount = moved(record);
  await post(trx, {
    type: 'game_record',
    userId,
    ref: record.roundId,
    legs: [
      { account: channelAccount(userId, channel), amount },
      { account: systemAccountPart('games', userId), amount: -amount },
    ],
    now: ctx.clock.now(),
    external,
  });
  const game = await repo.findGameByCode(trx, provider.code, record.gameCode);
  const known = await repo.findRound(trx, provider.code, record.roundId);
  if (!game || known) {
    // The money is the provider's fact and is posted; the betting record needs a configured game and one
    // record per round.
    ctx.log.warn(
      {
        provider: provider.code,
        recordId: record.recordId,
        gameCode: record.gameCode,
        duplicateRound: !!known,
      },
      'pulled record posted without a betting-record round',
    );
    return;
  }
  const roundId = await repo.openRound(trx, {
    provider_code: provider.code,
    round_ref: record.roundId,
    user_id: userId,
    game_id: game.id,
    channel_code: game.channel_code,
    status: 'pending',
    placed_at: record.placedAt,
  });
  if (roundId === undefined)
    throw new Error(`games: round ${record.roundId} appeared under the puller's lease`);
  await closeRound(
    ctx,
    trx,
    { id: roundId, user_id: userId, channel_code: game.channel_code, placed_at: record.placedAt },
    { bet: record.bet, win: record.win },
    record.status,
    record.settledAt,
    await userTimeZone(ctx, userId, trx),
  );
}

class LeaseLost extends Error {}

export interface PullResult {
  /** False when another worker holds the provider's lease: nothing was asked. */
  taken: boolean;
  /** Records read (a replayed one counts, but moves nothing). */
  records: number;
}

async function pullPages(ctx: AppContext, provider: repo.ProviderRow, workerId: string): Promise<PullResult> {
  const code = provider.code;
  const leaseMs = leaseMsOf(ctx);
  await trepo.ensurePullState(ctx.db, code);
  if (!(await trepo.takeLease(ctx.db, code, workerId, ctx.clock.now(), ctx.clock.now() + leaseMs)))
    return { taken: false, records: 0 };
  let total = 0;
  try {
    let cursor = await trepo.pullCursor(ctx.db, code);
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.records(ctx, provider, { cursor, limit: PAGE_SIZE });
      if (answer.kind !== 'answer') {
        if (answer.kind === 'refused')
          ctx.log.warn({ provider: code, status: answer.status }, 'transfer provider refused a records pull');
        break;
      }
      const { records, nextCursor } = answer.body;
      if (records.length === 0 && nextCursor === cursor) break;
      const known = await knownPlayers(ctx, records);
      for (const r of records)
        if (!known.has(r.playerId))
          ctx.log.error(
            { provider: code, recordId: r.recordId },
            'pulled record of an unknown player: skipped',
          );
      // Wins first: a page the channel account covers as a whole never trips its no-overdraft check midway.
      const postable = records.filter((r) => known.has(r.playerId)).sort((a, b) => moved(b) - moved(a));
      const from = cursor;
      await withMoneyTx(ctx.db, async (trx) => {
        const now = ctx.clock.now();
        if (
          !(await trepo.advanceCursor(trx, code, workerId, {
            from,
            to: nextCursor,
            now,
            until: now + leaseMs,
          }))
        )
          throw new LeaseLost();
        // Read in the page's transaction: a block taken meanwhile is seen by every record after it.
        const periods: BlockPeriods = new Map();
        for (const record of postable) await postRecord(trx, ctx, provider, record, periods);
      });
      total += records.length;
      cursor = nextCursor;
      if (records.length < PAGE_SIZE) break;
    }
  } catch (err) {
    if (!(err instanceof LeaseLost)) throw err;
    ctx.log.warn({ provider: code, workerId }, 'record pull lease lost: page left to its new holder');
  } finally {
    await trepo.releaseLease(ctx.db, code, workerId);
  }
  return { taken: true, records: total };
}

/** One pull at a time per worker and provider, so a worker never races itself under its own lease. */
const turns = new Map<string, Promise<unknown>>();

/**
 * Pulls a transfer provider's new records (enabled or not), pages until caught up (at most MAX_PAGES), if
 * no other worker holds its lease; `taken: false` otherwise.
 */
export function pullOnce(ctx: AppContext, providerCode: string, workerId: string): Promise<PullResult> {
  const key = `${workerId}\n${providerCode}`;
  const turn = (turns.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const provider = await repo.findProvider(ctx.db, providerCode);
      // A disabled provider is pulled too: its records are rounds played with money already in its wallet
      // (players at its tables may still be finishing them), which the channel account must follow.
      if (provider?.protocol !== 'transfer' || !provider.channel_code) return { taken: false, records: 0 };
      return pullPages(ctx, provider, workerId);
    });
  turns.set(key, turn);
  const forget = () => {
    if (turns.get(key) === turn) turns.delete(key);
  };
  turn.then(forget, forget);
  return turn;
}

/**
 * Pulls now, before a transfer out, so the channel account includes what the player won. If another
 * process holds the lease, waits for it a little (its pull is as good as ours), then goes on.
 */
export async function pullNow(ctx: AppContext, providerCode: string): Promise<void> {
  const deadline = Date.now() + PULL_WAIT_MS;
  for (;;) {
    try {
      if ((await pullOnce(ctx, providerCode, workerIdOf(ctx))).taken) return;
    } catch (err) {
      ctx.log.error({ err, provider: providerCode }, 'record pull failed');
      return;
    }
    if (Date.now() >= deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
