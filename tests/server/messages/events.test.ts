// Issue 15, messages fed by events (decision 0020): each event writes exactly one message, in the event's own
// transaction, however often its call is replayed (idempotency key, duplicate provider callback, settlement run
// twice); a rolled-back event leaves none.
import { beforeAll, describe, expect, it } from 'vitest';
import { settleDay } from '../../../server/modules/agent/settlement';
import { sendMessage } from '../../../server/modules/messages/service';
import { addValid, bareUsers, ctxOf, link, nextDay, setRatios, todayOf } from '../agent/settle-fixtures';
import { bindTo, quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import {
  addBankCard,
  deposit,
  money,
  newKey,
  newUser,
  SAFE_PASSWORD,
  signedCallback,
  type WalletUser,
} from '../wallet/helpers';
import { storedMessages } from './fixtures';

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' }, demoSeed: true });
let operator: WalletUser;
beforeAll(async () => {
  operator = await newUser(server, { safePassword: null });
  await makeOperator(server, operator);
});

const kinds = async (userId: number) => (await storedMessages(server.db, userId)).map((m) => m.kind);

describe('deposit completed', () => {
  it('writes one message with the amount, even when the provider calls back again', async () => {
    const u = await newUser(server, { safePassword: null });
    const orderNo = await deposit(server, u, 250.5);
    const again = await server.post('/wallet/sandbox/callback', signedCallback(orderNo, 250.5));
    expect(again.data.state).toBe('Success');
    const messages = await storedMessages(server.db, u.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'deposit_completed',
      params: { amount: 250.5, orderNo },
      dedupe_key: `deposit:${orderNo}`,
      read_at: null,
    });
  });

  it('writes none for a failed payment', async () => {
    const u = await newUser(server, { safePassword: null });
    const created = await money(server, '/wallet/deposit/create', { amount: 100 }, u.token);
    const cb = await server.post(
      '/wallet/sandbox/callback',
      signedCallback(created.data.orderNo, 100, 'failed'),
    );
    expect(cb.data.state).toBe('Fail');
    expect(await kinds(u.id)).toEqual([]);
  });
});

/** The operator's money call on a withdrawal, under a fresh idempotency key unless given one. */
const review = (path: string, body: object, key?: string) => money(server, path, body, operator.token, key);

describe('withdrawals', () => {
  it('a settled payout and a rejection (with its reason) each write one message, replays none', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 500);
    const create = (amount: number) =>
      money(server, '/wallet/withdraw/create', { amount, methodId, safePassword: SAFE_PASSWORD }, u.token);
    const a = await create(100);
    const b = await create(150);
    const rejectKey = newKey();
    const reject = () =>
      review('/admin/withdrawals/reject', { id: a.data.id, reason: 'Name mismatch' }, rejectKey);
    expect((await reject()).data.state).toBe('Fail');
    expect((await reject()).headers.get('idempotent-replayed')).toBe('true');
    const second = await review('/admin/withdrawals/reject', { id: a.data.id, reason: 'x' });
    expect(second.http).toBe(409);

    await review('/admin/withdrawals/approve', { id: b.data.id });
    await review('/admin/withdrawals/execute', { id: b.data.id });
    const settleKey = newKey();
    for (let i = 0; i < 2; i++)
      await review('/admin/withdrawals/settle', { id: b.data.id, outcome: 'Success' }, settleKey);

    const messages = (await storedMessages(server.db, u.id)).filter((m) => m.kind !== 'deposit_completed');
    expect(messages.map((m) => [m.kind, m.params])).toEqual([
      ['withdrawal_rejected', { amount: 100, orderNo: a.data.orderNo, reason: 'Name mismatch' }],
      ['withdrawal_settled', { amount: 150, orderNo: b.data.orderNo }],
    ]);
  });

  it('a failed payout is a rejection with the reason', async () => {
    const u = await newUser(server);
    const methodId = await addBankCard(server, u);
    await deposit(server, u, 300);
    const w = await money(
      server,
      '/wallet/withdraw/create',
      { amount: 120, methodId, safePassword: SAFE_PASSWORD },
      u.token,
    );
    await review('/admin/withdrawals/approve', { id: w.data.id });
    await review('/admin/withdrawals/execute', { id: w.data.id });
    // Without a reason the settle is refused: rolled back, so no message.
    const refused = await review('/admin/withdrawals/settle', { id: w.data.id, outcome: 'Fail' });
    expect(refused.http).toBe(400);
    expect(await kinds(u.id)).toEqual(['deposit_completed']);
    await review('/admin/withdrawals/settle', { id: w.data.id, outcome: 'Fail', reason: 'Bank refused' });
    const last = (await storedMessages(server.db, u.id)).at(-1);
    expect(last).toMatchObject({
      kind: 'withdrawal_rejected',
      params: { amount: 120, reason: 'Bank refused' },
    });
  });
});

