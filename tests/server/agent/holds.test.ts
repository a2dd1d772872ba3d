import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminAgentJobCall,
  adminHoldCancelCall,
  adminHoldListCall,
  adminHoldReleaseCall,
  adminVoidRoundCall,
  HOLD_NOTE_MAX,
} from '#contract/admin/agent';
import { userInfoCall } from '#contract/user';
import { addDays, type Day } from '../../../server/business-days';
import type { AppContext } from '../../../server/context';
import type { Db } from '../../../server/db/create-db';
import * as lineDays from '../../../server/db/migrations/0027_agent_line_days';
import { linesByDay } from '../../../server/modules/agent/report-repository';
import { settleDay } from '../../../server/modules/agent/settlement';
import { addProvider, openSession, seamlessCall, txId } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import {
  deposit,
  expectLedgerSound,
  money,
  moneyUntyped,
  newKey,
  newUser,
  seedSites,
  type WalletUser,
} from '../wallet/helpers';
import {
  addValid,
  bareUsers,
  ctxOf,
  earnings,
  expectLineDaysKept,
  linesOf,
  link,
  nextDay,
  setRatios,
  systemBalance,
  todayOf,
} from './settle-fixtures';

// Commission held for review (decision 0017): decided at settlement on shared devices and addresses and on
// a fast first deposit from the agent's own address; released or cancelled by an operator exactly once.

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
let ctx: AppContext;
let operator: WalletUser;
let day: Day;
/** Agents and members by name. */
const u: Record<string, number> = {};
const uid: Record<string, number> = {};

const hash = (v: string) => createHash('sha256').update(v).digest('hex');

async function signal(db: Db, userId: number, kind: 'ip' | 'device', value: string, firstSeen: number) {
  await db
    .insertInto('user_signals')
    .values({ user_id: userId, kind, value_hash: hash(value), first_seen: firstSeen, last_seen: firstSeen })
    .execute();
}

const holdsOf = async () =>
  (await server.db.selectFrom('agent_holds').selectAll().orderBy('id').execute()).map((h) => ({
    id: Number(h.id),
    agent: Number(h.agent_id),
    member: Number(h.member_id),
    amount: Number(h.amount),
    reason: h.reason,
    state: h.state,
  }));
const holdOf = async (agent: string) => (await holdsOf()).find((h) => h.agent === u[agent]) as { id: number };

const release = (id: unknown, note: unknown = 'checked: a family', key = newKey(), token = operator.token) =>
  moneyUntyped(server, adminHoldReleaseCall, { id, note }, token, key);
const cancel = (id: unknown, note: unknown = 'same person', key = newKey(), token = operator.token) =>
  moneyUntyped(server, adminHoldCancelCall, { id, note }, token, key);

beforeAll(async () => {
  ctx = ctxOf(server);
  await seedSites(server);
  operator = await newUser(server, { safePassword: null });
  await makeOperator(server, operator);
  const now = server.clock.now();
  day = todayOf(server);
  const [top, a1, a2, a3, m1, m2, m4] = await bareUsers(server.db, 7, now);
  Object.assign(u, { top, a1, a2, a3, m1, m2, m4 });
  // m3 registers and deposits through the app: the fast deposit is judged on its real first deposit.
  const m3 = await newUser(server, { safePassword: null });
  u.m3 = m3.id;
  for (const [name, id] of Object.entries(u)) {
    const row = await server.db
      .selectFrom('users')
      .select('uid')
      .where('id', '=', id as number)
      .executeTakeFirstOrThrow();
    uid[name] = Number(row.uid);
  }
  await link(server.db, u.a1 as number, u.top as number, '2000-01-01');
  for (const [member, agent] of [
    ['m1', 'a1'],
    ['m4', 'a1'],
    ['m2', 'a2'],
    ['m3', 'a3'],
  ] as const)
    await link(server.db, u[member] as number, u[agent] as number, '2000-01-01');
  await setRatios(server.db, u.top as number, { slots: 200 }, '2000-01-01');
  for (const a of ['a1', 'a2', 'a3'])
    await setRatios(server.db, u[a] as number, { slots: 100 }, '2000-01-01');
  for (const m of ['m1', 'm2', 'm3', 'm4']) {
    await setRatios(server.db, u[m] as number, { slots: 20 }, '2000-01-01');
    await addValid(server.db, u[m] as number, day, 'slots', 100_00);
  }
  // m1 and a1 share a device (and top, above a1, shares nothing); m2 and a2 an address, m2 never deposited;
  // m3 registered from a3's address and deposited at once; m4 shares nothing with anyone.
  const early = now - 3_600_000;
  await signal(server.db, u.a1 as number, 'device', 'phone-1', early);
  await signal(server.db, u.m1 as number, 'device', 'phone-1', now);
  await signal(server.db, u.a2 as number, 'ip', '10.9.9.2', early);
  await signal(server.db, u.m2 as number, 'ip', '10.9.9.2', now);
  await signal(server.db, u.a3 as number, 'ip', '10.9.9.3', early);
  await signal(server.db, u.m3 as number, 'ip', '10.9.9.3', early);
  await deposit(server, m3, 50);
  await signal(server.db, u.m4 as number, 'ip', '10.9.9.4', now);
  await signal(server.db, u.top as number, 'ip', '10.9.9.5', now);
  nextDay(server);
  expect(await settleDay(ctx, day)).toMatchObject({ outcome: 'settled', holds: 3 });
});

