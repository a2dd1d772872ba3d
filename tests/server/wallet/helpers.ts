import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { adminApproveCall, adminExecuteCall, adminSettleCall } from '#contract/admin/withdrawals';
import { type Call, type CallInput, IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import {
  cardsSaveCall,
  depositCreateCall,
  safeSetPasswordCall,
  sandboxCallbackCall,
  secondaryInfoCall,
  withdrawCreateCall,
} from '#contract/wallet';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { signCallback } from '../../../server/modules/payments/provider';
import { seedDemo } from '../../../server/seed/demo';
import {
  type ApiResult,
  type CallResult,
  newIndianPhone,
  registerUser,
  TEST_SANDBOX_SECRET,
  type TestServer,
} from '../harness';

export const SAFE_PASSWORD = '135790';

export interface WalletUser {
  token: string;
  uid: number;
  id: number;
  phone: string;
}

export const newKey = (): string => randomUUID();

/**
 * A money call with an Idempotency-Key (a fresh one unless given), through the typed `server.call` when given
 * its declaration. A null key sends it raw without the header (the tests of a missing key); a path instead of
 * a declaration is the older spelling, kept for the tests that still use it.
 */
export function money<C extends Call & { movesMoney: true }>(
  server: TestServer,
  declaration: C,
  input: CallInput<C>,
  token: string,
  key?: string | null,
): Promise<CallResult<C>>;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
export function money<T = any>(
  server: TestServer,
  path: string,
  body: unknown,
  token: string,
  key?: string | null,
): Promise<ApiResult<T>>;
export function money(
  server: TestServer,
  target: string | (Call & { movesMoney: true }),
  body: unknown,
  token: string,
  key: string | null = newKey(),
): Promise<ApiResult<unknown>> {
  if (typeof target !== 'string') return server.callUntyped(target, body, { token, key: key ?? undefined });
  return server.post(target, body, token, {
    headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

/**
 * `money` with an input its declaration does not type: for the tests of malformed input only (and a null key
 * sends no key, for the tests of a missing one).
 */
export const moneyUntyped = <C extends Call & { movesMoney: true }>(
  server: TestServer,
  declaration: C,
  input: unknown,
  token: string,
  key: string | null = newKey(),
): Promise<CallResult<C>> => server.callUntyped(declaration, input, { token, key: key ?? undefined });

/** Sites (the limits) and demo accounts. */
export async function seedSites(server: TestServer): Promise<void> {
  await seedDemo(server.db, server.clock.now());
}

/** A registered user, Philippine (+63) unless `india` (+91): the area code decides whose banks it adds. */
export async function newUser(
  server: TestServer,
  opts: { safePassword?: string | null; india?: boolean } = {},
): Promise<WalletUser> {
  const account = opts.india
    ? await registerUser(server, undefined, newIndianPhone(), '91')
    : await registerUser(server);
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('uid', '=', account.user.uid)
    .executeTakeFirstOrThrow();
  const user = { token: account.token, uid: account.user.uid, id: row.id, phone: account.phone };
  const safePassword = opts.safePassword === undefined ? SAFE_PASSWORD : opts.safePassword;
  if (safePassword !== null) {
    const res = await server.call(safeSetPasswordCall, { password: safePassword }, { token: user.token });
    if (res.status !== 200) throw new Error(`setPassword: ${res.message}`);
  }
  return user;
}

export function signedCallback(
  orderNo: string,
  amount: number,
  status: 'paid' | 'failed' = 'paid',
  secret = TEST_SANDBOX_SECRET,
) {
  const unsigned = { orderNo, amount, status, providerRef: `REF-${orderNo}`, timestamp: 1_700_000_000_000 };
  return { ...unsigned, sign: signCallback(secret, unsigned) };
}

/** Creates a deposit and pays it through a signed sandbox callback. */
export async function deposit(server: TestServer, user: WalletUser, amount: number): Promise<string> {
  const created = await money(server, depositCreateCall, { amount }, user.token);
  if (created.status !== 200) throw new Error(`deposit/create: ${created.message}`);
  const cb = await server.call(sandboxCallbackCall, signedCallback(created.data.orderNo, amount));
  if (cb.status !== 200 || cb.data.state !== 'Success') throw new Error(`callback: ${cb.message}`);
  return created.data.orderNo;
}

export async function secondary(server: TestServer, user: WalletUser) {
  const res = await server.call(secondaryInfoCall, {}, { token: user.token });
  if (res.status !== 200) throw new Error(`secondaryInfo: ${res.message}`);
  return res.data as {
    totalCoin: number;
    canWithdrawCoin: number;
    lockedCoin: number;
    safeCoin: number;
    inGameCoin: number;
  };
}

/** A BDO account (newUser is Philippine by default): 12 digits, no IFSC. */
export async function addBankCard(server: TestServer, user: WalletUser): Promise<number> {
  const res = await server.call(
    cardsSaveCall,
    {
      kind: 'bank',
      holderName: 'Maria Santos',
      bank: 'BDO',
      cardNumber: '123456789012',
      phone: '9171234567',
    },
    { token: user.token },
  );
  if (res.status !== 200) throw new Error(`cards/save: ${res.message}`);
  return res.data.id;
}

/** A withdrawal of `amount` asked for now, to a new bank card of the user: its id and order number. */
export async function askWithdrawal(
  server: TestServer,
  user: WalletUser,
  amount: number,
): Promise<{ id: number; orderNo: string }> {
  const methodId = await addBankCard(server, user);
  const w = await money(
    server,
    withdrawCreateCall,
    { amount, methodId, safePassword: SAFE_PASSWORD },
    user.token,
  );
  if (w.status !== 200) throw new Error(`withdraw/create: ${w.status} ${w.message}`);
  return { id: Number(w.data.id), orderNo: w.data.orderNo };
}

/** A withdrawal of `amount` waiting for review, to a new bank card of the user; answers its id. */
export async function withdrawalInReview(
  server: TestServer,
  user: WalletUser,
  amount: number,
): Promise<number> {
  return (await askWithdrawal(server, user, amount)).id;
}

/** Walks a withdrawal under review to Success as the operator (approve, execute, settle). */
export async function payOutWithdrawal(server: TestServer, operatorToken: string, id: number): Promise<void> {
  for (const [declaration, input] of [
    [adminApproveCall, { id }],
    [adminExecuteCall, { id }],
    [adminSettleCall, { id, outcome: 'Success' }],
  ] as const) {
    const res = await money(server, declaration, input, operatorToken);
    if (res.status !== 200) throw new Error(`${declaration.path}: ${res.message}`);
  }
}

/** The ledger's invariants: balanced, cached balances exact, no user account negative. */
export async function expectLedgerSound(server: TestServer): Promise<void> {
  expect(await auditLedger(server.db)).toEqual({
    entriesTotal: 0,
    unbalancedTransactions: 0,
    driftedAccounts: 0,
    negativeUserAccounts: 0,
  });
}
