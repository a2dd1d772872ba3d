import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/envelope';
import { accountBalance, channelAccount } from '../ledger/service';
import type { BlockEffects } from '../protection/service';
import { pullNow } from './puller';
import * as repo from './repository';
import * as client from './transfer-client';
import * as trepo from './transfer-repository';
import { blockTransferOut, playerIdOf, resolvePending } from './transfers';

/*
 * A time-out or self-exclusion at the transfer providers (decision 0042). Beacon refuses launches and moves
 * in by itself, but a game page already open plays on the provider's wallet: so the block leaves a sweep per
 * provider the player ever moved money to, written in the block's transaction. A sweep tells the provider to
 * end the player's sessions (`end-sessions`), settles what is pending on the channel, pulls the records of
 * rounds placed before the block, and brings the channel's money back to the main balance. It runs at once
 * after the block, and the games worker runs what is left open (the provider down, an answer lost) until
 * the sessions are ended and the channel account is empty.
 */

/** Sweeps per worker turn, least recently tried first. */
const SWEEPS_PER_TURN = 50;

/** Rows being swept by this process: the block's own run and a worker turn never sweep one row at once. */
const sweeping = new Set<number>();

const isApiError = (err: unknown): boolean => err instanceof ApiError;

/** One sweep, as far as it can go now; true once done. */
async function sweep(ctx: AppContext, row: trepo.BlockSweepRow): Promise<boolean> {
  const provider = await repo.findProvider(ctx.db, row.provider_code);
  if (!provider?.channel_code) return false;
  const now = ctx.clock.now();
  const playerId = playerIdOf(row.user_id);
  await trepo.updateBlockSweep(ctx.db, row.id, { tried_at: now, attempted: true });
  let sessionsEnded = row.sessions_ended_at !== null;
  if (!sessionsEnded) {
    const ended = await client.endSessions(ctx, provider, playerId);
    if (ended.kind === 'answer') {
      sessionsEnded = true;
      await trepo.updateBlockSweep(ctx.db, row.id, { sessions_ended_at: ctx.clock.now() });
    }
  }
  // The channel's money as Beacon holds it: nothing pending on it, every round placed before the block in.
  try {
    await resolvePending(ctx, row.user_id, provider);
  } catch (err) {
    if (isApiError(err)) return false;
    throw err;
  }
  await pullNow(ctx, provider.code);
  const channel = channelAccount(row.user_id, provider.channel_code);
  const owed = await accountBalance(ctx.db, channel);
  if (owed > 0) {
    const held = await client.providerBalance(ctx, provider, playerId);
    const balance = held.kind === 'answer' ? held.body.balance : undefined;
    if (balance === undefined) return false;
    // Never more than the provider holds (its withdraw would be refused): a round it took after the block is
    // not Beacon's, and what it took stays owed on the channel until the provider voids that round.
    const amount = Math.min(owed, balance);
    if (amount < owed)
      ctx.log.warn(
        { provider: provider.code, userId: row.user_id, owed, held: balance },
        'block sweep: the provider holds less than the channel account; its late rounds are its own to void',
      );
    if (amount > 0) {
      try {
        await blockTransferOut(ctx, row.user_id, provider, amount);
      } catch (err) {
        if (isApiError(err)) return false;
        throw err;
      }
    }
  }
  const done = sessionsEnded && (await accountBalance(ctx.db, channel)) === 0;
  if (done) await trepo.updateBlockSweep(ctx.db, row.id, { done_at: ctx.clock.now() });
  return done;
}

async function sweepAll(ctx: AppContext, rows: trepo.BlockSweepRow[]): Promise<number> {
  let done = 0;
  for (const row of rows) {
    if (sweeping.has(row.id)) continue;
    sweeping.add(row.id);
    try {
      if (await sweep(ctx, row)) done++;
    } catch (err) {
      ctx.log.error({ err, sweep: row.id, provider: row.provider_code }, 'block sweep failed');
    } finally {
      sweeping.delete(row.id);
    }
  }
  return done;
}

/** The worker's turn: open sweeps, least recently tried first. Answers how many it finished. */
export async function runOpenSweeps(ctx: AppContext): Promise<number> {
  return sweepAll(ctx, await trepo.openBlockSweeps(ctx.db, { limit: SWEEPS_PER_TURN }));
}

/** What a block does in the games (the registry hands it to protection). */
export function blockEffects(ctx: AppContext): BlockEffects {
  return {
    async taken(trx: Db, userId: number, blockedFrom: number, now: number) {
      for (const code of await trepo.transferProvidersOfUser(trx, userId))
        await trepo.insertBlockSweep(trx, {
          user_id: userId,
          provider_code: code,
          blocked_from: blockedFrom,
          created_at: now,
        });
    },
    async settle(userId: number) {
      await sweepAll(ctx, await trepo.openBlockSweeps(ctx.db, { userId, limit: SWEEPS_PER_TURN }));
    },
  };
}
