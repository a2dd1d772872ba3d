import { describe, expect, it } from 'vitest';
import { checkAllowed } from '../../../server/modules/protection/service';
import { serverForSuite } from '../harness';
import { deposit, money, newUser, secondary, signedCallback, type WalletUser } from '../wallet/helpers';

// Deposit limits (decision 0021) over HTTP against the real server, with the test clock.

const HOUR = 3_600_000;
const server = serverForSuite({ demoSeed: true });

const setLimit = (user: WalletUser, period: string, amount: number | null) =>
  server.post('/protection/limit', { period, amount }, user.token);
const state = async (user: WalletUser) => (await server.post('/protection/state', {}, user.token)).data;
const limitOf = async (user: WalletUser, period: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: the answer is checked field by field
  (await state(user)).limits.find((l: any) => l.period === period);
const create = (user: WalletUser, amount: number) =>
  money(server, '/wallet/deposit/create', { amount }, user.token);
const callback = (orderNo: string, amount: number, status: 'paid' | 'failed' = 'paid') =>
  server.post('/wallet/sandbox/callback', signedCallback(orderNo, amount, status));
const MINUTE = 60_000;

describe('deposit limits', () => {
  it('applies a first limit and a decrease at once, an increase only after 24 hours', async () => {
    const u = await newUser(server, { safePassword: null });
    expect((await setLimit(u, 'day', 500)).status).toBe(200);
    expect(await limitOf(u, 'day')).toMatchObject({ amount: 500, pending: null, used: 0 });

    await setLimit(u, 'day', 300);
    expect(await limitOf(u, 'day')).toMatchObject({ amount: 300, pending: null });

    const raised = await setLimit(u, 'day', 800);
    const at = server.clock.now() + 24 * HOUR;
    expect(raised.data.limits[0]).toMatchObject({ amount: 300, pending: { amount: 800, effectiveFrom: at } });
    // Still the lower one until then: 301 is refused.
    const refused = await create(u, 301);
    expect(refused.http).toBe(400);
    expect(refused.data.issues[0]).toMatchObject({ path: 'amount', code: 'deposit_limit_exceeded' });

    server.clock.advance(24 * HOUR - 1);
    expect(await limitOf(u, 'day')).toMatchObject({ amount: 300 });
    server.clock.advance(1);
    expect(await limitOf(u, 'day')).toMatchObject({ amount: 800, pending: null });
    expect((await create(u, 301)).status).toBe(200);
  });

  it('removes a limit only after 24 hours, and a decrease replaces a pending increase', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'week', 200);
    await setLimit(u, 'week', null);
    expect(await limitOf(u, 'week')).toMatchObject({ amount: 200, pending: { amount: null } });
    await setLimit(u, 'week', 150);
    expect(await limitOf(u, 'week')).toMatchObject({ amount: 150, pending: null });
    await setLimit(u, 'week', null);
    server.clock.advance(24 * HOUR);
    expect(await limitOf(u, 'week')).toMatchObject({ amount: null, pending: null });
    expect((await create(u, 5000)).status).toBe(200);
  });

  it('the lowest of several limits applies, counting deposits in each window', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 1000);
    await setLimit(u, 'week', 400);
    await setLimit(u, 'month', 700);
    await deposit(server, u, 300);
    expect((await create(u, 101)).data.issues[0].code).toBe('deposit_limit_exceeded');
    const order = await create(u, 100);
    expect(order.status).toBe(200);
    // The order awaiting payment holds its 100 against the limit (decision 0043) but is not deposited.
    expect(await limitOf(u, 'week')).toMatchObject({ used: 300 });
    expect((await create(u, 1)).data.issues[0].code).toBe('deposit_limit_exceeded');
    // A week later the week's window is empty, the month's still holds the 300 paid (the order awaiting
    // payment expired unpaid): 400 more is allowed, 401 not.
    server.clock.advance(7 * 24 * HOUR + 1);
    expect(await limitOf(u, 'month')).toMatchObject({ used: 300 });
    expect((await create(u, 401)).data.issues[0].code).toBe('deposit_limit_exceeded');
    expect((await create(u, 400)).status).toBe(200);
    // The service's own answer agrees with the endpoint.
    expect(await checkAllowed(server.db, u.id, 'deposit', server.clock.now(), { amount: 1 })).toEqual({
      reason: 'deposit_limit',
      until: null,
    });
    expect(await checkAllowed(server.db, u.id, 'deposit', server.clock.now())).toBeNull();
  });

  it('lets only one of two concurrent deposits near the limit pass', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 150);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(u, 100)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200))
      expect(a.data.issues[0].code).toBe('deposit_limit_exceeded');
    const orders = await server.db
      .selectFrom('deposit_orders')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('a replayed deposit (same key) is answered again, not refused as a second one', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 100);
    const a = await money(server, '/wallet/deposit/create', { amount: 100 }, u.token, 'replay-key-1');
    const b = await money(server, '/wallet/deposit/create', { amount: 100 }, u.token, 'replay-key-1');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.data.orderNo).toBe(a.data.orderNo);
    // A fresh key is a second deposit: over the limit.
    expect((await create(u, 100)).data.issues[0].code).toBe('deposit_limit_exceeded');
  });
});

