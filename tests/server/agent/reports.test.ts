// The agent's summary, reports, the rows behind each figure and the rake back page (issue 14): the figures of
// a small known tree equal hand-computed totals, ranges are business days (week from Monday, month, custom
// checked), the rows of a figure are paged and never leave the viewer's subtree, a player sees only their
// own figures, and nobody without a session sees anything.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentDetailCall, rakeBackCall, reportCall, reportDetailsCall } from '#contract/agent';
import { depositCreateCall } from '#contract/wallet';
import type { Day } from '../../../server/business-days';
import type { Db } from '../../../server/db/create-db';
import { resolveHold } from '../../../server/modules/agent/holds';
import { settleDay } from '../../../server/modules/agent/settlement';
import { withMoneyTx } from '../../../server/modules/ledger/service';
import { type ApiResult, serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import {
  askWithdrawal,
  deposit,
  money,
  newUser,
  payOutWithdrawal,
  seedSites,
  type WalletUser,
} from '../wallet/helpers';
import { setRatios } from './settle-fixtures';

const server = serverForSuite();
/** The tree: A (agent) -> B (agent) -> C (player); A -> D (player). Another branch: X (agent) -> Y. P alone. */
let a: WalletUser;
let b: WalletUser;
let c: WalletUser;
let d: WalletUser;
let x: WalletUser;
let y: WalletUser;
let p: WalletUser;
let operator: WalletUser;

// The test clock starts at 2026-01-15 12:00 UTC: 20:00 in Manila (the default business time zone), a Thursday.
const TODAY = '2026-01-15';
const YESTERDAY = '2026-01-14';
const MONDAY = '2026-01-12';
/** 2026-01-15 00:00 in Manila (UTC+8, no DST). */
const TODAY_START = Date.UTC(2026, 0, 14, 16, 0, 0);

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
const codeOf = (res: ApiResult<any>) =>
  res.data?.code ??
  res.data?.issues?.map((i: { path: string; code: string }) => `${i.path}:${i.code}`).join(',');

async function link(db: Db, ancestor: WalletUser, descendant: WalletUser, depth: number, day = '2000-01-01') {
  await db
    .insertInto('agent_tree')
    .values({ ancestor_id: ancestor.id, descendant_id: descendant.id, depth, effective_day: day })
    .execute();
}

const ratio = (db: Db, user: WalletUser, channel: string, bp: number, day: Day = '2000-01-01') =>
  setRatios(db, user.id, { [channel]: bp }, day);

async function play(
  db: Db,
  user: WalletUser,
  day: string,
  channel: string,
  bet: number,
  win: number,
  validBet: number,
) {
  await db
    .insertInto('game_daily_valid')
    .values({ user_id: user.id, day, channel_code: channel, rounds: 1, bet, win, valid_bet: validBet })
    .execute();
}

/** A withdrawal walked to Success by the operator; its order number. */
async function withdrawal(user: WalletUser, amount: number, finish = true): Promise<string> {
  const w = await askWithdrawal(server, user, amount);
  if (finish) await payOutWithdrawal(server, operator.token, w.id);
  return w.orderNo;
}

const report = (user: WalletUser, body: object) =>
  server.callUntyped(reportCall, body, { token: user.token });
const details = (user: WalletUser, body: object) =>
  server.callUntyped(reportDetailsCall, body, { token: user.token });

/** Every row of a figure, page by page. */
async function allRows(user: WalletUser, body: object, size = 2) {
  const rows = [];
  for (let number = 0; ; number++) {
    const res = await details(user, { ...body, number, size });
    expect(res.status).toBe(200);
    rows.push(...res.data.page.content);
    if (number + 1 >= res.data.page.totalPages)
      return { rows, total: res.data.total, count: res.data.page.totalElements };
  }
}

let depositOrders: Record<string, string>;
let withdrawalOrder: string;

beforeAll(async () => {
  await seedSites(server);
  a = await newUser(server);
  b = await newUser(server);
  c = await newUser(server);
  d = await newUser(server);
  x = await newUser(server);
  y = await newUser(server);
  p = await newUser(server);
  operator = await newUser(server, { safePassword: null });
  await makeOperator(server, operator);
  const db = server.db;
  for (const agent of [a, b, x])
    await db.updateTable('users').set({ job: 1 }).where('id', '=', agent.id).execute();
  // Joined: B on Jan 5; C at the last second of yesterday in Manila; D at the first second of today
  // (set before they bind: a team counts a member's registration when the member joins it).
  await db
    .updateTable('users')
    .set({ created_at: Date.UTC(2026, 0, 5) })
    .where('id', '=', b.id)
    .execute();
  await db
    .updateTable('users')
    .set({ created_at: TODAY_START - 1 })
    .where('id', '=', c.id)
    .execute();
  await db.updateTable('users').set({ created_at: TODAY_START }).where('id', '=', d.id).execute();

  await link(db, a, b, 1);
  await link(db, a, c, 2);
  await link(db, b, c, 1);
  await link(db, a, d, 1);
  await link(db, x, y, 1);

  await ratio(db, a, 'slots', 100);
  await ratio(db, a, 'live-casino', 80);
  await ratio(db, b, 'slots', 60);
  await ratio(db, b, 'live-casino', 80);
  await ratio(db, c, 'slots', 20);
  await ratio(db, d, 'slots', 50);
  await ratio(db, d, 'live-casino', 30);
  await ratio(db, x, 'slots', 100);
  await ratio(db, y, 'slots', 40);
  // A change waiting for tomorrow: not today's ratio.
  await ratio(db, a, 'slots', 90, '2026-01-16');

  await play(db, a, TODAY, 'slots', 5000, 2000, 3000);
  await play(db, a, MONDAY, 'slots', 10000, 0, 10000);
  await play(db, c, TODAY, 'slots', 20000, 7655, 12345);
  await play(db, c, YESTERDAY, 'slots', 100000, 0, 100000);
  await play(db, c, '2026-01-10', 'live-casino', 50000, 0, 50000);
  await play(db, d, TODAY, 'slots', 40000, 6667, 33333);
  await play(db, d, TODAY, 'live-casino', 7777, 15554, 7777);
  await play(db, d, '2025-12-31', 'slots', 99999, 0, 99999);
  await play(db, b, '2026-01-13', 'slots', 40000, 0, 40000);
  await play(db, y, TODAY, 'slots', 88888, 0, 88888);
  await play(db, p, TODAY, 'slots', 1000, 0, 1000);

  depositOrders = {
    a: await deposit(server, a, 1000),
    c: await deposit(server, c, 100),
    d: await deposit(server, d, 200),
    dEarly: await deposit(server, d, 50),
    y: await deposit(server, y, 300),
  };
  // D's second deposit completed on Jan 10 (Manila); an unpaid order of C's never counts.
  await db
    .updateTable('deposit_orders')
    .set({ completed_at: Date.UTC(2026, 0, 10, 3) })
    .where('order_no', '=', depositOrders.dEarly as string)
    .execute();
  const unpaid = await money(server, depositCreateCall, { amount: 77 }, c.token);
  expect(unpaid.status).toBe(200);
  withdrawalOrder = await withdrawal(d, 150);
  // Under review: not completed, never counted.
  await withdrawal(c, 100, false);
}, 120_000);

describe('/agent/report', () => {
  it('answers an agent’s own and team figures for today, equal to the hand-computed totals', async () => {
    const res = await report(a, { range: 'today' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      from: TODAY,
      to: TODAY,
      // Today is not settled: its rake back and commission are 0 until it is, and the answer says so.
      unsettledFrom: TODAY,
      own: { bets: 50, validBets: 30, wins: 20, deposits: 1000, withdrawals: 0, rakeBack: 0 },
      team: {
        newMembers: 1,
        activeMembers: 2,
        deposits: 300,
        withdrawals: 150,
        validBets: 534.55,
        commission: 0,
      },
      days: [{ day: TODAY, validBets: 30, rakeBack: 0, teamValidBets: 534.55, commission: 0 }],
    });
  });

  it('counts a week from Monday and a month from the 1st, in business days', async () => {
    const week = await report(a, { range: 'week' });
    expect(week.data).toMatchObject({ from: MONDAY, to: TODAY });
    expect(week.data.own).toMatchObject({ bets: 150, validBets: 130 });
    expect(week.data.team).toEqual({
      newMembers: 2,
      activeMembers: 3,
      deposits: 300,
      withdrawals: 150,
      validBets: 1934.55,
      commission: 0,
    });
    expect(week.data.days.map((r: { day: string }) => r.day)).toEqual([
      MONDAY,
      '2026-01-13',
      YESTERDAY,
      TODAY,
    ]);
    expect(week.data.days.map((r) => r.teamValidBets)).toEqual([0, 400, 1000, 534.55]);

    const month = await report(a, { range: 'month' });
    expect(month.data).toMatchObject({ from: '2026-01-01', to: TODAY });
    expect(month.data.days).toHaveLength(15);
    expect(month.data.team).toEqual({
      newMembers: 3,
      activeMembers: 3,
      deposits: 350,
      withdrawals: 150,
      validBets: 2434.55,
      commission: 0,
    });

    const yesterday = await report(a, { range: 'yesterday' });
    expect(yesterday.data).toMatchObject({ from: YESTERDAY, to: YESTERDAY });
    expect(yesterday.data.team).toMatchObject({
      newMembers: 1,
      activeMembers: 1,
      validBets: 1000,
      deposits: 0,
    });
  });

  it('takes a custom range of up to 92 days and refuses a longer, reversed, unreal or missing one', async () => {
    const custom = await report(a, { range: 'custom', from: '2025-12-31', to: '2026-01-10' });
    expect(custom.data.team).toMatchObject({ validBets: 1499.99, deposits: 50, activeMembers: 2 });
    expect(custom.data.days).toHaveLength(11);
    const longest = await report(a, { range: 'custom', from: '2025-10-16', to: TODAY });
    expect([longest.status, longest.data.days.length]).toEqual([200, 92]);

    for (const [body, code] of [
      [{ range: 'custom', from: '2025-10-15', to: TODAY }, 'to:range_invalid'],
      [{ range: 'custom', from: TODAY, to: YESTERDAY }, 'to:range_invalid'],
      [{ range: 'custom', from: '2026-02-30', to: '2026-03-01' }, 'from:day_invalid'],
      [{ range: 'custom', from: '2026-01-01', to: '2026-13-01' }, 'to:day_invalid'],
      [{ range: 'custom', from: '2026-1-1', to: TODAY }, 'from:day_invalid'],
      [{ range: 'custom', to: TODAY }, 'from:required'],
      [{ range: 'custom', from: TODAY }, 'to:required'],
      [{ range: 'decade' }, 'range:invalid_type'],
      [{ range: 'custom', from: 20260101, to: TODAY }, 'from:invalid_type'],
      [{ range: 'custom', from: `${TODAY}x`.repeat(20), to: TODAY }, 'from:day_invalid'],
    ] as const) {
      const res = await report(a, body);
      expect([JSON.stringify(body), res.http, codeOf(res)]).toEqual([JSON.stringify(body), 400, code]);
    }
  });

  it('shows a player only their own figures, and an agent only their own subtree', async () => {
    const own = await report(p, { range: 'today' });
    expect(own.data.own).toMatchObject({ bets: 10, validBets: 10 });
    expect(own.data.team).toBeUndefined();
    expect(own.data.days).toEqual([{ day: TODAY, validBets: 10, rakeBack: 0 }]);
    // C is a player with bets in B's team: B's figures have them, X's never do.
    const bTeam = await report(b, { range: 'week' });
    expect(bTeam.data.team).toMatchObject({
      activeMembers: 1,
      validBets: 1123.45,
      deposits: 100,
      withdrawals: 0,
    });
    const xTeam = await report(x, { range: 'month' });
    expect(xTeam.data.team).toMatchObject({
      activeMembers: 1,
      validBets: 888.88,
      deposits: 300,
      newMembers: 1,
    });
  });

  it('answers the same to many callers at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(a, { range: 'month' })));
    for (const res of answers) expect(res.data).toEqual(answers[0]?.data);
  });
});

