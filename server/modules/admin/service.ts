import type { AdminWithdrawal } from '#contract/admin/withdrawals';
import type { MoneyListSort } from '#contract/console-states';
import type { Page } from '#contract/paging';
import type { TxState } from '#contract/tx-states';
import { toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError, notFound } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import type { OperatorAuth } from '../../http/serve';
import { type AuditActor, recordAudit } from '../audit/service';
import { accountBalance, systemAccount, userAccount } from '../ledger/service';
import { sendMessage } from '../messages/service';
import {
  assertCanAccess,
  type CommandHandler,
  type PendingProposal,
  pendingProposals,
  propose,
  visibleSites,
} from '../operators/service';
import { fourEyesThresholds } from '../site/service';
import {
  findWithdrawalForReview,
  moveMoney,
  moveWithdrawal,
  setRecordState,
  toAdminWithdrawal,
  type WithdrawalRow,
  withdrawalsForReview,
} from '../wallet/service';

/** A site's four-eyes threshold where a user has no site (minor units; migration 0019's default). */
const DEFAULT_REVIEW_THRESHOLD = 500_000;

const approvalTarget = (id: number) => `withdrawal:${id}`;

const secondApprovalOf = (proposal: PendingProposal | undefined): AdminWithdrawal['secondApproval'] =>
  proposal
    ? { commandId: proposal.commandId, approvedBy: proposal.maker, approvedAt: proposal.proposedAt }
    : null;

/** The queue, each withdrawal with the first approval that waits for a second operator, if any. */
export async function list(
  ctx: AppContext,
  op: OperatorAuth,
  filter: { state: TxState | undefined; sort: MoneyListSort },
  page: { number: number; size: number },
): Promise<Page<AdminWithdrawal>> {
  const found = await withdrawalsForReview(
    ctx.db,
    filter,
    page,
    visibleSites(op.operator, 'read', 'withdrawal'),
  );
  const waiting = await pendingProposals(
    ctx.db,
    'withdrawal_approve',
    found.content.filter((w) => w.state === 'WaitReview').map((w) => approvalTarget(w.id)),
  );
  return {
    ...found,
    content: found.content.map((w) => ({
      ...w,
      secondApproval: secondApprovalOf(waiting.get(approvalTarget(w.id))),
    })),
  };
}

/** The withdrawal, if the operator may write it (its user's site): else 404, or 403 `permission_denied`. */
async function reviewable(trx: Db, op: OperatorAuth, id: number) {
  const found = await findWithdrawalForReview(trx, id);
  if (!found) throw notFound('No such withdrawal');
  assertCanAccess(op.operator, 'write', 'withdrawal', found);
  return found;
}

/** One audit row of a withdrawal's step, in the step's transaction. */
const audit = (
  trx: Db,
  actor: AuditActor,
  siteId: number | null,
  action: string,
  row: WithdrawalRow,
  from: TxState,
  now: number,
) =>
  recordAudit(
    trx,
    actor,
    {
      siteId,
      action: `withdrawal.${action}`,
      resource: 'withdrawal',
      recordId: row.id,
      before: { state: from },
      after: { state: row.state, reason: row.reason ?? null },
    },
    now,
  );

/** A withdrawal's held funds leave the user's locked account: paid out, or back to withdrawable. */
function releaseHeld(trx: Db, row: WithdrawalRow, outcome: 'Success' | 'Fail', now: number) {
  const userId = row.user_id;
  const paidOut = outcome === 'Success';
  return moveMoney(trx, {
    type: paidOut ? 'withdraw_post' : 'withdraw_return',
    userId,
    ref: row.order_no,
    from: userAccount(userId, 'locked'),
    to: paidOut ? systemAccount('withdrawals') : userAccount(userId, 'main'),
    minor: row.amount,
    now,
  });
}

/** Held funds go back to withdrawable: reject, or a payout that failed. */
async function returnFunds(trx: Db, row: WithdrawalRow, now: number, reason: string) {
  await releaseHeld(trx, row, 'Fail', now);
  await setRecordState(trx, row.record_id, 'Fail', now, reason);
  await tellOutcome(trx, row, now, reason);
}

/** The user's message of a withdrawal's end; a withdrawal ends once, so its order number is the key. */
const tellOutcome = (trx: Db, row: WithdrawalRow, now: number, reason: string | null) =>
  sendMessage(trx, {
    userId: row.user_id,
    kind: reason === null ? 'withdrawal_settled' : 'withdrawal_rejected',
    params: {
      amount: toMoney(row.amount),
      orderNo: row.order_no,
      ...(reason === null ? {} : { reason }),
    },
    dedupeKey: `withdrawal:${row.order_no}`,
    now,
  });

