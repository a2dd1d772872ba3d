import type { AppContext } from '../../context';
import { periodic } from '../../periodic';
import { accountBalance, userAccount, withMoneyTx } from '../ledger/service';
import { endWithLoss, releaseMet } from './play';
import * as repo from './repository';

/*
 * The bonuses module's background loop (decision 0052): requirements past their expiry end and lose what they
 * hold (`bonus:expire`), and requirements met by a pulled record (counted where the player's lock could not be
 * taken) are released. Each change is one money transaction that takes the player's main account first and
 * moves a requirement only out of `open` (a conditional update) under references unique in the ledger, so two
 * processes doing it at once move each requirement once: the loser finds it no longer open. No lease is needed
 * for correctness; the batch is small, so two processes at once cost a few wasted reads.
 */

const INTERVAL_MS = 30_000;
const BATCH = 200;

export interface BonusWorker {
  start(): void;
  stop(): Promise<void>;
  /** One turn: answers how many requirements it ended or released. */
  runOnce(): Promise<number>;
}

export function createBonusWorker(ctx: AppContext): BonusWorker {
  async function runOnce(): Promise<number> {
    let changed = 0;
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
    intervalMs: INTERVAL_MS,
    onError: (err) => ctx.log.error({ err }, 'bonus worker turn failed'),
    again: (changed) => changed >= BATCH,
  });
  return { start: loop.start, stop: loop.stop, runOnce };
}