describe('/agent/report/details', () => {
  it('pages the team’s deposits with their orders and ledger transactions, members masked', async () => {
    const { rows, total, count } = await allRows(a, { figure: 'teamDeposits', range: 'month' });
    expect([total, count]).toEqual([350, 3]);
    expect(rows.map((r) => r.orderNo).sort()).toEqual(
      [depositOrders.c, depositOrders.d, depositOrders.dEarly].sort(),
    );
    const txs = await server.db
      .selectFrom('ledger_transactions')
      .select(['id', 'ref'])
      .where('type', '=', 'deposit')
      .execute();
    for (const row of rows) {
      expect(row.ledgerTransactionId).toBe(Number(txs.find((t) => t.ref === row.orderNo)?.id));
      expect(row.member?.phone).toMatch(/^\+63 917\*+\d\d$/);
      expect([c.uid, d.uid]).toContain(row.member?.uid);
    }
    expect(rows.at(-1)).toMatchObject({ day: '2026-01-10', amount: 50, member: { uid: d.uid } });
  });

  it('pages withdrawals paid out, with the payout’s ledger transaction', async () => {
    const team = await allRows(a, { figure: 'teamWithdrawals', range: 'today' });
    expect(team.rows).toHaveLength(1);
    const tx = await server.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('type', '=', 'withdraw_post')
      .where('ref', '=', withdrawalOrder)
      .executeTakeFirstOrThrow();
    expect(team.rows[0]).toMatchObject({
      orderNo: withdrawalOrder,
      amount: 150,
      ledgerTransactionId: Number(tx.id),
    });
    const { member: _, ...ownRow } = { ...team.rows[0] };
    expect((await allRows(d, { figure: 'withdrawals', range: 'today' })).rows).toEqual([ownRow]);
    expect((await allRows(c, { figure: 'withdrawals', range: 'today' })).count).toBe(0);
  });

  it('pages own bets per day and channel, and the team’s valid bets per member and day', async () => {
    const bets = await allRows(a, { figure: 'bets', range: 'week' });
    expect(bets.rows).toEqual([
      { day: TODAY, channel: 'slots', amount: 50 },
      { day: MONDAY, channel: 'slots', amount: 100 },
    ]);
    const team = await allRows(a, { figure: 'teamValidBets', range: 'week' });
    expect(team.total).toBe(1934.55);
    expect(team.rows.map((r) => [r.day, r.member?.uid, r.amount])).toEqual([
      [TODAY, d.uid, 411.1],
      [TODAY, c.uid, 123.45],
      [YESTERDAY, c.uid, 1000],
      ['2026-01-13', b.uid, 400],
    ]);
  });

  it('lists new members of the range by when they joined', async () => {
    const month = await allRows(a, { figure: 'newMembers', range: 'month' });
    expect(month.rows.map((r) => [r.member?.uid, r.day])).toEqual([
      [d.uid, TODAY],
      [c.uid, YESTERDAY],
      [b.uid, '2026-01-05'],
    ]);
    expect(month.count).toBe(3);
  });

  it('never shows a row of another branch', async () => {
    const subtree = new Map([
      [a.uid, [b.uid, c.uid, d.uid]],
      [b.uid, [c.uid]],
      [x.uid, [y.uid]],
    ]);
    for (const viewer of [a, b, x])
      for (const figure of ['teamDeposits', 'teamWithdrawals', 'teamValidBets', 'commission', 'newMembers'])
        for (const row of (await allRows(viewer, { figure, range: 'month' }, 50)).rows)
          expect(subtree.get(viewer.uid)).toContain(row.member?.uid);
    const bDeposits = await allRows(b, { figure: 'teamDeposits', range: 'month' });
    expect(bDeposits.rows.map((r) => r.orderNo)).toEqual([depositOrders.c]);
  });

  it('refuses team figures to a player, a page too large, an unknown figure', async () => {
    for (const figure of ['teamDeposits', 'teamWithdrawals', 'teamValidBets', 'commission', 'newMembers']) {
      const res = await details(p, { figure, range: 'month' });
      expect([figure, res.http, codeOf(res)]).toEqual([figure, 400, 'figure:not_an_agent']);
    }
    expect((await details(p, { figure: 'deposits', range: 'month' })).status).toBe(200);
    expect(codeOf(await details(a, { figure: 'teamDeposits', size: 51 }))).toBe('size:too_long');
    expect(codeOf(await details(a, { figure: 'everything' }))).toBe('figure:invalid_type');
    expect(codeOf(await details(a, {}))).toBe('figure:invalid_type');
    expect(codeOf(await details(a, { figure: 'bets', range: 'custom', from: TODAY, to: '2025-01-01' }))).toBe(
      'to:range_invalid',
    );
  });
});

