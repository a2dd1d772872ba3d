// Issue 11, item 13: every call that moves money takes only a positive whole number of cents. Before,
// the two-decimals check tolerated 1e-6, so {"amount":1e-9} answered 200 with a 0.00 record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/call';
import { depositListCall, recordsCall, safeDepositCall, withdrawListCall } from '#contract/wallet';
import { serverForSuite } from '../harness';
import {
  deposit,
  expectLedgerSound,
  money,
  newKey,
  newUser,
  SAFE_PASSWORD,
  secondary,
  type WalletUser,
} from './helpers';

const server = serverForSuite({ demoSeed: true });
let payer: WalletUser;
let receiver: WalletUser;

beforeAll(async () => {
  payer = await newUser(server);
  receiver = await newUser(server);
  await deposit(server, payer, 500);
  const into = await money(server, safeDepositCall, { amount: 100 }, payer.token);
  expect(into.status).toBe(200);
});
afterAll(async () => {
  await expectLedgerSound(server);
});

/** Each money call with everything right but the amount, which is spliced in as raw JSON text. */
const CALLS: Array<{ path: string; body: (amount: string) => string }> = [
  { path: '/wallet/deposit/create', body: (a) => `{"amount":${a}}` },
  {
    path: '/wallet/withdraw/create',
    body: (a) => `{"amount":${a},"methodId":1,"safePassword":"${SAFE_PASSWORD}"}`,
  },
  { path: '/wallet/safe/deposit', body: (a) => `{"amount":${a}}` },
  { path: '/wallet/safe/withdraw', body: (a) => `{"amount":${a},"safePassword":"${SAFE_PASSWORD}"}` },
  {
    path: '/wallet/transfer',
    body: (a) => `{"receiverUid":${receiver.uid},"amount":${a},"safePassword":"${SAFE_PASSWORD}"}`,
  },
];

/** Not a positive whole number of cents, as the JSON text a caller could send. 1e400 parses to Infinity. */
const NOT_CENTS = [
  '1e-9',
  '0.001',
  '0.005',
  '1.005',
  '10.001',
  '0.30000000000000004',
  '1.5e-7',
  '-1',
  '-0.01',
  '0',
  '-0',
  '1e400',
  '-1e400',
  '100000000.01',
  '1e21',
];

async function rawMoneyCall(path: string, text: string, token: string) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      [IDEMPOTENCY_KEY_HEADER]: newKey(),
    },
    body: text,
  });
  return {
    http: res.status,
    body: (await res.json()) as {
      status: number;
      data: { issues: Array<{ path: string; code: string }>; amount?: number };
    },
  };
}

async function snapshot() {
  const records = await server.call(recordsCall, {}, { token: payer.token });
  const deposits = await server.call(depositListCall, {}, { token: payer.token });
  const withdrawals = await server.call(withdrawListCall, {}, { token: payer.token });
  return {
    payer: await secondary(server, payer),
    receiver: await secondary(server, receiver),
    records: records.data.totalElements,
    deposits: deposits.data.totalElements,
    withdrawals: withdrawals.data.totalElements,
  };
}

describe('money calls refuse any amount that is not a positive whole number of cents', () => {
  it.each(CALLS.flatMap((call) => NOT_CENTS.map((amount) => [call.path, amount] as const)))(
    '%s {"amount":%s}: 400 amount_invalid, nothing moved',
    async (path, amount) => {
      const call = CALLS.find((c) => c.path === path);
      if (!call) throw new Error(path);
      const before = await snapshot();
      const res = await rawMoneyCall(path, call.body(amount), payer.token);
      expect(res.http).toBe(400);
      expect(res.body.data.issues[0]).toMatchObject({ path: 'amount', code: 'amount_invalid' });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(CALLS.map((c) => c.path))('%s: a string or a missing amount is refused too', async (path) => {
    const call = CALLS.find((c) => c.path === path);
    if (!call) throw new Error(path);
    const before = await snapshot();
    const asText = await rawMoneyCall(path, call.body('"10"'), payer.token);
    expect(asText.http).toBe(400);
    expect(asText.body.data.issues[0]).toMatchObject({ path: 'amount', code: 'invalid_type' });
    const missing = await rawMoneyCall(path, call.body('null'), payer.token);
    expect(missing.http).toBe(400);
    expect(missing.body.data.issues[0]).toMatchObject({ path: 'amount', code: 'amount_required' });
    expect(await snapshot()).toEqual(before);
  });

  it('whole cents move exactly, including amounts binary floating point cannot hold (0.29, 1.15)', async () => {
    const before = await secondary(server, payer);
    for (const amount of [0.29, 1.15, 0.01]) {
      const res = await rawMoneyCall('/wallet/safe/deposit', `{"amount":${amount}}`, payer.token);
      expect(res.http).toBe(200);
      expect(res.body.data.amount).toBe(amount);
    }
    const after = await secondary(server, payer);
    // 1.45 in cents: 145
    expect(Math.round(after.safeCoin * 100) - Math.round(before.safeCoin * 100)).toBe(145);
    expect(Math.round(before.canWithdrawCoin * 100) - Math.round(after.canWithdrawCoin * 100)).toBe(145);
  });
});