describe('holds at settlement', () => {
  it('holds an agent’s commission from a member sharing its device or address, or deposited fast from it', async () => {
    expect(await holdsOf()).toEqual([
      expect.objectContaining({
        agent: u.a1,
        member: u.m1,
        amount: 80,
        reason: 'shared_device',
        state: 'held',
      }),
      expect.objectContaining({ agent: u.a2, member: u.m2, amount: 80, reason: 'shared_ip', state: 'held' }),
      expect.objectContaining({
        agent: u.a3,
        member: u.m3,
        amount: 80,
        reason: 'fast_deposit',
        state: 'held',
      }),
    ]);
    // a1: m4's commission paid, m1's held; top above is paid from both; rake back is never held.
    expect(await earnings(server.db, u.a1 as number, 'commission')).toBe(80);
    expect(await earnings(server.db, u.a1 as number, 'held')).toBe(80);
    expect(await earnings(server.db, u.top as number, 'commission')).toBe(200);
    expect(await earnings(server.db, u.m1 as number, 'rakeback')).toBe(20);
    const lines = await linesOf(server.db, { day });
    const held = lines.filter((l) => l.holdId !== null);
    expect(held.map((l) => [l.earner, l.member, l.tx])).toEqual(
      expect.arrayContaining([
        [u.a1, u.m1, null],
        [u.a2, u.m2, null],
        [u.a3, u.m3, null],
      ]),
    );
    expect(held).toHaveLength(3);
    // The hold points at the posting that moved the money to the held account.
    const [first] = await server.db.selectFrom('agent_holds').selectAll().orderBy('id').execute();
    const posting = await server.db
      .selectFrom('ledger_transactions')
      .select('external_ref')
      .where('id', '=', Number(first?.hold_transaction_id))
      .executeTakeFirst();
    expect(posting?.external_ref).toBe(`commission:${day}:${u.a1}`);
  });
});