describe('/uid/app/detail and /agent/rakeback', () => {
  it('sums up an agent: binding, ratios, members, and today’s estimates at today’s ratios', async () => {
    const res = await server.call(agentDetailCall, {}, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      job: 1,
      boundTo: null,
      members: { direct: 2, total: 3 },
      // C: 123 - 74 (B's 0.60%) = 49; D: slots 333 - 166 = 167, live 62 - 23 = 39.
      commission: { balance: 0, held: 0, todayEstimate: 2.55, yesterday: 0 },
      rakeBack: { balance: 0, todayEstimate: 0.3 },
      withdrawMin: 100,
      today: TODAY,
    });
    expect(res.data.ratios).toContainEqual({
      channel: 'slots',
      name: expect.any(String),
      rate: 1,
      next: { rate: 0.9, from: '2026-01-16' },
    });
    const bDetail = await server.call(agentDetailCall, {}, { token: b.token });
    expect(bDetail.data).toMatchObject({
      boundTo: { uid: a.uid },
      members: { direct: 1, total: 1 },
      commission: { todayEstimate: 0.5 },
    });
    const dDetail = await server.call(agentDetailCall, {}, { token: d.token });
    expect(dDetail.data).toMatchObject({
      job: 0,
      members: { direct: 0, total: 0 },
      rakeBack: { todayEstimate: 1.89 },
    });
  });

  it('answers the rake back page', async () => {
    const res = await server.call(rakeBackCall, {}, { token: c.token });
    expect(res.data).toMatchObject({ balance: 0, todayEstimate: 0.24, history: [] });
    expect(res.data.ratios).toContainEqual({ channel: 'slots', name: expect.any(String), rate: 0.2 });
  });
});

