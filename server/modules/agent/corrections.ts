import type { VoidRound } from '#contract/admin/agent';
import { toMoney } from '#contract/wallet';
import type { AppContext, CountedValidBet } from '../../context';
import type { Db } from '../../db/create-db';
import type { MoneyWork } from '../../http/idempotency';
import { recordAudit } from '../audit/service';
import { userSiteId } from '../auth/service';
import { roundDay, voidRound } from '../games/service';
import { assertCanAccess, type OperatorActing } from '../operators/service';
import * as repo from './settlement-repository';

/*
 * Corrections after settlement (decision 0017). An operator voids a settled round: games reverses its money
 * and takes its valid bet out of its day's sums, in this money transaction. If the round's day has begun
 * settling (its row exists), the change is recorded in agent_corrections too, and the day that claims it
 * books it as lines of the difference, negative, at the round's own day's chain and ratios; the day's own
 * settlement reads its sums with every such change added back, so each void counts exactly once: in the
 * day's lines if it came first, in a correction if not.
 *
 * A valid bet that lands on a day after that day began settling (a round closed late, a transfer provider's
 * record pulled late: decision 0040) is the same change the other way: recorded as a positive correction in
 * the transaction that counts it, so the day's own settlement leaves it out and the next day pays it.
 */

/**
 * Told by games of each valid bet it counts, in the round close's transaction: on a day whose settlement has
 * begun, the bet is recorded as a correction (booked once, by the next day to settle).
 */
export async function correctLateValidBet(trx: Db, bet: CountedValidBet): Promise<void> {
  if (bet.validBet === 0) return;
  // Shared, as a void's: the day's settlement either reads this bet with the day or finds its correction.
  await repo.lockDay(trx, bet.day, 'shared');
  if ((await repo.findDay(trx, bet.day)) === undefined) return;
  await repo.insertCorrection(trx, {
    roundId: bet.roundId,
    userId: bet.userId,
    channel: bet.channel,
    roundDay: bet.day,
    delta: bet.validBet,
    now: bet.now,
  });
}

/** `/admin/agent/rounds/void`: voids a round, exactly once (idempotentCall), with its correction. */
export const voidSettledRound = (
  ctx: AppContext,
  by: OperatorActing,
  roundId: number,
): MoneyWork<VoidRound> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    // The day's lock (shared) before anything: its settlement cannot begin between the check and the void.
    const day = await roundDay(ctx, trx, roundId);
    if (day) await repo.lockDay(trx, day, 'shared');
    const voided = await voidRound(ctx, trx, roundId, now);
    const siteId = await userSiteId(trx, voided.userId);
    // Checked after the void, in its transaction: refused, the void rolls back with it.
    assertCanAccess(by.operator, 'write', 'game', { siteId });
    const begun = (await repo.findDay(trx, voided.day)) !== undefined;
    const corrected = begun && voided.validBetDelta !== 0;
    if (corrected)
      await repo.insertCorrection(trx, {
        roundId: voided.roundId,
        userId: voided.userId,
        channel: voided.channel,
        roundDay: voided.day,
        delta: voided.validBetDelta,
        now,
      });
    await recordAudit(
      trx,
      by.actor,
      {
        siteId,
        action: 'game.round_void',
        resource: 'game',
        recordId: voided.roundId,
        after: { day: voided.day, validBetDelta: toMoney(voided.validBetDelta), corrected },
      },
      now,
    );
    return {
      roundId: voided.roundId,
      day: voided.day,
      validBetDelta: toMoney(voided.validBetDelta),
      corrected,
    };
  },
});