describe('only completed deposits count as deposited (issue 31)', () => {
  it('leaves unpaid and failed orders out of the deposited figures', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 5000);
    await setLimit(u, 'month', 9000);
    await deposit(server, u, 500);
    expect((await create(u, 600)).status).toBe(200);
    expect((await create(u, 711.56)).status).toBe(200);
    const failed = await create(u, 150);
    expect((await callback(failed.data.orderNo, 150, 'failed')).data.state).toBe('Fail');
    for (const period of ['day', 'week', 'month'])
      expect(await limitOf(u, period)).toMatchObject({ used: 500 });
    // The two orders awaiting payment are shown apart: they hold part of the limits until paid or expired.
    expect((await state(u)).awaiting).toBe(1311.56);
    const history = await server.post('/protection/history', {}, u.token);
    expect(history.data.months.at(-1)).toMatchObject({ deposits: 500 });
  });

  it('counts an order from when it was paid, not from when it was made', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 1000);
    const order = await create(u, 300);
    expect(await limitOf(u, 'day')).toMatchObject({ used: 0 });
    server.clock.advance(20 * MINUTE);
    expect((await callback(order.data.orderNo, 300)).data.state).toBe('Success');
    expect(await limitOf(u, 'day')).toMatchObject({ used: 300 });
    expect((await state(u)).awaiting).toBe(0);
    // 24 hours after the order was made, but not after it was paid: still inside the day's window.
    server.clock.advance(24 * HOUR - 10 * MINUTE);
    expect(await limitOf(u, 'day')).toMatchObject({ used: 300 });
    expect((await create(u, 701)).data.issues[0].code).toBe('deposit_limit_exceeded');
    server.clock.advance(10 * MINUTE);
    expect(await limitOf(u, 'day')).toMatchObject({ used: 0 });
    expect((await create(u, 1000)).status).toBe(200);
  });

  it('refuses a new order while orders awaiting payment hold the rest of the limit, until they expire', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 500);
    expect((await create(u, 300)).status).toBe(200);
    expect((await create(u, 200)).status).toBe(200);
    // Three open orders cannot add up past the limit: the third is refused though nothing is deposited.
    expect((await create(u, 1)).data.issues[0].code).toBe('deposit_limit_exceeded');
    expect(await limitOf(u, 'day')).toMatchObject({ used: 0 });
    expect((await state(u)).awaiting).toBe(500);
    server.clock.advance(31 * MINUTE);
    expect((await state(u)).awaiting).toBe(0);
    expect((await create(u, 500)).status).toBe(200);
  });

  it('credits an order paid when its limit has since been lowered: the money has arrived', async () => {
    const u = await newUser(server, { safePassword: null });
    await setLimit(u, 'day', 500);
    const order = await create(u, 400);
    await setLimit(u, 'day', 100);
    expect((await callback(order.data.orderNo, 400)).data.state).toBe('Success');
    expect((await secondary(server, u)).totalCoin).toBe(400);
    expect(await limitOf(u, 'day')).toMatchObject({ amount: 100, used: 400 });
    expect((await create(u, 1)).data.issues[0].code).toBe('deposit_limit_exceeded');
  });
});

describe('bad input', () => {
  it.each([
    [{ period: 'year', amount: 100 }, 'period', 'period_invalid'],
    [{ amount: 100 }, 'period', 'period_invalid'],
    [{ period: 'day', amount: -5 }, 'amount', 'amount_invalid'],
    [{ period: 'day', amount: 0 }, 'amount', 'amount_invalid'],
    [{ period: 'day', amount: 1.005 }, 'amount', 'amount_invalid'],
    [{ period: 'day', amount: 10_000_001 }, 'amount', 'amount_above_max'],
    [{ period: 'day', amount: '100' }, 'amount', 'invalid_type'],
  ])('refuses %j', async (body, path, code) => {
    const u = await newUser(server, { safePassword: null });
    const res = await server.post('/protection/limit', body, u.token);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path, code });
    expect(await limitOf(u, 'day')).toMatchObject({ amount: null, pending: null });
  });

  it('refuses every call without a session', async () => {
    for (const path of [
      '/protection/state',
      '/protection/limit',
      '/protection/block',
      '/protection/history',
    ]) {
      const res = await server.post(path, { period: 'day', amount: 1 });
      expect(res.http).toBe(401);
    }
  });
});