describe('access', () => {
  it('refuses every call without a session', async () => {
    for (const declaration of [agentDetailCall, reportCall, reportDetailsCall, rakeBackCall]) {
      // Untyped: one body for calls that take different ones (the session is refused first).
      const res = await server.callUntyped(declaration, { figure: 'bets' });
      expect([declaration.path, res.http]).toEqual([declaration.path, 401]);
      const bad = await server.callUntyped(declaration, { figure: 'bets' }, { token: 'not-a-token' });
      expect([declaration.path, bad.http]).toEqual([declaration.path, 401]);
    }
  });
});

/** What the ledger says an earner was paid by the settlement of these days, per earnings account kind. */
async function settledInLedger(
  user: WalletUser,
  kinds: string[],
  days: string[],
  kind: 'commission' | 'rakeback',
) {
  const row = await server.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as acc', 'acc.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select((eb) => eb.fn.sum<number>('e.amount').as('total'))
    .where('t.external_source', '=', 'settlement')
    .where(
      't.external_ref',
      'in',
      days.map((day) => `${kind}:${day}:${user.id}`),
    )
    .where(
      'acc.code',
      'in',
      kinds.map((k) => `earn:${user.id}:${k}`),
    )
    .executeTakeFirst();
  return Number(row?.total ?? 0) / 100;
}

