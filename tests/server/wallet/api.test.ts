import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotpCall } from '#contract/admin/operators';
import {
  adminApproveCall,
  adminExecuteCall,
  adminRejectCall,
  adminSettleCall,
  adminWithdrawalListCall,
} from '#contract/admin/withdrawals';
import { loginCall } from '#contract/auth';
import { userInfoCall } from '#contract/user';
import {
  cardsDeleteCall,
  cardsListCall,
  cardsSaveCall,
  depositCreateCall,
  depositDetailCall,
  depositListCall,
  levelDataCall,
  recordsCall,
  safeChangePasswordCall,
  safeDepositCall,
  safeInfoCall,
  safeSetPasswordCall,
  safeWithdrawCall,
  sandboxCallbackCall,
  secondaryInfoCall,
  transferCall,
  withdrawCreateCall,
  withdrawDetailCall,
  withdrawListCall,
} from '#contract/wallet';
import { forgetOldKeys } from '../../../server/http/idempotency';
import { DEMO_ACCOUNTS, DEMO_OPERATOR_TOTP_SECRET, seedDemo } from '../../../server/seed/demo';
import { DEMO_SAFE_PASSWORD } from '../../../server/seed/wallet';
import { PRODUCTION_SMS_ENV, serverForSuite, startServer } from '../harness';
import { makeOperator } from '../operators/helpers';
import {
  addBankCard,
  deposit,
  expectLedgerSound,
  money,
  moneyUntyped,
  newKey,
  newUser,
  SAFE_PASSWORD,
  secondary,
  seedSites,
  signedCallback,
  type WalletUser,
} from './helpers';

const server = serverForSuite();
let operator: WalletUser;
/** For refusals, which change nothing: one user instead of a registration per case. */
let validator: WalletUser;
beforeAll(async () => {
  await seedSites(server);
  operator = await newUser(server, { safePassword: null });
  await makeOperator(server, operator);
  validator = await newUser(server);
});
afterAll(async () => {
  await expectLedgerSound(server);
});

const MIN = 60_000;

describe('login', () => {
  it.each([userInfoCall, secondaryInfoCall, recordsCall, transferCall, adminWithdrawalListCall])(
    '$path needs a session (401/996)',
    async (declaration) => {
      // Untyped: one empty body for calls that take different ones (the session is refused first).
      const res = await server.callUntyped(declaration, {});
      expect(res.http).toBe(401);
      expect(res.status).toBe(996);
    },
  );
});

describe('account views', () => {
  it('user info, secondary info and level data of a new user', async () => {
    const u = await newUser(server);
    const info = await server.call(userInfoCall, {}, { token: u.token });
    expect(info.data).toMatchObject({ uid: u.uid, username: `63+${u.phone}` });
    const s = await server.call(secondaryInfoCall, {}, { token: u.token });
    expect(s.data).toEqual({
      totalCoin: 0,
      canWithdrawCoin: 0,
      lockedCoin: 0,
      inGameCoin: 0,
      safeCoin: 0,
      phone: u.phone,
      channelData: [
        { name: 'Slots', balance: 0 },
        { name: 'Live Casino', balance: 0 },
        { name: 'Sports', balance: 0 },
      ],
    });
    const level = await server.call(levelDataCall, {}, { token: u.token });
    expect(level.data.vipState).toEqual({ level: 0, historySteam: 0 });
    expect(level.data.meta).toHaveLength(10);
    expect(level.data.meta[1]).toMatchObject({ level: 1, needSteam: 100 });
    expect(level.data.progress).toBe(0);
    // Every level's pictures exist on this server.
    for (const meta of level.data.meta as Array<{ headerPicture: string; vipPicture: string }>) {
      for (const picture of [meta.headerPicture, meta.vipPicture]) {
        const res = await fetch(`${server.url}${picture}`);
        expect(res.status, picture).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      }
    }
  });

  it('level grows with deposits, progress capped at 100', async () => {
    const u = await newUser(server);
    await deposit(server, u, 250);
    const level = await server.call(levelDataCall, {}, { token: u.token });
    expect(level.data.vipState).toEqual({ level: 1, historySteam: 250 });
    expect(level.data.progress).toBe(50);
    expect((await server.call(userInfoCall, {}, { token: u.token })).data.level).toBe(1);
  });
});

