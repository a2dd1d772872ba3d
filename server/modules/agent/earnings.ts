import type { EarningsWithdrawRequest } from '#contract/agent';
import { toMinor, toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import { conflict, fieldError } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import {
  accountBalance,
  earningsAccount,
  ensureEarningsAccounts,
  ensureUserAccounts,
  post,
  userAccount,
} from '../ledger/service';

/*
 * Moving earnings to the main balance (decision 0017): commission (at least AGENT_WITHDRAW_MIN at once) or
 * rake back (any amount) leaves the user's earnings account for their main account, from where it is
 * withdrawn through the reviewed flow like any money. Earnings accounts are held by the platform in the
 * user's name (user_id null), so the ledger does not floor-check them: the balance is checked here, under
 * the account's lock. A negative commission balance (a correction took back more than was left) blocks the
 * move until later commission pays it down.
 */

export interface EarningsMoved {
  balance: number;
  canWithdrawCoin: number;
}

/** `/agent/withdraw`, exactly once (idempotentCall). */
export const withdrawEarnings = (
  ctx: AppContext,
  userId: number,
  req: Required<EarningsWithdrawRequest>,
): MoneyWork<EarningsMoved> => ({
  before: async () => {
    const now = ctx.clock.now();
    await ensureUserAccounts(ctx.db, userId, now);
    await ensureEarningsAccounts(ctx.db, userId, now);
  },
  run: async (trx) => {
    const minor = toMinor(req.amount);
    const minimum = ctx.config.agent.withdrawMin;
    if (req.from === 'commission' && minor < minimum)
      throw fieldError('amount', 'withdraw_below_min', `The least commission to move is ${toMoney(minimum)}`);
    const from = earningsAccount(userId, req.from);
    const balance = await accountBalance(trx, from, { lock: true });
    if (balance < 0) throw conflict('earnings_negative');
    if (balance < minor) throw fieldError('amount', 'insufficient_funds');
    await post(trx, {
      type: req.from === 'commission' ? 'agent_commission_out' : 'agent_rakeback_out',
      userId,
      ref: null,
      legs: [
        { account: from, amount: -minor },
        { account: userAccount(userId, 'main'), amount: minor },
      ],
      now: ctx.clock.now(),
    });
    return {
      balance: toMoney(balance - minor),
      canWithdrawCoin: toMoney(await accountBalance(trx, userAccount(userId, 'main'))),
    };
  },
});