describe('settled days (last: moves the clock on a day)', () => {
  const SETTLED = ['2025-12-31', '2026-01-10', '2026-01-13', YESTERDAY];
  const range = { range: 'custom', from: SETTLED[0], to: YESTERDAY };

  it('reports the statement of settled days, equal to the ledger’s sums', async () => {
    for (const day of SETTLED) expect((await settleDay(server.app.ctx, day)).outcome).toBe('settled');
    // A: D's 999.99 slots on Dec 31 (1.00% - 0.50%) = 5.00; B's 400 on Jan 13 (1.00% - 0.60%) = 1.60;
    // C's 1000 on Jan 14 (1.00% - 0.60%) = 4.00; C's live casino on Jan 10 earns A nothing (B has 0.80% too).
    const aReport = await report(a, range);
    // Of the range, Jan 1 is the first day settlement has not booked (issue 31, item 15).
    expect(aReport.data.unsettledFrom).toBe('2026-01-01');
    expect((await report(a, { range: 'yesterday' })).data.unsettledFrom).toBeNull();
    expect((await report(a, { range: 'week' })).data.unsettledFrom).toBe(MONDAY);
    expect(aReport.data.team?.commission).toBe(10.6);
    expect(aReport.data.team?.commission).toBe(
      await settledInLedger(a, ['commission', 'held'], SETTLED, 'commission'),
    );
    expect(aReport.data.days.filter((r) => r.commission !== 0).map((r) => [r.day, r.commission])).toEqual([
      ['2025-12-31', 5],
      ['2026-01-13', 1.6],
      [YESTERDAY, 4],
    ]);
    // B: own rake back 2.40 (Jan 13) and commission 4.00 (Jan 10, live casino) + 4.00 (Jan 14).
    const bReport = await report(b, range);
    expect([bReport.data.own.rakeBack, bReport.data.team?.commission]).toEqual([2.4, 8]);
    expect(bReport.data.own.rakeBack).toBe(await settledInLedger(b, ['rakeback'], SETTLED, 'rakeback'));
    expect(bReport.data.team?.commission).toBe(
      await settledInLedger(b, ['commission', 'held'], SETTLED, 'commission'),
    );
    const cReport = await report(c, range);
    expect(cReport.data.own.rakeBack).toBe(2);
    expect(cReport.data.own.rakeBack).toBe(await settledInLedger(c, ['rakeback'], SETTLED, 'rakeback'));
  });

  it('leads every statement row to its ledger transaction', async () => {
    const { rows, total } = await allRows(a, { figure: 'commission', ...range });
    expect(total).toBe(10.6);
    const txs = await server.db
      .selectFrom('ledger_transactions')
      .select(['id', 'external_ref'])
      .where('external_source', '=', 'settlement')
      .execute();
    const txOf = (kind: string, day: string, user: WalletUser) =>
      Number(txs.find((t) => t.external_ref === `${kind}:${day}:${user.id}`)?.id);
    expect(rows.map((r) => [r.day, r.member?.uid, r.amount])).toEqual([
      [YESTERDAY, c.uid, 4],
      ['2026-01-13', b.uid, 1.6],
      ['2025-12-31', d.uid, 5],
    ]);
    for (const row of rows) {
      expect(row.ledgerTransactionId).toBe(txOf('commission', row.day, a));
      expect(row.held).toBeUndefined();
    }
    const rakeBack = await allRows(b, { figure: 'rakeBack', ...range });
    expect(rakeBack.rows).toEqual([
      {
        day: '2026-01-13',
        channel: 'slots',
        amount: 2.4,
        ledgerTransactionId: txOf('rakeback', '2026-01-13', b),
      },
    ]);
  });

  it('answers settled balances, yesterday’s commission and the rake back history', async () => {
    const aDetail = await server.call(agentDetailCall, {}, { token: a.token });
    expect(aDetail.data.commission).toMatchObject({ balance: 10.6, held: 0, yesterday: 4 });
    const bDetail = await server.call(agentDetailCall, {}, { token: b.token });
    expect(bDetail.data.commission).toMatchObject({ balance: 8, yesterday: 4 });
    expect(bDetail.data.rakeBack.balance).toBe(2.4);
    const page = await server.call(rakeBackCall, {}, { token: c.token });
    expect(page.data).toMatchObject({
      balance: 2,
      todayEstimate: 0.24,
      history: [{ day: YESTERDAY, validBets: 1000, amount: 2 }],
    });
  });

  it('settles today as estimated; a held commission says why, and is left out once cancelled', async () => {
    // A and D were seen on one device, B and C too: their commission is held for review.
    for (const [user, hash] of [
      [a, 'device-1'],
      [d, 'device-1'],
      [b, 'device-2'],
      [c, 'device-2'],
    ] as const)
      await server.db
        .insertInto('user_signals')
        .values({ user_id: user.id, kind: 'device', value_hash: hash, first_seen: 0, last_seen: 0 })
        .execute();
    const before = await server.call(agentDetailCall, {}, { token: a.token });
    server.clock.advance(86_400_000);
    expect((await settleDay(server.app.ctx, TODAY)).outcome).toBe('settled');

    const after = await server.call(agentDetailCall, {}, { token: a.token });
    expect(after.data.today).toBe('2026-01-16');
    expect(after.data.commission.yesterday).toBe(before.data.commission.todayEstimate);
    expect(after.data.commission).toMatchObject({ yesterday: 2.55, held: 2.06 });
    for (const [user, estimate] of [
      [a, 0.3],
      [c, 0.24],
      [d, 1.89],
    ] as const) {
      const page = await server.call(rakeBackCall, {}, { token: user.token });
      expect([user.uid, page.data.history[0]]).toEqual([
        user.uid,
        { day: TODAY, validBets: expect.any(Number), amount: estimate },
      ]);
    }
    const bAfter = await server.call(agentDetailCall, {}, { token: b.token });
    expect(bAfter.data.commission).toMatchObject({ yesterday: 0.5, held: 0.5 });

    const held = await allRows(a, { figure: 'commission', range: 'yesterday' });
    expect(held.total).toBe(2.55);
    for (const row of held.rows) {
      if (row.member?.uid === d.uid) {
        expect(row).toMatchObject({ held: 'shared_device' });
        expect(row.ledgerTransactionId).toBeUndefined();
      } else expect([row.held, typeof row.ledgerTransactionId]).toEqual([undefined, 'number']);
    }

    const holds = await server.db.selectFrom('agent_holds').select(['id', 'agent_id']).execute();
    const holdOf = (agent: WalletUser) => Number(holds.find((h) => Number(h.agent_id) === agent.id)?.id);
    const by = {
      operator: { userId: operator.id, grants: [{ role: 'administrator' as const, siteId: null }] },
      actor: { userId: operator.id, ip: '10.0.0.1', userAgent: 'test' },
    };
    await withMoneyTx(server.db, (trx) =>
      resolveHold(server.app.ctx, by, holdOf(a), 'cancelled', 'same phone').run(trx),
    );
    const released = await withMoneyTx(server.db, (trx) =>
      resolveHold(server.app.ctx, by, holdOf(b), 'released', 'checked').run(trx),
    );
    // Cancelled: never A's. Released: B's, through the release's posting.
    expect((await report(a, { range: 'yesterday' })).data.team?.commission).toBe(0.49);
    const aRows = await allRows(a, { figure: 'commission', range: 'yesterday' });
    expect([aRows.total, aRows.rows.map((r) => r.member?.uid)]).toEqual([0.49, [c.uid]]);
    expect((await server.call(agentDetailCall, {}, { token: a.token })).data.commission).toMatchObject({
      yesterday: 0.49,
      held: 0,
    });
    const bRows = await allRows(b, { figure: 'commission', range: 'yesterday' });
    expect(bRows.rows).toHaveLength(1);
    expect(bRows.rows[0]?.held).toBeUndefined();
    expect(bRows.rows[0]?.ledgerTransactionId).toBe(
      Number(
        (
          await server.db
            .selectFrom('agent_holds')
            .select('resolve_transaction_id')
            .where('id', '=', released.id)
            .executeTakeFirstOrThrow()
        ).resolve_transaction_id,
      ),
    );
  });
});