describe('idempotency', () => {
  it('refuses a money call without a key (400 on the header)', async () => {
    const u = await newUser(server);
    const res = await money(server, depositCreateCall, { amount: 10 }, u.token, null);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({
      path: 'Idempotency-Key',
      code: 'idempotency_key_required',
    });
  });

  it('a replay answers the first answer and moves nothing; another body is 422', async () => {
    const u = await newUser(server);
    await deposit(server, u, 100);
    const key = newKey();
    const first = await money(server, safeDepositCall, { amount: 30 }, u.token, key);
    expect(first.status).toBe(200);
    const again = await money(server, safeDepositCall, { amount: 30 }, u.token, key);
    expect(again.http).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await secondary(server, u)).toMatchObject({ canWithdrawCoin: 70, safeCoin: 30 });
    const other = await money(server, safeDepositCall, { amount: 31 }, u.token, key);
    expect(other.http).toBe(422);
    expect(other.data).toEqual({ code: 'idempotency_key_reused' });
    const otherRoute = await money(server, depositCreateCall, { amount: 30 }, u.token, key);
    expect(otherRoute.http).toBe(422);
  });

  it('keys are scoped per user', async () => {
    const a = await newUser(server);
    const b = await newUser(server);
    const key = newKey();
    const ra = await money(server, depositCreateCall, { amount: 10 }, a.token, key);
    const rb = await money(server, depositCreateCall, { amount: 10 }, b.token, key);
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(rb.data.orderNo).not.toBe(ra.data.orderNo);
  });

  it('a failed call is not remembered: the same key may be retried', async () => {
    const u = await newUser(server);
    const key = newKey();
    const poor = await money(server, safeDepositCall, { amount: 5 }, u.token, key);
    expect(poor.http).toBe(400);
    expect(poor.failure.issues?.[0]).toMatchObject({ path: 'amount', code: 'insufficient_funds' });
    await deposit(server, u, 5);
    const retry = await money(server, safeDepositCall, { amount: 5 }, u.token, key);
    expect(retry.status).toBe(200);
  });

  it('keys are remembered for 30 days', async () => {
    const u = await newUser(server);
    await deposit(server, u, 10);
    const key = newKey();
    await money(server, safeDepositCall, { amount: 1 }, u.token, key);
    // The shared clock stays put (sessions expire after 30 days): the sweep is told the time instead.
    const day = 24 * 3600_000;
    expect(await forgetOldKeys(server.db, server.clock.now() + 29 * day)).toBe(0);
    const replay = await money(server, safeDepositCall, { amount: 1 }, u.token, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await forgetOldKeys(server.db, server.clock.now() + 31 * day)).toBeGreaterThan(0);
    const later = await money(server, safeDepositCall, { amount: 1 }, u.token, key);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await secondary(server, u)).toMatchObject({ safeCoin: 2 });
  });

  it('parallel duplicates move money once', async () => {
    const u = await newUser(server);
    await deposit(server, u, 50);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => money(server, safeDepositCall, { amount: 20 }, u.token, key)),
    );
    for (const a of answers) expect(a.data).toEqual(answers[0]?.data);
    expect(await secondary(server, u)).toMatchObject({ canWithdrawCoin: 30, safeCoin: 20 });
  });
});

