import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Status } from '../../../src/contract/envelope';
import type { UserInfo } from '../../../src/contract/user';
import {
  ARRIVAL_ESTIMATE,
  type LevelData,
  MAX_WITHDRAW_METHODS,
  type RecordsRequest,
  SAFE_LOCK_MINUTES,
  SAFE_MAX_TRIES,
  type SafeInfo,
  type SafeMoveResult,
  type SecondaryInfo,
  type TransferRequest,
  type TransferResult,
  type TxState,
  toMinor,
  toMoney,
  type WalletRecord,
  type Withdrawal,
  type WithdrawCreateRequest,
  type WithdrawMethod,
  type WithdrawMethodSaveRequest,
} from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError, codedError, fieldError, notFound } from '../../http/envelope';
import type { Authenticated } from '../auth/service';
import { toUserInfo } from '../auth/service';
import { balancesOf, ensureUserAccounts, post, userAccount } from '../ledger/service';
import * as repo from './repository';

const MINUTE = 60_000;

// ---- site limits

export interface SiteLimits {
  minWithdraw: number;
  maxWithdraw: number;
  minTransfer: number;
}

/** Used when no site is configured: the demo site's values. */
export const DEFAULT_LIMITS: SiteLimits = { minWithdraw: 100_00, maxWithdraw: 50_000_00, minTransfer: 10_00 };

/** The limits of the site the request came through (by host name), else the first site's. */
export async function siteLimits(db: Db, hostname: string): Promise<SiteLimits> {
  const rows = await repo.siteLimitsRows(db);
  const host = hostname.replace(/:\d+$/, '').toLowerCase();
  const row = rows.find((r) => r.domain.toLowerCase() === host) ?? rows[0];
  if (!row) return DEFAULT_LIMITS;
  return {
    minWithdraw: Number(row.min_withdraw),
    maxWithdraw: Number(row.max_withdraw),
    minTransfer: Number(row.min_transfer),
  };
}

