import { sql } from 'kysely';
import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';
import type { AgentLineKind } from './tables';

/*
 * The SQL behind the agent's summary, reports and their rows (reports.ts). Every team question starts from
 * the viewer's rows of the closure table (`agent_tree.ancestor_id = viewer`, an index range), so no query
 * can reach a user outside the viewer's subtree, and none runs per member: each is one statement joining
 * the subtree to the figures' own indexes (game_daily_valid's key by user and day, and the per-user
 * completed-deposit and withdrawal indexes of migration 0011).
 */

/** Business days [from, to] and the instants [start, end) they span. */
export interface Span {
  from: Day;
  to: Day;
  start: number;
  end: number;
}

/** An aggregate over no rows (sum() is null there) as 0. */
const num = (v: number | null | undefined): number => v ?? 0;

/*
 * Completed money, in the states the wallet gives them: a deposit order paid (Success, at completed_at),
 * a withdrawal paid out (Success, at finished_at). The literals match the partial indexes of 0011, which
 * SQLite uses only when the query repeats their condition as written.
 */
const DEPOSIT_DONE = sql`d.state = 'Success'`;
const WITHDRAWAL_DONE = sql`w.state = 'Success'`;

// ---- the user's own figures

export interface PlayDay {
  day: Day;
  bet: number;
  validBet: number;
  win: number;
}

/** The user's own bets, valid bets and wins by day. */
export async function ownPlayByDay(db: Db, userId: number, span: Span): Promise<PlayDay[]> {
  const rows = await db
    .selectFrom('game_daily_valid')
    .select((eb) => [
      'day',
      eb.fn.sum<number>('bet').as('bet'),
      eb.fn.sum<number>('valid_bet').as('valid_bet'),
      eb.fn.sum<number>('win').as('win'),
    ])
    .where('user_id', '=', userId)
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, bet: num(r.bet), validBet: num(r.valid_bet), win: num(r.win) }));
}

/** The user's completed deposits and withdrawals in the span's instants. */
export async function ownMoney(
  db: Db,
  userId: number,
  span: Span,
): Promise<{ deposits: number; withdrawals: number }> {
  const { rows } = await sql<{ deposits: number | null; withdrawals: number | null }>`select
      (select coalesce(sum(d.amount), 0) from deposit_orders d
        where d.user_id = ${userId} and ${DEPOSIT_DONE}
        and d.completed_at >= ${span.start} and d.completed_at < ${span.end}) as deposits,
      (select coalesce(sum(w.amount), 0) from withdrawals w
        where w.user_id = ${userId} and ${WITHDRAWAL_DONE}
        and w.finished_at >= ${span.start} and w.finished_at < ${span.end}) as withdrawals`.execute(db);
  return { deposits: num(rows[0]?.deposits), withdrawals: num(rows[0]?.withdrawals) };
}

export interface LineDay {
  day: Day;
  amount: number;
  validBet: number;
}

/**
 * An earner's statement of one kind by day (the day its lines were settled on; a correction counts on the
 * day that booked it), lines of a cancelled hold left out: the totals migration 0027 keeps, a row a day.
 */
export async function linesByDay(
  db: Db,
  earnerId: number,
  kind: AgentLineKind,
  span: Span,
): Promise<LineDay[]> {
  const rows = await db
    .selectFrom('agent_line_days')
    .select(['day', 'amount', 'valid_bet'])
    .where('earner_id', '=', earnerId)
    .where('kind', '=', kind)
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .where('lines', '>', 0)
    .execute();
  return rows.map((r) => ({ day: r.day, validBet: num(r.valid_bet), amount: num(r.amount) }));
}

// ---- the team (the viewer's whole subtree, the viewer not included)

/** The team's valid bets by day (kept by migration 0012's triggers, summed over the slots). */
export async function teamPlayByDay(
  db: Db,
  agentId: number,
  span: Span,
): Promise<{ day: Day; validBet: number }[]> {
  const rows = await db
    .selectFrom('agent_team_days')
    .select((eb) => ['day', eb.fn.sum<number>('valid_bet').as('valid_bet')])
    .where('agent_id', '=', agentId)
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, validBet: num(r.valid_bet) }));
}

/**
 * Members with a counted round in the span's days. Kept ready for one day (agent_team_days) and for a span
 * that ends today (members whose last day with a round is in it: agent_team_active); any other span is
 * counted member by member.
 */
