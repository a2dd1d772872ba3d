import { businessDay, type Day } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError, conflict, fieldError } from '../../http/envelope';
import { userTimeZone } from '../auth/service';
import { requirementsMovedBy, sweepEnded, takeBackTurnover } from '../bonuses/service';
import { accountBalance, reverse, userAccount } from '../ledger/service';
import * as repo from './repository';

/*
 * The games module's public face for other modules (the agent programme voids settled rounds through it).
 */

/**
 * The business day a round was played on (where its valid bet counts: its player's site's day), if the round
 * exists; read through `db`.
 */
export async function roundDay(ctx: AppContext, db: Db, roundId: number): Promise<Day | undefined> {
  const round = await repo.findRoundById(db, roundId);
  return round && businessDay(round.placed_at, await userTimeZone(ctx, round.user_id, db));
}

export interface VoidedRound {
  roundId: number;
  userId: number;
  channel: string;
  /** The business day the round was played on (where its valid bet counted). */
  day: Day;
  /** What the round's day lost of its valid bets (0 or negative). */
  validBetDelta: number;
  /** The reversals posted, newest posting first. */
  reversals: number[];
}

/**
 * Voids a settled round of a seamless provider, inside the caller's money transaction: each of its postings
 * still standing (bets not rolled back, wins) is reversed, newest first (a win is taken back before its stake
 * is returned); the round becomes `void` with a valid bet of 0, and its day's valid bet sums lose what it
 * counted there. Refused: an unknown round (`round_not_found`), one already void (`state_changed`), one not
 * settled (`round_not_settled`), a transfer provider's (`round_not_voidable`: its wallet is the provider's,
 * which voids its own rounds), and one whose player no longer has what it paid (`round_funds_spent`).
 */
export async function voidRound(
  ctx: AppContext,
  trx: Db,
  roundId: number,
  now: number,
): Promise<VoidedRound> {
  await repo.lockRound(trx, roundId);
  const round = await repo.findRoundById(trx, roundId);
  if (!round) throw fieldError('roundId', 'round_not_found');
  if (round.status === 'void') throw conflict('state_changed');
  if (round.status !== 'settled') throw fieldError('roundId', 'round_not_settled');
  const provider = await repo.findProvider(trx, round.provider_code);
  if (provider?.protocol !== 'seamless') throw fieldError('roundId', 'round_not_voidable');
  // The player's main account first, as every seamless call takes it: the reversals below lock the channel and
  // the house before it (account order), which with a bet holding main and waiting for the channel deadlocked.
  await accountBalance(trx, userAccount(round.user_id, 'main'), { lock: true });

  const standing = (await repo.callsOfRound(trx, round.id))
    .filter((c) => (c.action === 'bet' || c.action === 'win') && c.state === 'applied')
    .filter((c) => c.ledger_transaction_id !== null)
    .reverse();
  const reversals: number[] = [];
  const paidBy = await requirementsMovedBy(
    trx,
    standing.map((c) => c.ledger_transaction_id as number),
  );
  for (const call of standing) {
    try {
      const reversed = await reverse(trx, call.ledger_transaction_id as number, {
        type: 'game_void',
        ref: `round:${round.id}`,
        now,
      });
      reversals.push(reversed.transactionId);
    } catch (err) {
      if (err instanceof ApiError && err.data?.issues?.[0]?.code === 'insufficient_funds')
        throw conflict('round_funds_spent');
      throw err;
    }
  }

  // Bonus money returned to requirements that ended meanwhile is swept as a rollback's is; what the round
  // counted toward requirements is taken back (decision 0052).
  if (paidBy.length > 0 && reversals.length > 0)
    await sweepEnded(trx, round.user_id, paidBy, reversals[reversals.length - 1] as number, now);
  await takeBackTurnover(trx, round.id, now);
  await repo.updateRound(trx, round.id, { valid_bet: 0, status: 'void' });
  const day = businessDay(round.placed_at, await userTimeZone(ctx, round.user_id, trx));
  // The day's sums as if the round had never counted (a settled round added itself to them once).
  await repo.addDailyValid(trx, {
    user_id: round.user_id,
    day,
    channel_code: round.channel_code,
    rounds: -1,
    bet: -round.bet,
    win: -round.win,
    valid_bet: -round.valid_bet,
  });
  return {
    roundId: round.id,
    userId: round.user_id,
    channel: round.channel_code,
    day,
    validBetDelta: -round.valid_bet,
    reversals,
  };
}

/**
 * Whether any player of the site has a counted round: its business days have begun to count, so its time
 * zone must not move them (decision 0033). From the site's users, each probing its own rows by the key.
 */
export async function siteHasPlayed(db: Db, siteId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.site_id', '=', siteId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('game_daily_valid as g').select('g.user_id').whereRef('g.user_id', '=', 'u.id'),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
