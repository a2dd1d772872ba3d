import type { Page } from '#contract/paging';
import type { TxState } from '#contract/tx-states';
import {
  DEPOSIT_EXPIRY_MINUTES,
  type DepositOrder,
  type SandboxCallback,
  toMinor,
  toMoney,
} from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError, notFound } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import { offsetOf, pageOf } from '../../http/page';
import type { Authenticated } from '../auth/service';
import { userTimeZone } from '../auth/service';
import { checkDepositOptIn, depositCompleted } from '../bonuses/service';
import { ensureUserAccounts, systemAccount, userAccount, withMoneyTx } from '../ledger/service';
import { sendMessage } from '../messages/service';
import { assertDepositAllowed } from '../protection/service';
import { spinsOnRecharge } from '../spin/service';
import { addRecord, moveMoney, newOrderNo, setRecordState, syncLevel } from '../wallet/service';
import type { PaymentProvider } from './provider';
import * as repo from './repository';

export const EXPIRED_REASON = 'Payment not completed in time';
export const PAYMENT_FAILED_REASON = 'Payment failed';

export function toDepositOrder(row: repo.DepositRow, provider: PaymentProvider | null): DepositOrder {
  return {
    orderNo: row.order_no,
    amount: toMoney(row.amount),
    state: row.state as DepositOrder['state'],
    payUrl: row.state === 'Prepare' && provider ? provider.payUrl(row.order_no) : '',
    provider: row.provider,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    completedAt: row.completed_at,
    failReason: row.fail_reason,
  };
}

function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw codedError(503, 503, 'payments_unavailable');
  return provider;
}

/** How many of a user's deposits have completed (the bonuses module's deposit offers depend on the rank). */
export const completedDeposits = (db: Db, userId: number): Promise<number> =>
  repo.completedDeposits(db, userId);

/** A deposit order, exactly once (idempotentCall); 503 `payments_unavailable` without a provider. */
export function createDeposit(
  ctx: AppContext,
  provider: PaymentProvider | null,
  auth: Authenticated,
  amount: number,
  bonusOffer: { id: number; version: number } | null,
): MoneyWork<DepositOrder> {
  const p = requireProvider(provider);
  return {
    // The opt-in is checked when the order is made, so the player hears now if the offer does not apply.
    before: async () => {
      if (bonusOffer)
        await checkDepositOptIn(
          ctx.db,
          auth.user.id,
          bonusOffer,
          toMinor(amount),
          await repo.completedDeposits(ctx.db, auth.user.id),
          ctx.clock.now(),
        );
    },
    run: (trx) => insertDepositOrder(trx, ctx, p, auth.user.id, amount, bonusOffer),
  };
}

/** An order in Prepare with its record; no money moves until the provider says it was paid. */
async function insertDepositOrder(
  trx: Db,
  ctx: AppContext,
  provider: PaymentProvider,
  userId: number,
  amount: number,
  bonusOffer: { id: number; version: number } | null,
): Promise<DepositOrder> {
  const now = ctx.clock.now();
  const orderNo = newOrderNo('D', now);
  const minor = toMinor(amount);
  // Player protection (decision 0021): a time-out or self-exclusion, or the deposit limits, may refuse it.
  await assertDepositAllowed(trx, userId, minor, now);
  const recordId = await addRecord(trx, {
    user_id: userId,
    type: 'deposit',
    amount: minor,
    state: 'Prepare',
    order_no: orderNo,
    counterparty_uid: null,
    remark: null,
    created_at: now,
    updated_at: now,
  });
  const row = await repo.insertDeposit(trx, {
    order_no: orderNo,
    user_id: userId,
    amount: minor,
    state: 'Prepare',
    provider: provider.name,
    provider_ref: null,
    record_id: recordId,
    fail_reason: null,
    created_at: now,
    expires_at: now + DEPOSIT_EXPIRY_MINUTES * 60_000,
    completed_at: null,
    bonus_offer_id: bonusOffer?.id ?? null,
    bonus_offer_version: bonusOffer?.version ?? null,
  });
  return toDepositOrder(row, provider);
}

/** Prepare -> Fail for every unpaid order past its expiry. Runs on access (lists, details, callbacks). */
export async function sweepExpired(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const overdue = await repo.overdueDeposits(ctx.db, now, 200);
  let n = 0;
  for (const { order_no } of overdue) {
    await withMoneyTx(ctx.db, async (trx) => {
      const row = await repo.finishDeposit(trx, order_no, 'Fail', {
        fail_reason: EXPIRED_REASON,
        completed_at: now,
      });
      if (row) {
        await setRecordState(trx, row.record_id, 'Fail', now, EXPIRED_REASON);
        n++;
      }
    });
  }
  return n;
}

