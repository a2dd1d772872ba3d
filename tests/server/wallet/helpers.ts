import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { signCallback } from '../../../server/modules/payments/provider';
import { seedDemo } from '../../../server/seed/demo';
import {
  type ApiResult,
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

/** A money call with an Idempotency-Key (a fresh one unless given). */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
export function money<T = any>(
  server: TestServer,
  path: string,
  body: unknown,
  token: string,
  key: string | null = newKey(),
): Promise<ApiResult<T>> {
  return server.post<T>(path, body, token, {
    headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

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
    const res = await server.post('/wallet/safe/setPassword', { password: safePassword }, user.token);
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
  const created = await money(server, '/wallet/deposit/create', { amount }, user.token);
  if (created.status !== 200) throw new Error(`deposit/create: ${created.message}`);
  const cb = await server.post('/wallet/sandbox/callback', signedCallback(created.data.orderNo, amount));
  if (cb.status !== 200 || cb.data.state !== 'Success') throw new Error(`callback: ${cb.message}`);
  return created.data.orderNo;
}

export async function secondary(server: TestServer, user: WalletUser) {
  const res = await server.post('/user/secondaryInfo', {}, user.token);
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
  const res = await server.post(
    '/wallet/cards/save',
    {
      kind: 'bank',
      holderName: 'Maria Santos',
      bank: 'BDO',
      cardNumber: '123456789012',
      phone: '9171234567',
    },
    user.token,
  );
  if (res.status !== 200) throw new Error(`cards/save: ${res.message}`);
  return res.data.id;
}

/** The ledger's invariants: balanced, cached balances exact, no user account negative. */
/** A withdrawal of `amount` waiting for review, to a new bank card of the user; answers its id. */
export async function withdrawalInReview(
  server: TestServer,
  user: WalletUser,
  amount: number,
): Promise<number> {
  const methodId = await addBankCard(server, user);
  const w = await money(
    server,
    '/wallet/withdraw/create',
    { amount, methodId, safePassword: SAFE_PASSWORD },
    user.token,
  );
  if (w.status !== 200) throw new Error(`withdraw/create: ${w.status} ${w.message}`);
  return Number(w.data.id);
}

export async function expectLedgerSound(server: TestServer): Promise<void> {
  expect(await auditLedger(server.db)).toEqual({
    entriesTotal: 0,
    unbalancedTransactions: 0,
    driftedAccounts: 0,
    negativeUserAccounts: 0,
  });
}