async function activeMembers(db: Db, agentId: number, span: Span, today: Day): Promise<number> {
  if (span.from === span.to) {
    const row = await db
      .selectFrom('agent_team_days')
      .select((eb) => eb.fn.sum<number>('active_members').as('n'))
      .where('agent_id', '=', agentId)
      .where('day', '=', span.from)
      .executeTakeFirst();
    return num(row?.n);
  }
  if (span.to >= today) {
    const row = await db
      .selectFrom('agent_team_active')
      .select((eb) => eb.fn.sum<number>('members').as('n'))
      .where('agent_id', '=', agentId)
      .where('day', '>=', span.from)
      .executeTakeFirst();
    return num(row?.n);
  }
  const { rows } = await sql<{ n: number }>`select count(*) as n from agent_tree t
    where t.ancestor_id = ${agentId} and exists (
      select 1 from game_daily_valid g where g.user_id = t.descendant_id
      and g.day >= ${span.from} and g.day <= ${span.to} and g.rounds > 0)`.execute(db);
  return num(rows[0]?.n);
}

/** agent_team_money's unit: a quarter of an hour, on which every time zone's day starts. */
const QUARTER_MS = 900_000;

/** Members who registered in the span's instants, and the team's completed deposits and paid withdrawals. */
async function teamMoney(
  db: Db,
  agentId: number,
  span: Span,
): Promise<{ newMembers: number; deposits: number; withdrawals: number }> {
  if (span.start % QUARTER_MS === 0 && span.end % QUARTER_MS === 0) {
    const row = await db
      .selectFrom('agent_team_money')
      .select((eb) => [
        eb.fn.sum<number>('new_members').as('new_members'),
        eb.fn.sum<number>('deposits').as('deposits'),
        eb.fn.sum<number>('withdrawals').as('withdrawals'),
      ])
      .where('agent_id', '=', agentId)
      .where('quarter', '>=', span.start / QUARTER_MS)
      .where('quarter', '<', span.end / QUARTER_MS)
      .executeTakeFirst();
    return {
      newMembers: num(row?.new_members),
      deposits: num(row?.deposits),
      withdrawals: num(row?.withdrawals),
    };
  }
  // A span whose ends are not on a quarter hour (no business day's are): counted member by member.
  const { rows } = await sql<Record<'new_members' | 'deposits' | 'withdrawals', number | null>>`select
      (select count(*) from agent_tree t join users u on u.id = t.descendant_id
        where t.ancestor_id = ${agentId} and u.created_at >= ${span.start} and u.created_at < ${span.end})
        as new_members,
      (select coalesce(sum(d.amount), 0) from agent_tree t join deposit_orders d on d.user_id = t.descendant_id
        where t.ancestor_id = ${agentId} and ${DEPOSIT_DONE}
        and d.completed_at >= ${span.start} and d.completed_at < ${span.end}) as deposits,
      (select coalesce(sum(w.amount), 0) from agent_tree t join withdrawals w on w.user_id = t.descendant_id
        where t.ancestor_id = ${agentId} and ${WITHDRAWAL_DONE}
        and w.finished_at >= ${span.start} and w.finished_at < ${span.end}) as withdrawals`.execute(db);
  const r = rows[0];
  return { newMembers: num(r?.new_members), deposits: num(r?.deposits), withdrawals: num(r?.withdrawals) };
}

/** Members who registered in the span, members who played in its days, and the team's money. */
export async function teamCounts(
  db: Db,
  agentId: number,
  span: Span,
  today: Day,
): Promise<{ newMembers: number; activeMembers: number; deposits: number; withdrawals: number }> {
  const [activeMembersCount, money] = await Promise.all([
    activeMembers(db, agentId, span, today),
    teamMoney(db, agentId, span),
  ]);
  return { ...money, activeMembers: activeMembersCount };
}

// ---- the summary

/** Whom the user is bound to (the closure row of depth 1). */
export const parentOf = (db: Db, userId: number) =>
  db
    .selectFrom('agent_tree as t')
    .innerJoin('users as u', 'u.id', 't.ancestor_id')
    .select(['u.uid', 'u.invite_code'])
    .where('t.descendant_id', '=', userId)
    .where('t.depth', '=', 1)
    .executeTakeFirst();

/** The user's own valid bets of a day by channel. */
export async function ownDay(
  db: Db,
  userId: number,
  day: Day,
): Promise<{ channel: string; validBet: number }[]> {
  const rows = await db
    .selectFrom('game_daily_valid')
    .select(['channel_code', 'valid_bet'])
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
  return rows.map((r) => ({ channel: r.channel_code, validBet: num(r.valid_bet) }));
}

/** The sum of an earner's lines of one kind on one day (the statement of a settled day). */
export async function linesOfDay(db: Db, earnerId: number, kind: AgentLineKind, day: Day): Promise<number> {
  const [row] = await linesByDay(db, earnerId, kind, { from: day, to: day, start: 0, end: 0 });
  return row?.amount ?? 0;
}

/**
 * What the agent would earn on a day's valid bets so far (the estimate of an unsettled day): per member and
 * channel, floor(V x the agent's ratio) - floor(V x the ratio below), as settlement's commission lines before
 * holds. Kept per (agent, day, slot) by migration 0028's triggers as rounds close (decision 0037), so it is
 * read from at most 16 rows whatever the team's size.
 */