describe('deposits', () => {
  it('create -> pay page -> signed callback -> Success exactly once', async () => {
    const u = await newUser(server);
    const created = await money(server, depositCreateCall, { amount: 99.99 }, u.token);
    expect(created.data).toMatchObject({ amount: 99.99, state: 'Prepare', provider: 'sandbox' });
    expect(created.data.expiresAt - created.data.createdAt).toBe(30 * MIN);
    const page = await fetch(`${server.url}${created.data.payUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('99.99');

    const cb = signedCallback(created.data.orderNo, 99.99);
    const first = await server.call(sandboxCallbackCall, cb);
    expect(first.data).toEqual({ orderNo: created.data.orderNo, state: 'Success' });
    const dup = await server.call(sandboxCallbackCall, cb);
    expect(dup.data.state).toBe('Success');
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 99.99, canWithdrawCoin: 99.99 });
    const detail = await server.call(
      depositDetailCall,
      { orderNo: created.data.orderNo },
      { token: u.token },
    );
    expect(detail.data).toMatchObject({ state: 'Success', payUrl: '' });
    const list = await server.call(depositListCall, {}, { token: u.token });
    expect(list.data).toMatchObject({ totalElements: 1, totalPages: 1, number: 0 });
  });

  it('the pay page form pays (and cancel fails) the order', async () => {
    const u = await newUser(server);
    const a = await money(server, depositCreateCall, { amount: 10 }, u.token);
    const b = await money(server, depositCreateCall, { amount: 20 }, u.token);
    // What the pay page's form sends: the order, its pay token (from payUrl) and the button.
    const form = (order: { orderNo: string; payUrl: string }, action: string) =>
      fetch(`${server.url}/api/wallet/sandbox/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          orderNo: order.orderNo,
          token: new URL(order.payUrl, server.url).searchParams.get('token') ?? '',
          action,
        }).toString(),
      });
    expect(await (await form(a.data, 'pay')).text()).toContain('Success');
    expect(await (await form(b.data, 'cancel')).text()).toContain('Fail');
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 10 });
    const records = await server.call(recordsCall, { type: 'deposit' }, { token: u.token });
    expect(records.data.content.map((r: { state: string }) => r.state).sort()).toEqual(['Fail', 'Success']);
  });

  it('refuses a bad signature and a wrong amount', async () => {
    const u = await newUser(server);
    const created = await money(server, depositCreateCall, { amount: 10 }, u.token);
    const forged = signedCallback(created.data.orderNo, 10, 'paid', 'not-the-secret');
    const bad = await server.call(sandboxCallbackCall, forged);
    expect(bad.http).toBe(400);
    expect(bad.failure.issues?.[0]).toMatchObject({ path: 'sign', code: 'signature_invalid' });
    const wrongAmount = await server.call(sandboxCallbackCall, signedCallback(created.data.orderNo, 1000));
    expect(wrongAmount.http).toBe(400);
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 0 });
  });

  it('expires an unpaid order to Fail after 30 minutes; a late callback credits nothing', async () => {
    const u = await newUser(server);
    const created = await money(server, depositCreateCall, { amount: 10 }, u.token);
    server.clock.advance(30 * MIN + 1);
    const detail = await server.call(
      depositDetailCall,
      { orderNo: created.data.orderNo },
      { token: u.token },
    );
    expect(detail.data).toMatchObject({ state: 'Fail', failReason: 'Payment not completed in time' });
    const other = await money(server, depositCreateCall, { amount: 11 }, u.token);
    server.clock.advance(30 * MIN + 1);
    const records = await server.call(recordsCall, { type: 'deposit' }, { token: u.token });
    expect(records.data.content.find((r) => r.orderNo === other.data.orderNo)).toMatchObject({
      state: 'Fail',
      remark: 'Payment not completed in time',
    });
    const late = await server.call(sandboxCallbackCall, signedCallback(created.data.orderNo, 10));
    expect(late.data.state).toBe('Fail');
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 0 });
  });

  it.each([
    [{}, 'amount_required'],
    [{ amount: 0 }, 'amount_invalid'],
    [{ amount: -5 }, 'amount_invalid'],
    [{ amount: 1.001 }, 'amount_invalid'],
    [{ amount: 0.5 }, 'amount_invalid'],
    [{ amount: '10' }, 'invalid_type'],
  ])('refuses deposit %j (%s)', async (body, code) => {
    const u = validator;
    const res = await moneyUntyped(server, depositCreateCall, body, u.token);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path: 'amount', code });
  });

  it('without demo mode there is no provider: 503 and no sandbox routes', async () => {
    const prod = await startServer({ env: { DEMO: 'false', ...PRODUCTION_SMS_ENV } });
    try {
      const u = await newUser(prod, { safePassword: null }).catch(() => null);
      // Registration needs the dev outbox of demo mode; log a seeded account in instead.
      expect(u).toBeNull();
      await seedDemo(prod.db, prod.clock.now());
      const demo = DEMO_ACCOUNTS[0];
      if (!demo) throw new Error('no such demo account');
      const login = await prod.call(loginCall, {
        areaCode: demo.areaCode,
        phone: demo.phone,
        password: demo.password,
      });
      const res = await money(prod, depositCreateCall, { amount: 10 }, login.data.token);
      expect(res.http).toBe(503);
      expect(res.data).toEqual({ code: 'payments_unavailable' });
      expect((await prod.call(sandboxCallbackCall, signedCallback('X', 1))).http).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('withdrawal methods', () => {
  /** An Indian account (IFSC required); bank-country rules are in wallet/bank-countries.test.ts. */
  const good = {
    kind: 'bank',
    holderName: 'Maria Santos',
    bank: 'HDFC',
    cardNumber: '123456789012',
    ifsc: 'HDFC0001234',
    phone: '9876543210',
  } as const;
  it.each([
    [{ ...good, holderName: '' }, 'holderName', 'holder_name_required'],
    [{ ...good, holderName: undefined }, 'holderName', 'holder_name_required'],
    [{ ...good, bank: undefined }, 'bank', 'bank_required'],
    [{ ...good, bank: 'Nowhere Bank' }, 'bank', 'bank_required'],
    [{ ...good, cardNumber: '' }, 'cardNumber', 'card_number_required'],
    [{ ...good, cardNumber: '12ab' }, 'cardNumber', 'card_number_format'],
    [{ ...good, ifsc: '' }, 'ifsc', 'ifsc_required'],
    [{ ...good, ifsc: 'HDFC1001234' }, 'ifsc', 'ifsc_format'],
    [{ ...good, phone: '12345' }, 'phone', 'bank_phone_format'],
    [{ ...good, phone: undefined }, 'phone', 'bank_phone_format'],
    [{ kind: 'ewallet', account: '0917', holderName: 'M' }, 'walletType', 'bank_required'],
    [{ kind: 'ewallet', walletType: 'GCash', holderName: 'M' }, 'account', 'account_required'],
    [{ kind: 'ewallet', walletType: 'GCash', account: '0917' }, 'holderName', 'holder_name_required'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const u = validator;
    const res = await server.callUntyped(cardsSaveCall, body, { token: u.token });
    expect(res.http).toBe(400);
    expect(res.failure.issues).toContainEqual(expect.objectContaining({ path, code }));
  });

  it('saves, lists masked, edits and deletes a card and an e-wallet', async () => {
    const u = await newUser(server, { safePassword: null, india: true });
    const card = await server.call(cardsSaveCall, { ...good, ifsc: 'hdfc0001234' }, { token: u.token });
    expect(card.data).toMatchObject({ kind: 'bank', cardNumberMasked: '****9012', ifsc: 'HDFC0001234' });
    const wallet = await server.call(
      cardsSaveCall,
      { kind: 'ewallet', walletType: 'GCash', account: '09171234567', holderName: 'Maria' },
      { token: u.token },
    );
    expect(wallet.data).toMatchObject({ kind: 'ewallet', accountMasked: '****4567' });
    const edited = await server.call(
      cardsSaveCall,
      { ...good, id: card.data.id, bank: 'UTIB' },
      { token: u.token },
    );
    expect(edited.data).toMatchObject({ id: card.data.id, bank: 'UTIB' });
    expect((await server.call(cardsListCall, {}, { token: u.token })).data).toHaveLength(2);
    expect((await server.call(cardsDeleteCall, { id: card.data.id }, { token: u.token })).status).toBe(200);
    const again = await server.call(cardsDeleteCall, { id: card.data.id }, { token: u.token });
    expect(again.http).toBe(400);
    expect((await server.call(cardsListCall, {}, { token: u.token })).data).toHaveLength(1);
    const other = await newUser(server, { safePassword: null, india: true });
    const foreign = await server.call(cardsSaveCall, { ...good, id: wallet.data.id }, { token: other.token });
    expect(foreign.failure.issues?.[0]).toMatchObject({ path: 'id', code: 'item_not_found' });
  });
});

describe('withdrawals', () => {
  it.each([
    [{ methodId: 1, safePassword: '135790' }, 'amount', 'amount_required'],
    [{ amount: 100.001, methodId: 1, safePassword: '135790' }, 'amount', 'amount_invalid'],
    [{ amount: 100, safePassword: '135790' }, 'methodId', 'method_required'],
    [{ amount: 100, methodId: 1, safePassword: '1234' }, 'safePassword', 'safe_password_format'],
    [{ amount: 99.99, methodId: 1, safePassword: '135790' }, 'amount', 'amount_below_min'],
    [{ amount: 50_000.01, methodId: 1, safePassword: '135790' }, 'amount', 'amount_above_max'],
    [{ amount: 100, methodId: 999999, safePassword: '135790' }, 'methodId', 'item_not_found'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const u = validator;
    const res = await moneyUntyped(server, withdrawCreateCall, body, u.token);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path, code });
  });

  it('refuses more than withdrawable, a wrong safe password, and no safe password', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 150);
    const tooMuch = await money(
      server,
      withdrawCreateCall,
      { amount: 150.01, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    expect(tooMuch.failure.issues?.[0]).toMatchObject({ path: 'amount', code: 'insufficient_funds' });
    const wrong = await money(
      server,
      withdrawCreateCall,
      { amount: 100, methodId, safePassword: '000000' },
      u.token,
    );
    expect(wrong.failure.issues?.[0]).toMatchObject({ path: 'safePassword', code: 'safe_password_wrong' });
    const v = await newUser(server, { safePassword: null });
    const vm = await addBankCard(server, v);
    const none = await money(
      server,
      withdrawCreateCall,
      { amount: 100, methodId: vm, safePassword: '000000' },
      v.token,
    );
    expect(none.failure.issues?.[0]).toMatchObject({ path: 'safePassword', code: 'safe_password_not_set' });
  });

  it('the review queue sorts as asked: newest, oldest or largest first; a wrong order is refused', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 1000);
    const ids: number[] = [];
    for (const amount of [150, 300, 120]) {
      server.clock.advance(1000);
      const w = await money(
        server,
        withdrawCreateCall,
        { amount, methodId, safePassword: SAFE_PASSWORD },
        u.token,
      );
      expect(w.http, w.message).toBe(200);
      ids.push(Number(w.data.id));
    }
    const [small, large, smallest] = ids;
    const order = async (sort?: 'newest' | 'oldest' | 'largest') => {
      const res = await server.call(
        adminWithdrawalListCall,
        { state: 'WaitReview', sort, size: 50 },
        { token: operator.token },
      );
      expect(res.http, res.message).toBe(200);
      return (res.data.content as { id: number }[]).map((x) => x.id).filter((id) => ids.includes(id));
    };
    expect(await order()).toEqual([smallest, large, small]);
    expect(await order('oldest')).toEqual([small, large, smallest]);
    expect(await order('largest')).toEqual([large, small, smallest]);
    const wrong = await server.callUntyped(
      adminWithdrawalListCall,
      { sort: 'cheapest' },
      { token: operator.token },
    );
    expect(wrong.failure.issues?.[0]).toMatchObject({ path: 'sort', code: 'invalid_type' });
  });

  it('walks Prepare -> WaitReview -> WaitExec -> Exec -> Success with an operator', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 500);
    const w = await money(
      server,
      withdrawCreateCall,
      { amount: 200, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    expect(w.data).toMatchObject({
      amount: 200,
      state: 'WaitReview',
      methodKind: 'bank',
      methodLabel: 'BDO Unibank ****9012',
      arrival: { minMinutes: 0, maxMinutes: 1440 },
    });
    expect(w.data.steps.map((s: { state: string }) => s.state)).toEqual(['Prepare', 'WaitReview']);
    expect(await secondary(server, u)).toMatchObject({
      totalCoin: 500,
      canWithdrawCoin: 300,
      lockedCoin: 200,
    });

    const notOp = await money(server, adminApproveCall, { id: w.data.id }, u.token);
    expect(notOp.http).toBe(403);
    expect(notOp.data).toEqual({ code: 'operator_only' });

    const listed = await server.call(
      adminWithdrawalListCall,
      { state: 'WaitReview' },
      { token: operator.token },
    );
    expect(listed.data.content.some((x: { id: number }) => x.id === w.data.id)).toBe(true);

    const approved = await money(server, adminApproveCall, { id: w.data.id }, operator.token);
    expect(approved.data).toMatchObject({ state: 'WaitExec', userUid: u.uid });
    const executeTooSoon = await money(
      server,
      adminSettleCall,
      { id: w.data.id, outcome: 'Success' },
      operator.token,
    );
    expect(executeTooSoon.http).toBe(409);
    expect(executeTooSoon.data).toEqual({ code: 'state_changed' });
    expect((await money(server, adminExecuteCall, { id: w.data.id }, operator.token)).data.state).toBe(
      'Exec',
    );
    const settled = await money(
      server,
      adminSettleCall,
      { id: w.data.id, outcome: 'Success' },
      operator.token,
    );
    expect(settled.data.state).toBe('Success');
    const detail = await server.call(withdrawDetailCall, { id: w.data.id }, { token: u.token });
    expect(detail.data.steps.map((s: { state: string }) => s.state)).toEqual([
      'Prepare',
      'WaitReview',
      'WaitExec',
      'Exec',
      'Success',
    ]);
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 300, canWithdrawCoin: 300, lockedCoin: 0 });
    const rec = await server.call(recordsCall, { type: 'withdraw' }, { token: u.token });
    expect(rec.data.content[0]).toMatchObject({ amount: -200, state: 'Success', orderNo: w.data.orderNo });
    const other = await newUser(server, { safePassword: null });
    expect((await server.call(withdrawDetailCall, { id: w.data.id }, { token: other.token })).http).toBe(404);
    expect((await server.call(withdrawListCall, {}, { token: u.token })).data.totalElements).toBe(1);
  });

  it('reject and a failed payout return the funds with a reason', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 500);
    const a = await money(
      server,
      withdrawCreateCall,
      { amount: 100, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    const b = await money(
      server,
      withdrawCreateCall,
      { amount: 150, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    const noReason = await moneyUntyped(server, adminRejectCall, { id: a.data.id }, operator.token);
    expect(noReason.failure.issues?.[0]).toMatchObject({ path: 'reason', code: 'required' });
    const rejected = await money(
      server,
      adminRejectCall,
      { id: a.data.id, reason: 'Name mismatch' },
      operator.token,
    );
    expect(rejected.data).toMatchObject({ state: 'Fail', reason: 'Name mismatch' });
    await money(server, adminApproveCall, { id: b.data.id }, operator.token);
    await money(server, adminExecuteCall, { id: b.data.id }, operator.token);
    const failNoReason = await money(
      server,
      adminSettleCall,
      { id: b.data.id, outcome: 'Fail' },
      operator.token,
    );
    expect(failNoReason.failure.issues?.[0]).toMatchObject({ path: 'reason', code: 'required' });
    const failed = await money(
      server,
      adminSettleCall,
      { id: b.data.id, outcome: 'Fail', reason: 'Bank refused' },
      operator.token,
    );
    expect(failed.data).toMatchObject({ state: 'Fail', reason: 'Bank refused' });
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 500, canWithdrawCoin: 500, lockedCoin: 0 });
    expect((await money(server, adminApproveCall, { id: 987654 }, operator.token)).http).toBe(404);
  });

  it('approve and reject racing: exactly one wins', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 1000);
    for (let i = 0; i < 5; i++) {
      const w = await money(
        server,
        withdrawCreateCall,
        { amount: 100, methodId, safePassword: SAFE_PASSWORD },
        u.token,
      );
      const [ap, rj] = await Promise.all([
        money(server, adminApproveCall, { id: w.data.id }, operator.token),
        money(server, adminRejectCall, { id: w.data.id, reason: 'race' }, operator.token),
      ]);
      const winners = [ap, rj].filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect([ap, rj].find((r) => r.status !== 200)?.http).toBe(409);
    }
    const s = await secondary(server, u);
    expect(s.totalCoin).toBe(1000);
  });

  it('the e-wallet arrival estimate is 1 minute to 12 hours', async () => {
    const u = await newUser(server);
    const wallet = await server.call(
      cardsSaveCall,
      { kind: 'ewallet', walletType: 'Maya', account: '09170000001', holderName: 'Ana' },
      { token: u.token },
    );
    await deposit(server, u, 100);
    const w = await money(
      server,
      withdrawCreateCall,
      { amount: 100, methodId: wallet.data.id, safePassword: SAFE_PASSWORD },
      u.token,
    );
    expect(w.data.arrival).toEqual({ minMinutes: 1, maxMinutes: 720 });
  });
});

