import { Status } from '../../../src/contract/envelope';
import type { AdminWithdrawal, TxState } from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError, codedError, fieldError, notFound } from '../../http/envelope';
import type { Authenticated } from '../auth/service';
import { post, systemAccount, userAccount } from '../ledger/service';
import * as walletRepo from '../wallet/repository';
import { pageOf, toWithdrawal } from '../wallet/service';

/** Operators are a permission on the account (DESIGN.md section 4), not a job value. */
export function assertOperator(auth: Authenticated): void {
  if (auth.user.is_operator !== 1)
    throw new ApiError(403, 403, 'Only operators can do this', { code: 'operator_only' });
}

async function toAdmin(db: Db, row: walletRepo.WithdrawalRow): Promise<AdminWithdrawal> {
  const user = await walletRepo.findUserBasics(db, Number(row.user_id));
  return { ...toWithdrawal(row), userUid: Number(user?.uid ?? 0), username: user?.username ?? '' };
}

export async function list(ctx: AppContext, state: TxState | undefined, number: number, size: number) {
  const { rows, total } = await walletRepo.listWithdrawals(ctx.db, { state }, number * size, size);
  const content: AdminWithdrawal[] = [];
  for (const row of rows) content.push(await toAdmin(ctx.db, row));
  return pageOf(content, total, number, size);
}

const stateChanged = () => codedError(409, Status.conflict, 'state_changed');

/** Moves the withdrawal from `from` to `to`, or 404 / 409 (someone else moved it first). */
async function transition(
  trx: Db,
  id: number,
  from: TxState,
  to: TxState,
  values: Parameters<typeof walletRepo.transitionWithdrawal>[4],
): Promise<walletRepo.WithdrawalRow> {
  const row = await walletRepo.transitionWithdrawal(trx, id, from, to, values);
  if (row) return row;
  if (!(await walletRepo.findWithdrawal(trx, id))) throw notFound('No such withdrawal');
  throw stateChanged();
}

/** Held funds go back to withdrawable: reject, or a payout that failed. */
async function returnFunds(trx: Db, row: walletRepo.WithdrawalRow, now: number, reason: string) {
  const userId = Number(row.user_id);
  await post(trx, {
    type: 'withdraw_return',
    userId,
    ref: row.order_no,
    legs: [
      { account: userAccount(userId, 'locked'), amount: -Number(row.amount) },
      { account: userAccount(userId, 'main'), amount: Number(row.amount) },
    ],
    now,
  });
  await walletRepo.setRecordState(trx, Number(row.record_id), 'Fail', now, reason);
}

export async function approve(trx: Db, ctx: AppContext, operatorId: number, id: number) {
  const now = ctx.clock.now();
  const row = await transition(trx, id, 'WaitReview', 'WaitExec', {
    approved_at: now,
    operator_id: operatorId,
    updated_at: now,
  });
  await walletRepo.setRecordState(trx, Number(row.record_id), 'WaitExec', now);
  return toAdmin(trx, row);
}

export async function reject(trx: Db, ctx: AppContext, operatorId: number, id: number, reason: string) {
  const now = ctx.clock.now();
  const row = await transition(trx, id, 'WaitReview', 'Fail', {
    reason,
    finished_at: now,
    operator_id: operatorId,
    updated_at: now,
  });
  await returnFunds(trx, row, now, reason);
  return toAdmin(trx, row);
}

export async function execute(trx: Db, ctx: AppContext, operatorId: number, id: number) {
  const now = ctx.clock.now();
  const row = await transition(trx, id, 'WaitExec', 'Exec', {
    executed_at: now,
    operator_id: operatorId,
    updated_at: now,
  });
  await walletRepo.setRecordState(trx, Number(row.record_id), 'Exec', now);
  return toAdmin(trx, row);
}

/** Exec -> Success (held funds leave to the withdrawals account) or Fail (they go back, with a reason). */
export async function settle(
  trx: Db,
  ctx: AppContext,
  operatorId: number,
  id: number,
  outcome: 'Success' | 'Fail',
  reason: string | undefined,
) {
  const now = ctx.clock.now();
  if (outcome === 'Fail' && !reason) throw fieldError('reason', 'required');
  const row = await transition(trx, id, 'Exec', outcome, {
    reason: outcome === 'Fail' ? (reason ?? null) : null,
    finished_at: now,
    operator_id: operatorId,
    updated_at: now,
  });
  if (outcome === 'Success') {
    const userId = Number(row.user_id);
    await post(trx, {
      type: 'withdraw_post',
      userId,
      ref: row.order_no,
      legs: [
        { account: userAccount(userId, 'locked'), amount: -Number(row.amount) },
        { account: systemAccount('withdrawals'), amount: Number(row.amount) },
      ],
      now,
    });
    await walletRepo.setRecordState(trx, Number(row.record_id), 'Success', now);
  } else {
    await returnFunds(trx, row, now, reason ?? '');
  }
  return toAdmin(trx, row);
}