describe('the operator’s review', () => {
  it('lists holds by state, paged, with who they are about', async () => {
    const all = await server.call(adminHoldListCall, { state: 'held', size: 2 }, { token: operator.token });
    expect(all.status).toBe(200);
    expect(all.data).toMatchObject({ totalElements: 3, totalPages: 2, number: 0 });
    expect(all.data.content).toHaveLength(2);
    // Newest first.
    expect(all.data.content[0]).toMatchObject({
      agent: { uid: uid.a3 },
      member: { uid: uid.m3 },
      day,
      amount: 0.8,
      reason: 'fast_deposit',
      state: 'held',
      resolvedBy: null,
      note: null,
    });
    const page2 = await server.call(
      adminHoldListCall,
      { state: 'held', size: 2, number: 1 },
      { token: operator.token },
    );
    expect(page2.data.content.map((h: { agent: { uid: number } }) => h.agent.uid)).toEqual([uid.a1]);
    const none = await server.call(adminHoldListCall, { state: 'cancelled' }, { token: operator.token });
    expect(none.data.totalElements).toBe(0);
    const bad = await server.callUntyped(adminHoldListCall, { state: 'pending' }, { token: operator.token });
    expect(bad.http).toBe(400);
    expect(bad.failure.issues?.[0]).toMatchObject({ path: 'state', code: 'invalid_type' });
  });

  it('releases a hold to the agent’s commission once; its lines then lead to the release', async () => {
    const hold = await holdOf('a1');
    const key = newKey();
    const released = await release(hold.id, 'checked: a family', key);
    expect(released.http).toBe(200);
    expect(released.data).toMatchObject({
      id: hold.id,
      state: 'released',
      amount: 0.8,
      note: 'checked: a family',
      resolvedBy: { uid: operator.uid },
      resolvedAt: server.clock.now(),
    });
    expect(await earnings(server.db, u.a1 as number, 'held')).toBe(0);
    expect(await earnings(server.db, u.a1 as number, 'commission')).toBe(160);
    const lines = (await linesOf(server.db, { day })).filter((l) => l.holdId === hold.id);
    expect(lines.map((l) => l.tx)).toEqual([released.data.resolveTransactionId]);

    // Replayed: the first answer, nothing more; again or cancelled after: refused.
    const replay = await release(hold.id, 'checked: a family', key);
    expect(replay.data).toEqual(released.data);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    for (const again of [await release(hold.id), await cancel(hold.id)]) {
      expect(again.http).toBe(409);
      expect(again.data).toEqual({ code: 'state_changed' });
    }
    expect(await earnings(server.db, u.a1 as number, 'commission')).toBe(160);
  });

  it('cancels a hold back to the house once', async () => {
    const hold = await holdOf('a2');
    const house = await systemBalance(server.db, 'commission');
    const cancelled = await cancel(hold.id);
    expect(cancelled.http).toBe(200);
    expect(cancelled.data).toMatchObject({
      state: 'cancelled',
      note: 'same person',
      resolvedBy: { uid: operator.uid },
    });
    expect(await earnings(server.db, u.a2 as number, 'held')).toBe(0);
    expect(await earnings(server.db, u.a2 as number, 'commission')).toBe(0);
    expect(await systemBalance(server.db, 'commission')).toBe(house + 80);
    const lines = (await linesOf(server.db, { day })).filter((l) => l.holdId === hold.id);
    expect(lines.map((l) => l.tx)).toEqual([null]);
    expect((await release(hold.id)).data).toEqual({ code: 'state_changed' });
  });

  it('lets one of a release and a cancel racing each other win', async () => {
    const hold = await holdOf('a3');
    const house = await systemBalance(server.db, 'commission');
    const results = await Promise.all([release(hold.id), cancel(hold.id), release(hold.id), cancel(hold.id)]);
    expect(results.filter((r) => r.http === 200)).toHaveLength(1);
    expect(results.filter((r) => r.http === 409)).toHaveLength(3);
    const won = results.find((r) => r.http === 200)?.data.state;
    expect(await earnings(server.db, u.a3 as number, 'held')).toBe(0);
    expect(await earnings(server.db, u.a3 as number, 'commission')).toBe(won === 'released' ? 80 : 0);
    expect(await systemBalance(server.db, 'commission')).toBe(won === 'cancelled' ? house + 80 : house);
    await expectLedgerSound(server);
  });

  it('refuses a missing or too long note, an unknown hold, a bad id, and a call without its key', async () => {
    const hold = await holdOf('a1');
    for (const [body, path, code] of [
      [{ id: hold.id }, 'note', 'required'],
      [{ id: hold.id, note: '   ' }, 'note', 'required'],
      [{ id: hold.id, note: 'x'.repeat(HOLD_NOTE_MAX + 1) }, 'note', 'too_long'],
      [{ id: 'one', note: 'n' }, 'id', 'invalid_type'],
      [{ note: 'n' }, 'id', 'required'],
    ] as const) {
      const res = await moneyUntyped(server, adminHoldReleaseCall, body, operator.token);
      expect(res.http).toBe(400);
      expect(res.failure.issues?.[0]).toMatchObject({ path, code });
    }
    const unknown = await release(99_999_999);
    expect(unknown.http).toBe(400);
    expect(unknown.failure.issues?.[0]).toMatchObject({ path: 'id', code: 'hold_not_found' });
    const noKey = await release(hold.id, 'n', null as unknown as string);
    expect(noKey.http).toBe(400);
  });

  it('is the operator’s only', async () => {
    const agent = await newUser(server, { safePassword: null });
    const hold = await holdOf('a3');
    for (const [declaration, body] of [
      [adminHoldListCall, {}],
      [adminHoldReleaseCall, { id: hold.id, note: 'n' }],
      [adminHoldCancelCall, { id: hold.id, note: 'n' }],
      [adminAgentJobCall, { uid: agent.uid, senior: true }],
    ] as const) {
      // Untyped: the cases are of different calls (a key for those that move money, harmless elsewhere).
      const anonymous = await server.callUntyped(declaration, body, { key: newKey() });
      expect(anonymous.http).toBe(401);
      const notOperator = await server.callUntyped(declaration, body, { token: agent.token, key: newKey() });
      expect(notOperator.http).toBe(403);
      expect(notOperator.data).toEqual({ code: 'operator_only' });
    }
  });
});