describe('safe', () => {
  it('sets once, changes with the old password, moves money in and out', async () => {
    const u = await newUser(server, { safePassword: null });
    expect((await server.call(safeInfoCall, {}, { token: u.token })).data).toEqual({
      hasPassword: false,
      balance: 0,
      lockedUntil: null,
      triesLeft: 5,
    });
    expect(
      (await server.call(safeSetPasswordCall, { password: '12345' }, { token: u.token })).failure.issues?.[0],
    ).toMatchObject({
      path: 'password',
      code: 'safe_password_format',
    });
    expect(
      (await server.call(safeSetPasswordCall, { password: '111111' }, { token: u.token })).data.hasPassword,
    ).toBe(true);
    const twice = await server.call(safeSetPasswordCall, { password: '222222' }, { token: u.token });
    expect(twice.http).toBe(409);
    expect(twice.data).toEqual({ code: 'safe_password_already_set' });
    const wrongOld = await server.call(
      safeChangePasswordCall,
      { oldPassword: '999999', password: '222222' },
      { token: u.token },
    );
    expect(wrongOld.failure.issues?.[0]).toMatchObject({ path: 'oldPassword', code: 'safe_password_wrong' });
    expect(
      (
        await server.call(
          safeChangePasswordCall,
          { oldPassword: '111111', password: '222222' },
          { token: u.token },
        )
      ).status,
    ).toBe(200);

    await deposit(server, u, 100);
    const into = await money(server, safeDepositCall, { amount: 60.5 }, u.token);
    expect(into.data).toMatchObject({ amount: 60.5, safeBalance: 60.5, canWithdrawCoin: 39.5 });
    const outWrong = await money(server, safeWithdrawCall, { amount: 10, safePassword: '111111' }, u.token);
    expect(outWrong.failure.issues?.[0]).toMatchObject({ path: 'safePassword', code: 'safe_password_wrong' });
    const outTooMuch = await money(
      server,
      safeWithdrawCall,
      { amount: 60.51, safePassword: '222222' },
      u.token,
    );
    expect(outTooMuch.failure.issues?.[0]).toMatchObject({ code: 'insufficient_funds' });
    const out = await money(server, safeWithdrawCall, { amount: 10.25, safePassword: '222222' }, u.token);
    expect(out.data).toMatchObject({ safeBalance: 50.25, canWithdrawCoin: 49.75 });
    expect(await secondary(server, u)).toMatchObject({ totalCoin: 49.75, safeCoin: 50.25 });
  });

  it('5 wrong tries lock the safe password for 15 minutes', async () => {
    const u = await newUser(server);
    await deposit(server, u, 10);
    await money(server, safeDepositCall, { amount: 10 }, u.token);
    for (let i = 0; i < 4; i++) {
      const r = await money(server, safeWithdrawCall, { amount: 1, safePassword: '000000' }, u.token);
      expect(r.failure.issues?.[0]?.code).toBe('safe_password_wrong');
    }
    const fifth = await money(server, safeWithdrawCall, { amount: 1, safePassword: '000000' }, u.token);
    expect(fifth.http).toBe(429);
    expect(fifth.data).toMatchObject({ code: 'safe_locked', retryAfter: 900 });
    const right = await money(server, safeWithdrawCall, { amount: 1, safePassword: SAFE_PASSWORD }, u.token);
    expect(right.http).toBe(429);
    expect((await server.call(safeInfoCall, {}, { token: u.token })).data.triesLeft).toBe(0);
    server.clock.advance(15 * MIN);
    const after = await money(server, safeWithdrawCall, { amount: 1, safePassword: SAFE_PASSWORD }, u.token);
    expect(after.status).toBe(200);
  });
});