export async function commissionEstimate(db: Db, agentId: number, day: Day): Promise<number> {
  const row = await db
    .selectFrom('agent_commission_days')
    .select((eb) => eb.fn.sum<number>('amount').as('amount'))
    .where('agent_id', '=', agentId)
    .where('day', '=', day)
    .executeTakeFirst();
  return num(row?.amount);
}

/** The settled rake back of the last days, by day, newest first. */
export const rakeBackHistory = async (db: Db, userId: number, span: Span): Promise<LineDay[]> =>
  (await linesByDay(db, userId, 'rakeback', span)).sort((a, b) => (a.day < b.day ? 1 : -1));

// ---- the rows behind a figure

/** A page of rows and the count and sum of all of them. */
export interface RowsPage<R> {
  count: number;
  sum: number;
  rows: R[];
}

export interface Paging {
  limit: number;
  offset: number;
}

export interface MemberCols {
  uid: number;
  area_code: string;
  phone: string;
}

/** Own bets per day and channel. */
export async function betRows(
  db: Db,
  userId: number,
  span: Span,
  page: Paging,
): Promise<RowsPage<{ day: Day; channel_code: string; amount: number }>> {
  const base = db
    .selectFrom('game_daily_valid')
    .where('user_id', '=', userId)
    .where('day', '>=', span.from)
    .where('day', '<=', span.to);
  const [agg, rows] = await Promise.all([
    base
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('bet').as('s')])
      .executeTakeFirst(),
    base
      .select(['day', 'channel_code', 'bet as amount'])
      .orderBy('day', 'desc')
      .orderBy('channel_code')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return {
    count: num(agg?.n),
    sum: num(agg?.s),
    rows: rows.map((r) => ({ day: r.day, channel_code: r.channel_code, amount: num(r.amount) })),
  };
}

export interface MoneyRow extends MemberCols {
  order_no: string;
  amount: number;
  at: number;
}

/**
 * Completed deposits or withdrawals, newest first: the user's own (`team` false) or their whole subtree's,
 * with the member each is of.
 */
export async function moneyRows(
  db: Db,
  kind: 'deposits' | 'withdrawals',
  userId: number,
  team: boolean,
  span: Span,
  page: Paging,
): Promise<RowsPage<MoneyRow>> {
  const from = kind === 'deposits' ? sql`deposit_orders d` : sql`withdrawals d`;
  const done = kind === 'deposits' ? DEPOSIT_DONE : sql`d.state = 'Success'`;
  const at = kind === 'deposits' ? sql.ref('d.completed_at') : sql.ref('d.finished_at');
  const who = team
    ? sql`join agent_tree t on t.descendant_id = d.user_id and t.ancestor_id = ${userId}`
    : sql``;
  const mine = team ? sql`` : sql`and d.user_id = ${userId}`;
  const where = sql`where ${done} ${mine} and ${at} >= ${span.start} and ${at} < ${span.end}`;
  const [agg, rows] = await Promise.all([
    sql<{ n: number; s: number }>`select count(*) as n, coalesce(sum(d.amount), 0) as s
      from ${from} ${who} ${where}`.execute(db),
    sql<MoneyRow>`select d.order_no, d.amount, ${at} as at, u.uid, u.area_code, u.phone
      from ${from} ${who} join users u on u.id = d.user_id ${where}
      order by ${at} desc, d.id desc limit ${page.limit} offset ${page.offset}`.execute(db),
  ]);
  return {
    count: num(agg.rows[0]?.n),
    sum: num(agg.rows[0]?.s),
    rows: rows.rows.map((r) => ({ ...r, amount: num(r.amount), at: num(r.at), uid: num(r.uid) })),
  };
}

/**
 * The ledger transactions that moved these orders' money: a deposit's credit (`deposit`), a withdrawal's
 * payout (`withdraw_post`), found by the order number they carry as `ref` (partial index of 0011).
 */
export async function orderTransactions(
  db: Db,
  kind: 'deposits' | 'withdrawals',
  orderNos: readonly string[],
): Promise<Map<string, number>> {
  if (orderNos.length === 0) return new Map();
  const type = kind === 'deposits' ? sql.lit('deposit') : sql.lit('withdraw_post');
  const { rows } = await sql<{ id: number; ref: string }>`select id, ref from ledger_transactions
    where type in ('deposit', 'withdraw_post') and type = ${type}
    and ref in (${sql.join(orderNos.map((o) => sql`${o}`))})`.execute(db);
  return new Map(rows.map((r) => [r.ref, num(r.id)]));
}