describe('the senior agent job', () => {
  it('is granted and taken back by an operator', async () => {
    const agent = await newUser(server, { safePassword: null });
    const granted = await server.call(
      adminAgentJobCall,
      { uid: agent.uid, senior: true },
      { token: operator.token },
    );
    expect(granted.data).toEqual({ uid: agent.uid, job: 2 });
    const info = await server.call(userInfoCall, {}, { token: agent.token });
    expect(info.data.job).toBe(2);
    const revoked = await server.call(
      adminAgentJobCall,
      { uid: agent.uid, senior: false },
      { token: operator.token },
    );
    expect(revoked.data).toEqual({ uid: agent.uid, job: 1 });
    expect((await server.call(userInfoCall, {}, { token: agent.token })).data.job).toBe(1);
    // Taking back what a player never had leaves them a player.
    const player = await newUser(server, { safePassword: null });
    const unchanged = await server.call(
      adminAgentJobCall,
      { uid: player.uid, senior: false },
      { token: operator.token },
    );
    expect(unchanged.data).toEqual({ uid: player.uid, job: 0 });
    for (const [body, path, code] of [
      [{ uid: agent.uid }, 'senior', 'required'],
      [{ uid: agent.uid, senior: 'yes' }, 'senior', 'invalid_type'],
      [{ senior: true }, 'uid', 'member_required'],
      [{ uid: 'x', senior: true }, 'uid', 'invalid_type'],
    ] as const) {
      const res = await server.callUntyped(adminAgentJobCall, body, { token: operator.token });
      expect(res.http).toBe(400);
      expect(res.failure.issues?.[0]).toMatchObject({ path, code });
    }
    const unknown = await server.call(adminAgentJobCall, { uid: 1, senior: true }, { token: operator.token });
    expect(unknown.failure.issues?.[0]).toMatchObject({ path: 'uid', code: 'user_not_found' });
  });
});

