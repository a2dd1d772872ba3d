import { businessDay } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { countValidBet } from '../bonuses/service';
import * as repo from './repository';
import type { RoundStatus } from './tables';

/*
 * A round's valid bet is what rake back, commissions and level progress count (issue 13):
 * min(|win - bet|, bet) for a settled round, so hedged or break-even play counts for little, and 0 for
 * a void or cancelled one. Valid bets are added up per user, business day and channel when a round
 * settles, in the same transaction, ready for the agent programme, which is told of each one there too
 * (ctx.validBetCounted: a round may close after its day was settled).
 */

export const validBetOf = (bet: number, win: number, status: RoundStatus): number =>
  status === 'settled' ? Math.min(Math.abs(win - bet), bet) : 0;

/**
 * Closes a round with its final totals: settled (counted), or cancelled / void (counted 0). Inside the
 * money transaction that moved its last money, so the daily sums never miss or double a round.
 */
export async function closeRound(
  ctx: AppContext,
  trx: Db,
  round: { id: number; user_id: number; channel_code: string; placed_at: number },
  totals: { bet: number; win: number },
  status: Exclude<RoundStatus, 'pending'>,
  now: number,
  timeZone: string,
  /**
   * The caller holds the player's main account lock (a seamless call): a bonus requirement the round meets is
   * released here. Without it (a pulled record, whose transaction holds other players' locks) the bonuses
   * worker releases it.
   */
  { playerLocked = false }: { playerLocked?: boolean } = {},
): Promise<number> {
  const validBet = validBetOf(totals.bet, totals.win, status);
  await repo.updateRound(trx, round.id, {
    bet: totals.bet,
    win: totals.win,
    valid_bet: validBet,
    status,
    settled_at: now,
  });
  if (status !== 'settled') return validBet;
  // The day the round was played, so a round settled after midnight counts where it was bet.
  const day = businessDay(round.placed_at, timeZone);
  await repo.addDailyValid(trx, {
    user_id: round.user_id,
    day,
    channel_code: round.channel_code,
    rounds: 1,
    bet: totals.bet,
    win: totals.win,
    valid_bet: validBet,
  });
  if (validBet !== 0)
    await countValidBet(
      trx,
      {
        roundId: round.id,
        userId: round.user_id,
        channel: round.channel_code,
        validBet,
        placedAt: round.placed_at,
        now,
      },
      { release: playerLocked },
    );
  if (validBet !== 0)
    await ctx.validBetCounted(trx, {
      roundId: round.id,
      userId: round.user_id,
      channel: round.channel_code,
      day,
      validBet,
      now,
    });
  return validBet;
}
