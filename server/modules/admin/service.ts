import type { Page } from '../../../src/contract/paging';
import { type AdminWithdrawal, type TxState, toMoney } from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { fieldError } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import type { Authenticated } from '../auth/service';
import { systemAccount, userAccount } from '../ledger/service';
import { sendMessage } from '../messages/service';
import {
  moveMoney,
  moveWithdrawal,
  setRecordState,
  toAdminWithdrawal,
  type WithdrawalRow,
  withdrawalsForReview,
} from '../wallet/service';

export const list = (
  ctx: AppContext,
  state: TxState | undefined,
  page: { number: number; size: number },
): Promise<Page<AdminWithdrawal>> => withdrawalsForReview(ctx.db, state, page);

/** A withdrawal's held funds leave the user's locked account: paid out, or back to withdrawable. */
function releaseHeld(trx: Db, row: WithdrawalRow, outcome: 'Success' | 'Fail', now: number) {
  const userId = Number(row.user_id);
  const paidOut = outcome === 'Success';
  return moveMoney(trx, {
    type: paidOut ? 'withdraw_post' : 'withdraw_return',
    userId,
    ref: row.order_no,
    from: userAccount(userId, 'locked'),
    to: paidOut ? systemAccount('withdrawals') : userAccount(userId, 'main'),
    minor: Number(row.amount),
    now,
  });
}

/** Held funds go back to withdrawable: reject, or a payout that failed. */
async function returnFunds(trx: Db, row: WithdrawalRow, now: number, reason: string) {
  await releaseHeld(trx, row, 'Fail', now);
  await setRecordState(trx, Number(row.record_id), 'Fail', now, reason);
  await tellOutcome(trx, row, now, reason);
}

/** The user's message of a withdrawal's end; a withdrawal ends once, so its order number is the key. */
const tellOutcome = (trx: Db, row: WithdrawalRow, now: number, reason: string | null) =>
  sendMessage(trx, {
    userId: Number(row.user_id),
    kind: reason === null ? 'withdrawal_settled' : 'withdrawal_rejected',
    params: {
      amount: toMoney(Number(row.amount)),
      orderNo: row.order_no,
      ...(reason === null ? {} : { reason }),
    },
    dedupeKey: `withdrawal:${row.order_no}`,
    now,
  });

/** One step forward that moves no money: the withdrawal and its record take the next state. */
const advance =
  (from: TxState, to: 'WaitExec' | 'Exec', stamp: 'approved_at' | 'executed_at') =>
  (ctx: AppContext, operator: Authenticated, id: number): MoneyWork<AdminWithdrawal> => ({
    run: async (trx) => {
      const now = ctx.clock.now();
      const row = await moveWithdrawal(trx, id, from, to, {
        [stamp]: now,
        operator_id: operator.user.id,
        updated_at: now,
      });
      await setRecordState(trx, Number(row.record_id), to, now);
      return toAdminWithdrawal(trx, row);
    },
  });

/** WaitReview -> WaitExec. */
export const approve = advance('WaitReview', 'WaitExec', 'approved_at');

/** WaitExec -> Exec: the payout is sent. */
export const execute = advance('WaitExec', 'Exec', 'executed_at');

/** WaitReview -> Fail, the held funds back to withdrawable. */
export const reject = (
  ctx: AppContext,
  operator: Authenticated,
  id: number,
  reason: string,
): MoneyWork<AdminWithdrawal> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    const row = await moveWithdrawal(trx, id, 'WaitReview', 'Fail', {
      reason,
      finished_at: now,
      operator_id: operator.user.id,
      updated_at: now,
    });
    await returnFunds(trx, row, now, reason);
    return toAdminWithdrawal(trx, row);
  },
});

/** Exec -> Success (held funds leave to the withdrawals account) or Fail (they go back, with a reason). */
export const settle = (
  ctx: AppContext,
  operator: Authenticated,
  req: { id: number; outcome: 'Success' | 'Fail'; reason?: string | undefined },
): MoneyWork<AdminWithdrawal> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    const { outcome, reason } = req;
    if (outcome === 'Fail' && !reason) throw fieldError('reason', 'required');
    const row = await moveWithdrawal(trx, req.id, 'Exec', outcome, {
      reason: outcome === 'Fail' ? (reason ?? null) : null,
      finished_at: now,
      operator_id: operator.user.id,
      updated_at: now,
    });
    if (outcome === 'Success') {
      await releaseHeld(trx, row, 'Success', now);
      await setRecordState(trx, Number(row.record_id), 'Success', now);
      await tellOutcome(trx, row, now, null);
    } else {
      await returnFunds(trx, row, now, reason ?? '');
    }
    return toAdminWithdrawal(trx, row);
  },
});