export interface LineRow extends MemberCols {
  id: number;
  day: Day;
  channel_code: string;
  amount: number;
  ledger_transaction_id: number | null;
  hold_state: string | null;
  hold_reason: string | null;
  resolve_transaction_id: number | null;
}

/** An earner's lines of one kind, newest first, with their member and hold (cancelled holds left out). */
export async function lineRows(
  db: Db,
  earnerId: number,
  kind: AgentLineKind,
  span: Span,
  page: Paging,
): Promise<RowsPage<LineRow>> {
  const base = db
    .selectFrom('agent_lines as l')
    .leftJoin('agent_holds as h', 'h.id', 'l.hold_id')
    .where('l.earner_id', '=', earnerId)
    .where('l.kind', '=', kind)
    .where('l.day', '>=', span.from)
    .where('l.day', '<=', span.to)
    .where((eb) => eb.or([eb('h.state', 'is', null), eb('h.state', '<>', 'cancelled')]));
  const [agg, rows] = await Promise.all([
    // The count and sum from the kept daily totals (0027): the lines themselves only for the page shown.
    db
      .selectFrom('agent_line_days')
      .select((eb) => [eb.fn.sum<number>('lines').as('n'), eb.fn.sum<number>('amount').as('s')])
      .where('earner_id', '=', earnerId)
      .where('kind', '=', kind)
      .where('day', '>=', span.from)
      .where('day', '<=', span.to)
      .executeTakeFirst(),
    base
      .innerJoin('users as u', 'u.id', 'l.member_id')
      .select([
        'l.id',
        'l.day',
        'l.channel_code',
        'l.amount',
        'l.ledger_transaction_id',
        'h.state as hold_state',
        'h.reason as hold_reason',
        'h.resolve_transaction_id',
        'u.uid',
        'u.area_code',
        'u.phone',
      ])
      .orderBy('l.day', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return {
    count: num(agg?.n),
    sum: num(agg?.s),
    rows: rows.map((r) => ({
      ...r,
      id: num(r.id),
      amount: num(r.amount),
      uid: num(r.uid),
      ledger_transaction_id: r.ledger_transaction_id === null ? null : num(r.ledger_transaction_id),
      resolve_transaction_id: r.resolve_transaction_id === null ? null : num(r.resolve_transaction_id),
    })),
  };
}

/** The team's valid bets per member and day, newest day first, the largest first within a day. */
export async function teamBetRows(
  db: Db,
  agentId: number,
  span: Span,
  page: Paging,
): Promise<RowsPage<MemberCols & { day: Day; amount: number }>> {
  const perMemberDay = sql`select g.user_id, g.day, sum(g.valid_bet) as amount
    from agent_tree t join game_daily_valid g on g.user_id = t.descendant_id
    where t.ancestor_id = ${agentId} and g.day >= ${span.from} and g.day <= ${span.to}
    group by g.user_id, g.day having sum(g.valid_bet) <> 0`;
  const [agg, rows] = await Promise.all([
    sql<{ n: number; s: number }>`select count(*) as n, coalesce(sum(m.amount), 0) as s
      from (${perMemberDay}) m`.execute(db),
    sql<MemberCols & { day: Day; amount: number }>`select m.day, m.amount, u.uid, u.area_code, u.phone
      from (${perMemberDay}) m join users u on u.id = m.user_id
      order by m.day desc, m.amount desc, u.uid limit ${page.limit} offset ${page.offset}`.execute(db),
  ]);
  return {
    count: num(agg.rows[0]?.n),
    sum: num(agg.rows[0]?.s),
    rows: rows.rows.map((r) => ({ ...r, amount: num(r.amount), uid: num(r.uid) })),
  };
}

/** Members who joined in the span's instants, newest first. */
export async function newMemberRows(
  db: Db,
  agentId: number,
  span: Span,
  page: Paging,
): Promise<RowsPage<MemberCols & { at: number }>> {
  const base = db
    .selectFrom('agent_tree as t')
    .innerJoin('users as u', 'u.id', 't.descendant_id')
    .where('t.ancestor_id', '=', agentId)
    .where('u.created_at', '>=', span.start)
    .where('u.created_at', '<', span.end);
  const [agg, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select(['u.uid', 'u.area_code', 'u.phone', 'u.created_at as at'])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return {
    count: num(agg?.n),
    sum: 0,
    rows: rows.map((r) => ({ ...r, uid: num(r.uid), at: num(r.at) })),
  };
}

/** The days of the span whose rake back and commissions are settled (each once it ended on every site). */
export async function settledDays(db: Db, span: Span): Promise<Set<Day>> {
  const rows = await db
    .selectFrom('agent_settlement_days')
    .select('day')
    .where('state', '=', 'settled')
    .where('day', '>=', span.from)
    .where('day', '<=', span.to)
    .execute();
  return new Set(rows.map((r) => r.day));
}