describe('a correction of commission still held', () => {
  /** A member sharing the agent's device plays two rounds (30 and 20) on a day that is then settled: held. */
  async function heldDay() {
    const provider = await addProvider(server);
    const [agent] = await bareUsers(server.db, 1, server.clock.now());
    const member = await newUser(server, { safePassword: null });
    await link(server.db, member.id, agent as number, '2000-01-01');
    await setRatios(server.db, agent as number, { slots: 100 }, '2000-01-01');
    await setRatios(server.db, member.id, { slots: 0 }, '2000-01-01');
    await signal(server.db, agent as number, 'device', `dev-${randomUUID()}`, 0);
    const shared = await server.db
      .selectFrom('user_signals')
      .select('value_hash')
      .where('user_id', '=', agent as number)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('user_signals')
      .values({
        user_id: member.id,
        kind: 'device',
        value_hash: shared.value_hash,
        first_seen: 0,
        last_seen: 0,
      })
      .execute();
    await deposit(server, member, 100);
    const session = await openSession(server, provider, member);
    const rounds: number[] = [];
    for (const stake of [30_00, 20_00]) {
      const ref = txId('round');
      const base = { sessionToken: session.sessionToken, playerId: session.playerId, roundId: ref };
      await seamlessCall(server, provider, 'bet', {
        ...base,
        transactionId: txId('b'),
        gameCode: provider.gameCode,
        amount: stake,
      });
      await seamlessCall(server, provider, 'win', {
        ...base,
        transactionId: txId('w'),
        gameCode: provider.gameCode,
        amount: 0,
        roundClosed: true,
      });
      const row = await server.db
        .selectFrom('game_rounds')
        .select('id')
        .where('round_ref', '=', ref)
        .executeTakeFirstOrThrow();
      rounds.push(Number(row.id));
    }
    const played = todayOf(server);
    nextDay(server);
    await settleDay(ctx, played);
    const hold = (await holdsOf()).find((h) => h.agent === agent) as { id: number; amount: number };
    expect(hold).toMatchObject({ amount: 50, state: 'held', reason: 'shared_device' });

    return { agent: agent as number, hold, rounds, played };
  }

  it('lowers the hold, so its release moves what is left', async () => {
    const { agent, hold, rounds, played } = await heldDay();
    const voided = await money(server, adminVoidRoundCall, { roundId: rounds[0] as number }, operator.token);
    expect(voided.data.corrected).toBe(true);
    nextDay(server);
    expect((await settleDay(ctx, addDays(todayOf(server), -1))).corrections).toBe(1);
    expect((await holdsOf()).find((h) => h.id === hold.id)).toMatchObject({ amount: 20, state: 'held' });
    expect(await earnings(server.db, agent as number, 'held')).toBe(20);
    expect(await earnings(server.db, agent as number, 'commission')).toBe(0);
    const released = await release(hold.id);
    expect(released.data.amount).toBe(0.2);
    expect(await earnings(server.db, agent as number, 'commission')).toBe(20);
    expect(await earnings(server.db, agent as number, 'held')).toBe(0);
    const lines = (await linesOf(server.db)).filter((l) => l.holdId === hold.id);
    expect(lines.map((l) => [l.amount, l.correctsDay, l.tx])).toEqual([
      [50, null, released.data.resolveTransactionId],
      [-30, played, released.data.resolveTransactionId],
    ]);
    await expectLedgerSound(server);
  });

  it('keeps a cancelled hold out of the statement, with a correction booked against it after', async () => {
    const { agent, hold, rounds, played } = await heldDay();
    await cancel(hold.id);
    const voided = await money(server, adminVoidRoundCall, { roundId: rounds[1] as number }, operator.token);
    expect(voided.data.corrected).toBe(true);
    nextDay(server);
    expect((await settleDay(ctx, addDays(todayOf(server), -1))).corrections).toBe(1);
    // The correction's line names the cancelled hold: neither it nor the hold's own line is the agent's.
    const lines = (await linesOf(server.db)).filter((l) => l.holdId === hold.id);
    expect(lines.map((l) => [l.amount, l.correctsDay])).toEqual([
      [50, null],
      [-20, played],
    ]);
    expect(await earnings(server.db, agent, 'commission')).toBe(0);
    const span = { from: played, to: todayOf(server), start: 0, end: 0 };
    expect(await linesByDay(server.db, agent, 'commission', span)).toEqual([]);
    await expectLineDaysKept(server.db);
  });

  it('leaves the statement totals equal to the lines they sum, through holds, releases, cancels and corrections', async () => {
    const cancelled = (await holdsOf()).filter((h) => h.state === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    await expectLineDaysKept(server.db);
    // The migration on a database with lines already (down, then up): its backfill makes the same totals.
    const kept = await server.db.selectFrom('agent_line_days').selectAll().where('lines', '>', 0).execute();
    await lineDays.down(server.db);
    await lineDays.up(server.db);
    await expectLineDaysKept(server.db);
    const filled = await server.db.selectFrom('agent_line_days').selectAll().execute();
    const byKey = (rows: typeof kept) => new Map(rows.map((r) => [`${r.earner_id}|${r.kind}|${r.day}`, r]));
    expect(byKey(filled)).toEqual(byKey(kept));
  });
});
