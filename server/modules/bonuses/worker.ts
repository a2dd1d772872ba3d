import type { AppContext } from '../../context';
import { periodic } from '../../periodic';
import { accountBalance, userAccount, withMoneyTx } from '../ledger/service';
import { payCashback } from './cashback';
import { endWithLoss, releaseMet } from './play';
import * as repo from './repository';
import { type BenefitAmounts, payVipBenefits } from './vip-benefits';

/*
 * The bonuses module's background loop (decisions 0052, 0053): it pays the VIP monthly and birthday bonuses
 * due (vip-benefits.ts) and the weekly cashback of the weeks ended (cashback.ts), ends requirements past their
 * expiry with what they hold lost (`bonus:expire`), and releases requirements met by a pulled record (counted
 * where the player's lock could not be taken). Each change is one money transaction that takes the player's
 * main account first and moves a requirement only out of `open` (a conditional update), under references
 * unique in the ledger, or is a claim unique per (offer, player, period): two processes doing it at once move
 * each once, the loser finding it done. No lease is needed for correctness; the batch is small, so two
 * processes at once cost a few wasted reads.
 */

const BATCH = 200;

export interface BonusWorker {
  start(): void;
  stop(): Promise<void>;
  /** One turn: answers how many requirements it ended or released. */
  runOnce(): Promise<number>;
}

/** No VIP benefits (tests of expiry and release alone). */
const NO_BENEFITS: BenefitAmounts = async () => new Map();

export function createBonusWorker(ctx: AppContext, vipBenefits: BenefitAmounts = NO_BENEFITS): BonusWorker {
  async function runOnce(): Promise<number> {
    let changed = (await payVipBenefits(ctx, vipBenefits)) + (await payCashback(ctx));
    const now = ctx.clock.now();
    for (const due of await repo.dueExpiries(ctx.db, now, BATCH)) {
      const removed = await withMoneyTx(ctx.db, async (trx) => {
        await accountBalance(trx, userAccount(due.user_id, 'main'), { lock: true });
        return endWithLoss(trx, due.user_id, due.id, 'expire', now);
      });
      if (removed !== undefined) changed++;
    }
    for (const met of await repo.metUnreleased(ctx.db, BATCH)) {
      const released = await withMoneyTx(ctx.db, async (trx) => {
        await accountBalance(trx, userAccount(met.user_id, 'main'), { lock: true });
        return releaseMet(trx, met.user_id, met.id, ctx.clock.now());
      });
      if (released) changed++;
    }
    return changed;
  }
  const loop = periodic(runOnce, {
    intervalMs: ctx.config.bonuses.intervalMs,
    onError: (err) => ctx.log.error({ err }, 'bonus worker turn failed'),
    again: (changed) => changed >= BATCH,
  });
  return { start: loop.start, stop: loop.stop, runOnce };
}