describe('transfers', () => {
  it.each([
    [{ amount: 10, safePassword: '135790' }, 'receiverUid', 'receiver_required'],
    [{ receiverUid: 1, amount: 10, safePassword: '135790' }, 'receiverUid', 'receiver_not_found'],
    [{ receiverUid: 10000002, safePassword: '135790' }, 'amount', 'amount_required'],
    [{ receiverUid: 10000002, amount: 9.99, safePassword: '135790' }, 'amount', 'transfer_below_min'],
    [{ receiverUid: 10000002, amount: 10 }, 'safePassword', 'safe_password_format'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const u = validator;
    const res = await moneyUntyped(server, transferCall, body, u.token);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path, code });
  });

  it('refuses oneself and more than withdrawable; moves money and both sides see it', async () => {
    const a = await newUser(server);
    const b = await newUser(server, { safePassword: null });
    const self = await money(
      server,
      transferCall,
      { receiverUid: a.uid, amount: 10, safePassword: SAFE_PASSWORD },
      a.token,
    );
    expect(self.failure.issues?.[0]).toMatchObject({ path: 'receiverUid', code: 'receiver_self' });
    const poor = await money(
      server,
      transferCall,
      { receiverUid: b.uid, amount: 10, safePassword: SAFE_PASSWORD },
      a.token,
    );
    expect(poor.failure.issues?.[0]).toMatchObject({ path: 'amount', code: 'insufficient_funds' });
    await deposit(server, a, 100);
    const sent = await money(
      server,
      transferCall,
      { receiverUid: b.uid, amount: 42.42, safePassword: SAFE_PASSWORD },
      a.token,
    );
    expect(sent.data).toMatchObject({ receiverUid: b.uid, amount: 42.42, canWithdrawCoin: 57.58 });
    expect(await secondary(server, b)).toMatchObject({ totalCoin: 42.42, canWithdrawCoin: 42.42 });
    const ra = await server.call(recordsCall, { type: 'transferOut' }, { token: a.token });
    expect(ra.data.content[0]).toMatchObject({ amount: -42.42, counterpartyUid: b.uid, state: 'Success' });
    const rb = await server.call(recordsCall, {}, { token: b.token });
    expect(rb.data.content[0]).toMatchObject({ type: 'transferIn', amount: 42.42, counterpartyUid: a.uid });
  });
});

