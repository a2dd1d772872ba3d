import { hash } from '@node-rs/argon2';
import type { Db } from '../db/create-db';
import {
  channelAccount,
  ensureUserAccounts,
  post,
  systemAccount,
  userAccount,
  withMoneyTx,
} from '../modules/ledger/service';
import { insertDeposit } from '../modules/payments/repository';
import { insertMethod, insertRecord, insertSafe, insertWithdrawal } from '../modules/wallet/repository';
import { methodLabel, newOrderNo, syncLevel } from '../modules/wallet/service';

/** The safe password of every demo account. */
export const DEMO_SAFE_PASSWORD = '246810';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Player, agent, senior agent (uids of DEMO_ACCOUNTS); the operator has no money. */
const PLAYER_UID = 10000001;
const AGENT_UID = 10000002;
const SENIOR_UID = 10000003;

/**
 * Demo balances, every one through the ledger so the books balance: paid deposits, a bonus, money in
 * game channels, a safe, transfers both ways, withdrawals in several states, and a bank card and an
 * e-wallet for the player. Runs once: does nothing when the ledger already has transactions.
 */
export async function seedWallet(db: Db, now: number): Promise<{ transactions: number }> {
  const any = await db.selectFrom('ledger_transactions').select('id').limit(1).executeTakeFirst();
  if (any) return { transactions: 0 };
  const users = await db
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('uid', 'in', [PLAYER_UID, AGENT_UID, SENIOR_UID])
    .execute();
  const idOf = (uid: number) => users.find((u) => u.uid === uid)?.id;
  const player = idOf(PLAYER_UID);
  const agent = idOf(AGENT_UID);
  const senior = idOf(SENIOR_UID);
  if (player === undefined || agent === undefined || senior === undefined) return { transactions: 0 };

  let transactions = 0;
  const safeHash = await hash(DEMO_SAFE_PASSWORD);
  for (const id of [player, agent, senior]) {
    await ensureUserAccounts(db, id, now);
    await insertSafe(db, id, safeHash, now);
  }

  const record = (
    trx: Db,
    userId: number,
    type: string,
    amount: number,
    at: number,
    extra: { state?: string; orderNo?: string; counterparty?: number; remark?: string } = {},
  ) =>
    insertRecord(trx, {
      user_id: userId,
      type,
      amount,
      state: extra.state ?? 'Success',
      order_no: extra.orderNo ?? null,
      counterparty_uid: extra.counterparty ?? null,
      remark: extra.remark ?? null,
      created_at: at,
      updated_at: at,
    });

  const paidDeposit = (userId: number, amount: number, at: number) =>
    withMoneyTx(db, async (trx) => {
      const orderNo = newOrderNo('D', at);
      const recordId = await record(trx, userId, 'deposit', amount, at, { orderNo });
      await insertDeposit(trx, {
        order_no: orderNo,
        user_id: userId,
        amount,
        state: 'Success',
        provider: 'sandbox',
        provider_ref: `SBX${orderNo}`,
        record_id: recordId,
        fail_reason: null,
        created_at: at,
        expires_at: at + 30 * 60_000,
        completed_at: at + 60_000,
      });
      await post(trx, {
        type: 'deposit',
        userId,
        ref: orderNo,
        legs: [
          { account: systemAccount('deposits'), amount: -amount },
          { account: userAccount(userId, 'main'), amount },
        ],
        now: at,
      });
      transactions++;
    });

  const simple = (
    userId: number,
    type: string,
    recordType: string,
    legs: { account: string; amount: number }[],
    recordAmount: number,
    at: number,
    extra: { counterparty?: number; remark?: string } = {},
  ) =>
    withMoneyTx(db, async (trx) => {
      await post(trx, { type, userId, ref: null, legs, now: at });
      await record(trx, userId, recordType, recordAmount, at, extra);
      transactions++;
    });
  /** `amount` moved from one account to another in one posting, recorded as `recordAmount` for the user. */
  const between = (
    userId: number,
    type: string,
    recordType: string,
    from: string,
    to: string,
    amount: number,
    recordAmount: number,
    at: number,
    extra: { remark?: string } = {},
  ) =>
    simple(
      userId,
      type,
      recordType,
      [
        { account: from, amount: -amount },
        { account: to, amount },
      ],
      recordAmount,
      at,
      extra,
    );

  const start = now - 6 * DAY;
  // Deposits.
  await paidDeposit(player, 2_500_00, start);
  await paidDeposit(player, 750_50, start + DAY);
  await paidDeposit(agent, 5_000_00, start + 2 * HOUR);
  await paidDeposit(senior, 12_000_00, start + 3 * HOUR);
  for (const id of [player, agent, senior]) await syncLevel(db, id, now);
  // A deposit left unpaid (it expired).
  await withMoneyTx(db, async (trx) => {
    const at = start + 2 * DAY;
    const orderNo = newOrderNo('D', at);
    const recordId = await record(trx, player, 'deposit', 300_00, at, {
      orderNo,
      state: 'Fail',
      remark: 'Payment not completed in time',
    });
    await insertDeposit(trx, {
      order_no: orderNo,
      user_id: player,
      amount: 300_00,
      state: 'Fail',
      provider: 'sandbox',
      provider_ref: null,
      record_id: recordId,
      fail_reason: 'Payment not completed in time',
      created_at: at,
      expires_at: at + 30 * 60_000,
      completed_at: at + 30 * 60_000,
    });
  });

  // A welcome bonus: locked, not withdrawable.
  for (const id of [player, agent, senior]) {
    await between(
      id,
      'bonus',
      'bonus',
      systemAccount('bonuses'),
      userAccount(id, 'locked'),
      50_00,
      50_00,
      start + 3 * HOUR,
      {
        remark: 'Welcome bonus',
      },
    );
  }

  // Money in game channels (codes and names of game_channels); the record's remark is the name.
  const toChannel = (userId: number, channel: string, name: string, amount: number, at: number) =>
    between(
      userId,
      'game',
      'game',
      userAccount(userId, 'main'),
      channelAccount(userId, channel),
      amount,
      -amount,
      at,
      {
        remark: name,
      },
    );
  await toChannel(player, 'slots', 'Slots', 200_00, start + 3 * DAY);
  // Not into Live Casino: it is the demo transfer provider's wallet, which starts empty (issue 13).
  await toChannel(senior, 'sports', 'Sports', 1_000_00, start + 3 * DAY);

  // The safe.
  const main = userAccount(player, 'main');
  const safe = userAccount(player, 'safe');
  await between(player, 'safe_in', 'safeIn', main, safe, 500_00, -500_00, start + 4 * DAY);
  await between(player, 'safe_out', 'safeOut', safe, main, 100_00, 100_00, start + 4 * DAY + HOUR);

  // Transfers both ways (both sides see them).
  const transferAt = async (
    from: number,
    fromUid: number,
    to: number,
    toUid: number,
    amount: number,
    at: number,
  ) =>
    withMoneyTx(db, async (trx) => {
      await post(trx, {
        type: 'transfer',
        userId: from,
        ref: `uid:${toUid}`,
        legs: [
          { account: userAccount(from, 'main'), amount: -amount },
          { account: userAccount(to, 'main'), amount },
        ],
        now: at,
      });
      await record(trx, from, 'transferOut', -amount, at, { counterparty: toUid });
      await record(trx, to, 'transferIn', amount, at, { counterparty: fromUid });
      transactions++;
    });
  await transferAt(player, PLAYER_UID, agent, AGENT_UID, 150_00, start + 5 * DAY);
  await transferAt(senior, SENIOR_UID, player, PLAYER_UID, 400_00, start + 5 * DAY + HOUR);

  // The player's withdrawal methods and withdrawals: one paid out, one waiting for review. The player
  // is Philippine (+63), so the account is at a Philippine bank (banks.ts: BDO, 12 digits, no IFSC).
  const card = await insertMethod(db, {
    user_id: player,
    kind: 'bank',
    holder_name: 'Juan Dela Cruz',
    bank: 'BDO',
    card_number: '001234567890',
    ifsc: null,
    phone: '9171234567',
    wallet_type: null,
    account: null,
    created_at: start,
    updated_at: start,
    deleted_at: null,
  });
  await insertMethod(db, {
    user_id: player,
    kind: 'ewallet',
    holder_name: 'Juan Dela Cruz',
    bank: null,
    card_number: null,
    ifsc: null,
    phone: null,
    wallet_type: 'GCash',
    account: '09171234567',
    created_at: start,
    updated_at: start,
    deleted_at: null,
  });
  const label = methodLabel(card);
  const withdrawal = async (amount: number, at: number, done: boolean) =>
    withMoneyTx(db, async (trx) => {
      const orderNo = newOrderNo('W', at);
      // The withdrawal's amount from one account to the next: held from main, then paid out.
      const move = (type: string, from: string, to: string, now: number) =>
        post(trx, {
          type,
          userId: player,
          ref: orderNo,
          legs: [
            { account: from, amount: -amount },
            { account: to, amount },
          ],
          now,
        });
      await move('withdraw_hold', userAccount(player, 'main'), userAccount(player, 'locked'), at);
      if (done)
        await move(
          'withdraw_post',
          userAccount(player, 'locked'),
          systemAccount('withdrawals'),
          at + 2 * HOUR,
        );
      const state = done ? 'Success' : 'WaitReview';
      const recordId = await record(trx, player, 'withdraw', -amount, at, { orderNo, state, remark: label });
      await insertWithdrawal(trx, {
        order_no: orderNo,
        user_id: player,
        amount,
        method_id: card.id,
        method_kind: 'bank',
        method_label: label,
        state,
        reason: null,
        record_id: recordId,
        operator_id: null,
        created_at: at,
        approved_at: done ? at + HOUR : null,
        executed_at: done ? at + HOUR + 60_000 : null,
        finished_at: done ? at + 2 * HOUR : null,
        updated_at: done ? at + 2 * HOUR : at,
      });
      transactions += done ? 2 : 1;
    });
  await withdrawal(600_00, start + 5 * DAY + 2 * HOUR, true);
  await withdrawal(250_00, now - HOUR, false);
  return { transactions };
}