export async function listDeposits(
  ctx: AppContext,
  provider: PaymentProvider | null,
  auth: Authenticated,
  page: { number: number; size: number },
): Promise<Page<DepositOrder>> {
  await sweepExpired(ctx);
  const { rows, total } = await repo.listDeposits(ctx.db, auth.user.id, offsetOf(page), page.size);
  return pageOf(
    rows.map((r) => toDepositOrder(r, provider)),
    total,
    page.number,
    page.size,
  );
}

export async function depositDetail(
  ctx: AppContext,
  provider: PaymentProvider | null,
  auth: Authenticated,
  orderNo: string,
): Promise<DepositOrder> {
  await sweepExpired(ctx);
  const row = await repo.findDeposit(ctx.db, orderNo);
  if (!row || row.user_id !== auth.user.id) throw notFound('No such deposit');
  return toDepositOrder(row, provider);
}

/**
 * A provider callback. Signed: refused (and logged) otherwise. Exactly once: the order leaves Prepare
 * in the same transaction that credits the money, and only if it is still in Prepare, so a duplicate
 * or late callback answers the current state and moves nothing.
 */
export async function handleCallback(
  ctx: AppContext,
  provider: PaymentProvider,
  callback: SandboxCallback,
): Promise<{ orderNo: string; state: TxState }> {
  if (!provider.verify(callback)) {
    ctx.log.warn(
      { orderNo: callback.orderNo, providerRef: callback.providerRef },
      'payment callback: bad signature',
    );
    throw fieldError('sign', 'signature_invalid');
  }
  await sweepExpired(ctx);
  const order = await repo.findDeposit(ctx.db, callback.orderNo);
  if (!order) throw notFound('No such deposit');
  if (toMinor(callback.amount) !== order.amount) {
    ctx.log.warn({ orderNo: callback.orderNo }, 'payment callback: amount differs from the order');
    throw fieldError('amount', 'amount_invalid');
  }
  if (order.state !== 'Prepare') return { orderNo: order.order_no, state: order.state as TxState };
  await ensureUserAccounts(ctx.db, order.user_id, ctx.clock.now());
  return withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    const paid = callback.status === 'paid';
    const row = await repo.finishDeposit(trx, order.order_no, paid ? 'Success' : 'Fail', {
      provider_ref: callback.providerRef,
      fail_reason: paid ? null : PAYMENT_FAILED_REASON,
      completed_at: now,
    });
    if (!row) {
      const current = await repo.findDeposit(trx, order.order_no);
      return { orderNo: order.order_no, state: (current?.state ?? order.state) as TxState };
    }
    if (paid) {
      const userId = row.user_id;
      await moveMoney(trx, {
        type: 'deposit',
        userId,
        ref: row.order_no,
        from: systemAccount('deposits'),
        to: userAccount(userId, 'main'),
        minor: row.amount,
        now,
      });
      await syncLevel(trx, userId, now);
      // The bonus it opted in to, and the site's deposit turnover, after the money is withdrawable (decision 0052).
      await depositCompleted(trx, ctx, {
        userId,
        orderNo: row.order_no,
        amount: row.amount,
        nth: await repo.completedDeposits(trx, userId),
        optIn:
          row.bonus_offer_id !== null && row.bonus_offer_version !== null
            ? { id: row.bonus_offer_id, version: row.bonus_offer_version }
            : null,
        now,
      });
      // Any completed recharge opens (or extends) the spin wheel's days, with the credit or not at all.
      await spinsOnRecharge(trx, {
        userId,
        minor: row.amount,
        now,
        timeZone: await userTimeZone(ctx, userId, trx),
      });
      // In the crediting transaction, keyed by the order: a duplicate callback never reaches here, and a
      // failed credit leaves no message.
      await sendMessage(trx, {
        userId,
        kind: 'deposit_completed',
        params: { amount: toMoney(row.amount), orderNo: row.order_no },
        dedupeKey: `deposit:${row.order_no}`,
        now,
      });
    }
    await setRecordState(
      trx,
      row.record_id,
      paid ? 'Success' : 'Fail',
      now,
      paid ? null : PAYMENT_FAILED_REASON,
    );
    return { orderNo: row.order_no, state: row.state as TxState };
  });
}

/** For the pay page: the order as the provider sees it. */
export async function findForPayPage(ctx: AppContext, orderNo: string): Promise<repo.DepositRow | undefined> {
  await sweepExpired(ctx);
  return repo.findDeposit(ctx.db, orderNo);
}