describe('records', () => {
  it('filters by type and date, 50 per page, newest first', async () => {
    const u = await newUser(server);
    await deposit(server, u, 100);
    const t0 = server.clock.now();
    server.clock.advance(MIN);
    for (let i = 0; i < 55; i++) await money(server, safeDepositCall, { amount: 1 }, u.token);
    const all = await server.call(recordsCall, {}, { token: u.token });
    expect(all.data).toMatchObject({ totalElements: 56, totalPages: 2, number: 0 });
    expect(all.data.content).toHaveLength(50);
    expect(all.data.content[0]?.type).toBe('safeIn');
    const second = await server.call(recordsCall, { number: 1 }, { token: u.token });
    expect(second.data.content).toHaveLength(6);
    expect(second.data.content.at(-1)).toMatchObject({ type: 'deposit', amount: 100, state: 'Success' });
    const deposits = await server.call(recordsCall, { type: 'deposit' }, { token: u.token });
    expect(deposits.data.totalElements).toBe(1);
    const before = await server.call(recordsCall, { to: t0 }, { token: u.token });
    expect(before.data.totalElements).toBe(1);
    const after = await server.call(recordsCall, { from: t0 + 1 }, { token: u.token });
    expect(after.data.totalElements).toBe(55);
    const bad = await server.callUntyped(recordsCall, { type: 'lottery', size: 51 }, { token: u.token });
    expect(bad.http).toBe(400);
  });
});