/** Random, unguessable, sortable enough to read: a prefix, the time in base 36, 8 hex characters. */
export const newOrderNo = (prefix: string, now: number): string =>
  `${prefix}${now.toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

// ---- account views

export const userInfo = (auth: Authenticated): UserInfo => toUserInfo(auth.user);

export async function secondaryInfo(ctx: AppContext, auth: Authenticated): Promise<SecondaryInfo> {
  await ensureUserAccounts(ctx.db, auth.user.id, ctx.clock.now());
  const b = await balancesOf(ctx.db, auth.user.id);
  const inGame = b.channels.reduce((s, c) => s + c.balance, 0);
  return {
    totalCoin: toMoney(b.main + b.locked),
    canWithdrawCoin: toMoney(b.main),
    lockedCoin: toMoney(b.locked),
    inGameCoin: toMoney(inGame),
    safeCoin: toMoney(b.safe),
    phone: auth.user.phone,
    channelData: b.channels.map((c) => ({ name: c.name, balance: toMoney(c.balance) })),
  };
}

/** VIP levels by accumulated successful deposits (decimal units). Pictures are served from public/. */
export const LEVELS = [0, 100, 500, 2_000, 5_000, 20_000, 50_000, 200_000, 500_000, 1_000_000].map(
  (needSteam, level) => ({
    level,
    needSteam,
    headerPicture: `/img/vip/header-${level}.png`,
    vipPicture: `/img/vip/vip-${level}.png`,
  }),
);

export function levelFor(historySteam: number): { level: number; progress: number } {
  let level = 0;
  for (const m of LEVELS) if (historySteam >= m.needSteam) level = m.level;
  const next = LEVELS[level + 1];
  const progress = next ? Math.min(100, Math.floor((historySteam / next.needSteam) * 10_000) / 100) : 100;
  return { level, progress };
}

/** Keeps users.level (answered by user info and token login) in step with the deposits. */
export async function syncLevel(db: Db, userId: number, now: number): Promise<void> {
  const { level } = levelFor(toMoney(await repo.sumSuccessfulDeposits(db, userId)));
  await repo.raiseUserLevel(db, userId, level, now);
}

export async function levelData(ctx: AppContext, auth: Authenticated): Promise<LevelData> {
  const historySteam = toMoney(await repo.sumSuccessfulDeposits(ctx.db, auth.user.id));
  const { level, progress } = levelFor(historySteam);
  return { vipState: { level, historySteam }, meta: LEVELS, progress };
}

// ---- records

export function toRecord(row: repo.RecordRow): WalletRecord {
  return {
    id: row.id,
    type: row.type as WalletRecord['type'],
    amount: toMoney(Number(row.amount)),
    state: row.state as TxState,
    orderNo: row.order_no,
    counterpartyUid: row.counterparty_uid === null ? null : Number(row.counterparty_uid),
    remark: row.remark,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export const pageOf = <T>(content: T[], total: number, number: number, size: number) => ({
  content,
  totalPages: Math.ceil(total / size),
  number,
  totalElements: total,
});

export async function records(
  ctx: AppContext,
  auth: Authenticated,
  req: RecordsRequest & { number: number; size: number },
) {
  const { rows, total } = await repo.listRecords(
    ctx.db,
    { userId: auth.user.id, type: req.type, from: req.from, to: req.to },
    req.number * req.size,
    req.size,
  );
  return pageOf(rows.map(toRecord), total, req.number, req.size);
}

// ---- withdrawal methods

const last4 = (v: string | null): string => `****${(v ?? '').slice(-4)}`;

export function toMethod(row: repo.MethodRow): WithdrawMethod {
  if (row.kind === 'bank') {
    return {
      id: row.id,
      kind: 'bank',
      holderName: row.holder_name,
      bank: row.bank ?? '',
      cardNumberMasked: last4(row.card_number),
      ifsc: row.ifsc ?? '',
      phone: row.phone ?? '',
      createdAt: Number(row.created_at),
    };
  }
  return {
    id: row.id,
    kind: 'ewallet',
    walletType: row.wallet_type ?? '',
    accountMasked: last4(row.account),
    holderName: row.holder_name,
    createdAt: Number(row.created_at),
  };
}

export const methodLabel = (row: repo.MethodRow): string =>
  row.kind === 'bank' ? `${row.bank} ${last4(row.card_number)}` : `${row.wallet_type} ${last4(row.account)}`;

export async function listMethods(ctx: AppContext, auth: Authenticated): Promise<WithdrawMethod[]> {
  return (await repo.listMethods(ctx.db, auth.user.id)).map(toMethod);
}

type SaveInput = Exclude<WithdrawMethodSaveRequest, never> & { id?: number | undefined };

export async function saveMethod(
  ctx: AppContext,
  auth: Authenticated,
  req: SaveInput,
): Promise<WithdrawMethod> {
  const now = ctx.clock.now();
  const values =
    req.kind === 'bank'
      ? {
          kind: 'bank',
          holder_name: req.holderName,
          bank: req.bank,
          card_number: req.cardNumber,
          ifsc: req.ifsc,
          phone: req.phone,
          wallet_type: null,
          account: null,
        }
      : {
          kind: 'ewallet',
          holder_name: req.holderName,
          bank: null,
          card_number: null,
          ifsc: null,
          phone: null,
          wallet_type: req.walletType,
          account: req.account,
        };
  if (req.id !== undefined) {
    const row = await repo.updateMethod(ctx.db, auth.user.id, req.id, { ...values, updated_at: now });
    if (!row) throw fieldError('id', 'item_not_found');
    return toMethod(row);
  }
  const existing = await repo.listMethods(ctx.db, auth.user.id);
  if (existing.length >= MAX_WITHDRAW_METHODS) throw codedError(409, Status.conflict, 'methods_limit');
  const row = await repo.insertMethod(ctx.db, {
    ...values,
    user_id: auth.user.id,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
  return toMethod(row);
}

export async function deleteMethod(ctx: AppContext, auth: Authenticated, id: number): Promise<null> {
  if (!(await repo.deleteMethod(ctx.db, auth.user.id, id, ctx.clock.now())))
    throw fieldError('id', 'item_not_found');
  return null;
}

// ---- safe

export const ensureAccounts = (ctx: AppContext, userId: number): Promise<void> =>
  ensureUserAccounts(ctx.db, userId, ctx.clock.now());

const safeLocked = (until: number, now: number): ApiError => {
  const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
  return new ApiError(429, Status.tooManyRequests, 'Too many wrong safe passwords, try again in 15 minutes', {
    code: 'safe_locked',
    retryAfter,
  });
};

export async function safeInfo(ctx: AppContext, auth: Authenticated): Promise<SafeInfo> {
  const now = ctx.clock.now();
  await ensureUserAccounts(ctx.db, auth.user.id, now);
  const safe = await repo.findSafe(ctx.db, auth.user.id);
  const b = await balancesOf(ctx.db, auth.user.id);
  const locked = safe?.locked_until != null && Number(safe.locked_until) > now;
  return {
    hasPassword: Boolean(safe),
    balance: toMoney(b.safe),
    lockedUntil: locked ? Number(safe?.locked_until) : null,
    triesLeft: locked ? 0 : SAFE_MAX_TRIES - (safe?.failed_tries ?? 0),
  };
}

/**
 * Checks the safe password: 400 `safe_password_not_set` / `safe_password_wrong` on field `field`;
 * the 5th wrong try in a row locks it for 15 minutes (429 `safe_locked`).
 */
export async function checkSafePassword(
  ctx: AppContext,
  userId: number,
  password: string,
  field = 'safePassword',
): Promise<void> {
  const now = ctx.clock.now();
  const safe = await repo.findSafe(ctx.db, userId);
  if (!safe) throw fieldError(field, 'safe_password_not_set');
  if (safe.locked_until != null && Number(safe.locked_until) > now)
    throw safeLocked(Number(safe.locked_until), now);
  if (await verify(safe.password_hash, password)) {
    if (safe.failed_tries !== 0 || safe.locked_until !== null) await repo.resetSafeFailures(ctx.db, userId);
    return;
  }
  const tries = await repo.recordSafeFailure(ctx.db, userId, now);
  if (tries >= SAFE_MAX_TRIES) {
    const until = now + SAFE_LOCK_MINUTES * MINUTE;
    await repo.lockSafe(ctx.db, userId, until);
    await repo.setSafeTries(ctx.db, userId, 0);
    throw safeLocked(until, now);
  }
  throw fieldError(field, 'safe_password_wrong');
}

export async function setSafePassword(
  ctx: AppContext,
  auth: Authenticated,
  password: string,
): Promise<SafeInfo> {
  const passwordHash = await hash(password);
  if (!(await repo.insertSafe(ctx.db, auth.user.id, passwordHash, ctx.clock.now())))
    throw codedError(409, Status.conflict, 'safe_password_already_set');
  return safeInfo(ctx, auth);
}

export async function changeSafePassword(
  ctx: AppContext,
  auth: Authenticated,
  oldPassword: string,
  password: string,
): Promise<SafeInfo> {
  await checkSafePassword(ctx, auth.user.id, oldPassword, 'oldPassword');
  await repo.setSafePassword(ctx.db, auth.user.id, await hash(password), ctx.clock.now());
  return safeInfo(ctx, auth);
}

async function safeMove(
  trx: Db,
  ctx: AppContext,
  userId: number,
  minor: number,
  direction: 'in' | 'out',
): Promise<SafeMoveResult> {
  const now = ctx.clock.now();
  const [from, to] = direction === 'in' ? (['main', 'safe'] as const) : (['safe', 'main'] as const);
  await post(trx, {
    type: direction === 'in' ? 'safe_in' : 'safe_out',
    userId,
    ref: null,
    legs: [
      { account: userAccount(userId, from), amount: -minor },
      { account: userAccount(userId, to), amount: minor },
    ],
    now,
  });
  const recordId = await repo.insertRecord(trx, {
    user_id: userId,
    type: direction === 'in' ? 'safeIn' : 'safeOut',
    amount: direction === 'in' ? -minor : minor,
    state: 'Success',
    order_no: null,
    counterparty_uid: null,
    remark: null,
    created_at: now,
    updated_at: now,
  });
  const b = await balancesOf(trx, userId);
  return { recordId, amount: toMoney(minor), safeBalance: toMoney(b.safe), canWithdrawCoin: toMoney(b.main) };
}

export const safeDeposit = (trx: Db, ctx: AppContext, userId: number, amount: number) =>
  safeMove(trx, ctx, userId, toMinor(amount), 'in');
export const safeWithdraw = (trx: Db, ctx: AppContext, userId: number, amount: number) =>
  safeMove(trx, ctx, userId, toMinor(amount), 'out');

// ---- withdrawals

export function toWithdrawal(row: repo.WithdrawalRow): Withdrawal {
  const created = Number(row.created_at);
  const steps: Withdrawal['steps'] = [
    { state: 'Prepare', at: created },
    { state: 'WaitReview', at: created },
  ];
  if (row.approved_at != null) steps.push({ state: 'WaitExec', at: Number(row.approved_at) });
  if (row.executed_at != null) steps.push({ state: 'Exec', at: Number(row.executed_at) });
  if (row.finished_at != null) steps.push({ state: row.state as TxState, at: Number(row.finished_at) });
  const kind = row.method_kind === 'bank' ? 'bank' : 'ewallet';
  return {
    id: row.id,
    orderNo: row.order_no,
    amount: toMoney(Number(row.amount)),
    state: row.state as TxState,
    methodKind: kind,
    methodLabel: row.method_label,
    reason: row.reason,
    steps,
    arrival: { ...ARRIVAL_ESTIMATE[kind] },
    createdAt: created,
    updatedAt: Number(row.updated_at),
  };
}

/** Checks that need no transaction, before the safe password is tried. */
export async function prepareWithdrawal(
  ctx: AppContext,
  auth: Authenticated,
  req: WithdrawCreateRequest,
  hostname: string,
): Promise<repo.MethodRow> {
  const limits = await siteLimits(ctx.db, hostname);
  const minor = toMinor(req.amount);
  if (minor < limits.minWithdraw) throw fieldError('amount', 'amount_below_min');
  if (minor > limits.maxWithdraw) throw fieldError('amount', 'amount_above_max');
  const method = await repo.findMethod(ctx.db, auth.user.id, req.methodId);
  if (!method) throw fieldError('methodId', 'item_not_found');
  await ensureUserAccounts(ctx.db, auth.user.id, ctx.clock.now());
  return method;
}

/** WaitReview with the funds held: withdrawable -> locked. */
export async function createWithdrawal(
  trx: Db,
  ctx: AppContext,
  userId: number,
  amount: number,
  method: repo.MethodRow,
): Promise<Withdrawal> {
  const now = ctx.clock.now();
  const minor = toMinor(amount);
  const orderNo = newOrderNo('W', now);
  await post(trx, {
    type: 'withdraw_hold',
    userId,
    ref: orderNo,
    legs: [
      { account: userAccount(userId, 'main'), amount: -minor },
      { account: userAccount(userId, 'locked'), amount: minor },
    ],
    now,
  });
  const recordId = await repo.insertRecord(trx, {
    user_id: userId,
    type: 'withdraw',
    amount: -minor,
    state: 'WaitReview',
    order_no: orderNo,
    counterparty_uid: null,
    remark: methodLabel(method),
    created_at: now,
    updated_at: now,
  });
  const row = await repo.insertWithdrawal(trx, {
    order_no: orderNo,
    user_id: userId,
    amount: minor,
    method_id: method.id,
    method_kind: method.kind,
    method_label: methodLabel(method),
    state: 'WaitReview',
    reason: null,
    record_id: recordId,
    operator_id: null,
    created_at: now,
    approved_at: null,
    executed_at: null,
    finished_at: null,
    updated_at: now,
  });
  return toWithdrawal(row);
}

export async function listWithdrawals(ctx: AppContext, auth: Authenticated, number: number, size: number) {
  const { rows, total } = await repo.listWithdrawals(ctx.db, { userId: auth.user.id }, number * size, size);
  return pageOf(rows.map(toWithdrawal), total, number, size);
}

export async function withdrawalDetail(
  ctx: AppContext,
  auth: Authenticated,
  id: number,
): Promise<Withdrawal> {
  const row = await repo.findWithdrawal(ctx.db, id);
  if (!row || Number(row.user_id) !== auth.user.id) throw notFound('No such withdrawal');
  return toWithdrawal(row);
}

// ---- transfers

export async function prepareTransfer(
  ctx: AppContext,
  auth: Authenticated,
  req: TransferRequest,
  hostname: string,
): Promise<number> {
  if (req.receiverUid === auth.user.uid) throw fieldError('receiverUid', 'receiver_self');
  const receiver = await repo.findUserByUid(ctx.db, req.receiverUid);
  if (!receiver || receiver.banned) throw fieldError('receiverUid', 'receiver_not_found');
  const limits = await siteLimits(ctx.db, hostname);
  if (toMinor(req.amount) < limits.minTransfer) throw fieldError('amount', 'transfer_below_min');
  const now = ctx.clock.now();
  await ensureUserAccounts(ctx.db, auth.user.id, now);
  await ensureUserAccounts(ctx.db, receiver.id, now);
  return receiver.id;
}

export async function transfer(
  trx: Db,
  ctx: AppContext,
  sender: { id: number; uid: number },
  receiver: { id: number; uid: number },
  amount: number,
): Promise<TransferResult> {
  const now = ctx.clock.now();
  const minor = toMinor(amount);
  await post(trx, {
    type: 'transfer',
    userId: sender.id,
    ref: `uid:${receiver.uid}`,
    legs: [
      { account: userAccount(sender.id, 'main'), amount: -minor },
      { account: userAccount(receiver.id, 'main'), amount: minor },
    ],
    now,
  });
  const recordId = await repo.insertRecord(trx, {
    user_id: sender.id,
    type: 'transferOut',
    amount: -minor,
    state: 'Success',
    order_no: null,
    counterparty_uid: receiver.uid,
    remark: null,
    created_at: now,
    updated_at: now,
  });
  await repo.insertRecord(trx, {
    user_id: receiver.id,
    type: 'transferIn',
    amount: minor,
    state: 'Success',
    order_no: null,
    counterparty_uid: sender.uid,
    remark: null,
    created_at: now,
    updated_at: now,
  });
  const b = await balancesOf(trx, sender.id);
  return {
    recordId,
    receiverUid: receiver.uid,
    amount: toMoney(minor),
    canWithdrawCoin: toMoney(b.main),
    createdAt: now,
  };
}