describe('transfer received', () => {
  it('writes one message to the receiver (none to the sender), a replayed call none more', async () => {
    const a = await newUser(server);
    const b = await newUser(server, { safePassword: null });
    await deposit(server, a, 100);
    const key = newKey();
    const send = () =>
      money(
        server,
        '/wallet/transfer',
        { receiverUid: b.uid, amount: 40, safePassword: SAFE_PASSWORD },
        a.token,
        key,
      );
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    await Promise.all([1, 2].map(() => send()));
    const received = await storedMessages(server.db, b.id);
    expect(received.map((m) => [m.kind, m.params])).toEqual([
      ['transfer_received', { amount: 40, fromUid: a.uid }],
    ]);
    expect(await kinds(a.id)).toEqual(['deposit_completed']);
    // A refused transfer (more than withdrawable) writes nothing.
    const poor = await money(
      server,
      '/wallet/transfer',
      { receiverUid: b.uid, amount: 1000, safePassword: SAFE_PASSWORD },
      a.token,
    );
    expect(poor.status).not.toBe(200);
    expect(await storedMessages(server.db, b.id)).toHaveLength(1);
  });
});

describe('ratio changed', () => {
  it('tells the member of each channel changed, once per value', async () => {
    const top = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
    const member = await quickUser(server, { job: 1 });
    await bindTo(server, member, top);
    const before = (await storedMessages(server.db, member.id)).length;
    const set = (ratios: unknown) =>
      server.post('/uid/app/agentdown', { memberUid: member.uid, ratios }, top.token);
    expect((await set([{ channel: 'slots', rate: 0.3 }])).status).toBe(200);
    expect((await set([{ channel: 'slots', rate: 0.3 }])).status).toBe(200);
    // Refused (above the agent's own): no message.
    expect((await set([{ channel: 'slots', rate: 0.9 }])).http).toBe(400);
    const messages = (await storedMessages(server.db, member.id)).slice(before);
    expect(messages.map((m) => m.kind)).toEqual(['ratio_changed']);
    expect(messages[0]?.params).toMatchObject({ from: 0, rate: 0.3 });
    expect(await kinds(top.id)).toEqual([]);
  });
});

describe('commission settled', () => {
  it('writes one message per earner of the day, in bulk, and none more when the day is settled again', async () => {
    const ctx = ctxOf(server);
    nextDay(server);
    const day = todayOf(server);
    const [top, mid, leaf] = (await bareUsers(server.db, 3, server.clock.now())) as [number, number, number];
    await link(server.db, mid, top, '2000-01-01');
    await link(server.db, leaf, mid, '2000-01-01');
    await setRatios(server.db, top, { slots: 100 }, '2000-01-01');
    await setRatios(server.db, mid, { slots: 40 }, '2000-01-01');
    await setRatios(server.db, leaf, { slots: 10 }, '2000-01-01');
    await addValid(server.db, leaf, day, 'slots', 1000_00);
    nextDay(server);
    expect((await settleDay(ctx, day)).outcome).toBe('settled');
    expect((await settleDay(ctx, day)).outcome).toBe('already_settled');
    const one = async (id: number) => {
      const m = await storedMessages(server.db, id);
      expect(m).toHaveLength(1);
      return m[0];
    };
    expect(await one(top)).toMatchObject({
      kind: 'commission_settled',
      params: { day, commission: 6, held: 0, rakeback: 0 },
    });
    expect(await one(mid)).toMatchObject({ params: { day, commission: 3, rakeback: 0 } });
    expect(await one(leaf)).toMatchObject({ params: { day, commission: 0, rakeback: 1 } });
  });
});

describe('sendMessage', () => {
  it('writes once per key, also when called at the same time, and nothing when the caller rolls back', async () => {
    const u = await newUser(server, { safePassword: null });
    const now = server.clock.now();
    const msg = {
      userId: u.id,
      kind: 'prize_won' as const,
      params: { prize: 'Cash', amount: 8.88 },
      dedupeKey: `test:${u.id}`,
      now,
    };
    await Promise.all([1, 2, 3].map(() => server.db.transaction().execute((trx) => sendMessage(trx, msg))));
    expect(await kinds(u.id)).toEqual(['prize_won']);
    await expect(
      server.db.transaction().execute(async (trx) => {
        await sendMessage(trx, { ...msg, dedupeKey: `test:${u.id}:rolled-back` });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await kinds(u.id)).toEqual(['prize_won']);
  });
});