describe('demo seed', () => {
  it('seeds balanced books, records of each type, a card, and a working operator', async () => {
    const s = await startServer();
    try {
      await seedDemo(s.db, s.clock.now());
      await expectLedgerSound(s);
      const login = async (label: string) => {
        const a = DEMO_ACCOUNTS.find((x) => x.label === label);
        if (!a) throw new Error('no such demo account');
        const res = await s.call(loginCall, {
          areaCode: a.areaCode,
          phone: a.phone,
          password: a.password,
        });
        return res.data.token as string;
      };
      const player = await login('player');
      const info = await s.call(secondaryInfoCall, {}, { token: player });
      expect(info.data.totalCoin).toBeGreaterThan(0);
      expect(info.data.lockedCoin).toBe(300);
      // Slots only: Live Casino is the demo transfer provider's wallet, which starts empty (issue 13).
      expect(info.data.inGameCoin).toBe(200);
      const types = new Set(
        (await s.call(recordsCall, {}, { token: player })).data.content.map((r: { type: string }) => r.type),
      );
      expect([...types].sort()).toEqual(
        ['bonus', 'deposit', 'game', 'safeIn', 'safeOut', 'transferIn', 'transferOut', 'withdraw'].sort(),
      );
      expect((await s.call(cardsListCall, {}, { token: player })).data).toHaveLength(2);
      const op = await login('operator');
      // The demo operator signs in with the demo authenticator secret (decision 0024).
      const before = await s.call(adminWithdrawalListCall, { state: 'WaitReview' }, { token: op });
      expect(before.failure.code).toBe('second_factor_required');
      const code = await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: s.clock.now() / 1000 });
      expect((await s.call(adminTotpCall, { code }, { token: op })).status).toBe(200);
      const pending = await s.call(adminWithdrawalListCall, { state: 'WaitReview' }, { token: op });
      expect(pending.data.totalElements).toBe(1);
      const out = await money(s, safeWithdrawCall, { amount: 1, safePassword: DEMO_SAFE_PASSWORD }, player);
      expect(out.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