/** WaitReview -> WaitExec, once the held funds are checked to be there still. */
async function approveNow(trx: Db, actor: AuditActor, siteId: number | null, id: number, now: number) {
  const row = await moveWithdrawal(trx, id, 'WaitReview', 'WaitExec', {
    approved_at: now,
    operator_id: actor.userId,
    updated_at: now,
  });
  const held = await accountBalance(trx, userAccount(row.user_id, 'locked'), { lock: true });
  if (held < row.amount) throw codedError(409, 409, 'funds_not_held');
  await setRecordState(trx, row.record_id, 'WaitExec', now);
  await audit(trx, actor, siteId, 'approve', row, 'WaitReview', now);
  return row;
}

/**
 * WaitReview -> WaitExec. Above the site's threshold the approval becomes a four-eyes command (decision
 * 0024) and the withdrawal waits in review until a second operator approves it.
 */
export const approve = (ctx: AppContext, op: OperatorAuth, id: number): MoneyWork<AdminWithdrawal> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    const { row, siteId } = await reviewable(trx, op, id);
    const site = await fourEyesThresholds(trx, siteId);
    const threshold = site?.review_threshold ?? DEFAULT_REVIEW_THRESHOLD;
    if (row.amount > threshold && row.state === 'WaitReview') {
      await propose(
        trx,
        op.actor,
        {
          kind: 'withdrawal_approve',
          resource: 'withdrawal',
          siteId,
          target: approvalTarget(id),
          payload: { id, orderNo: row.order_no, amount: toMoney(row.amount) },
        },
        now,
      );
      // The first proposal stands (asking again proposes nothing new): answer with it, whoever asked.
      const waiting = await pendingProposals(trx, 'withdrawal_approve', [approvalTarget(id)]);
      return {
        ...(await toAdminWithdrawal(trx, row)),
        secondApproval: secondApprovalOf(waiting.get(approvalTarget(id))),
      };
    }
    return toAdminWithdrawal(trx, await approveNow(trx, op.actor, siteId, id, now));
  },
});

/** A second operator's approval of a withdrawal above the threshold (registry.ts hands it to operators). */
export const withdrawalApproval: CommandHandler = {
  resource: 'withdrawal',
  execute: async (trx, payload, checker, now) => {
    const id = Number(payload.id);
    const found = await findWithdrawalForReview(trx, id);
    const row = await approveNow(trx, checker.actor, found?.siteId ?? null, id, now);
    return { state: row.state };
  },
};

/** WaitExec -> Exec: the payout is sent. */
export const execute = (ctx: AppContext, op: OperatorAuth, id: number): MoneyWork<AdminWithdrawal> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    const { siteId } = await reviewable(trx, op, id);
    const row = await moveWithdrawal(trx, id, 'WaitExec', 'Exec', {
      executed_at: now,
      operator_id: op.user.id,
      updated_at: now,
    });
    await setRecordState(trx, row.record_id, 'Exec', now);
    await audit(trx, op.actor, siteId, 'execute', row, 'WaitExec', now);
    return toAdminWithdrawal(trx, row);
  },
});

/** WaitReview -> Fail, the held funds back to withdrawable. */
export const reject = (
  ctx: AppContext,
  op: OperatorAuth,
  id: number,
  reason: string,
): MoneyWork<AdminWithdrawal> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    const { siteId } = await reviewable(trx, op, id);
    const row = await moveWithdrawal(trx, id, 'WaitReview', 'Fail', {
      reason,
      finished_at: now,
      operator_id: op.user.id,
      updated_at: now,
    });
    await returnFunds(trx, row, now, reason);
    await audit(trx, op.actor, siteId, 'reject', row, 'WaitReview', now);
    return toAdminWithdrawal(trx, row);
  },
});

/** Exec -> Success (held funds leave to the withdrawals account) or Fail (they go back, with a reason). */
export const settle = (
  ctx: AppContext,
  op: OperatorAuth,
  req: { id: number; outcome: 'Success' | 'Fail'; reason?: string | undefined },
): MoneyWork<AdminWithdrawal> => ({
  run: async (trx) => {
    const now = ctx.clock.now();
    const { outcome, reason } = req;
    if (outcome === 'Fail' && !reason) throw fieldError('reason', 'required');
    const { siteId } = await reviewable(trx, op, req.id);
    const row = await moveWithdrawal(trx, req.id, 'Exec', outcome, {
      reason: outcome === 'Fail' ? (reason ?? null) : null,
      finished_at: now,
      operator_id: op.user.id,
      updated_at: now,
    });
    await audit(trx, op.actor, siteId, 'settle', row, 'Exec', now);
    if (outcome === 'Success') {
      await releaseHeld(trx, row, 'Success', now);
      await setRecordState(trx, row.record_id, 'Success', now);
      await tellOutcome(trx, row, now, null);
    } else {
      await returnFunds(trx, row, now, reason ?? '');
    }
    return toAdminWithdrawal(trx, row);
  },
});
