import { type SelectQueryBuilder, sql } from 'kysely';
import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';

/*
 * The SQL behind the console's reports (service.ts has the definitions). Every figure is one statement
 * grouping by business day in the database, for the users of the asked sites (users.site_id). Tables that
 * store a business day (game_daily_valid, agent_lines) are grouped by it; tables that store an instant
 * (deposit orders, withdrawals, users) are grouped by a CASE over the range's day ends, which the service
 * computes with business-days.ts: so neither dialect does time-zone arithmetic, and a 23- or 25-hour day
 * is as long as the zone says.
 *
 */

/** A business day and the instant its next day starts. */
export interface DayEnd {
  day: Day;
  end: number;
}

/** The business days [from, to] and the instants [start, end) they span, each day with its end. */
export interface Span {
  from: Day;
  to: Day;
  start: number;
  end: number;
  days: readonly DayEnd[];
}

/**
 * The users whose figures count: those of these sites (null among them: users of no site), or null for
 * every user.
 */
export type Sites = readonly (number | null)[] | null;

/** An aggregate over no rows (sum() is null there) as 0. */
const num = (v: number | null | undefined): number => v ?? 0;

/** The users (`u`) of the sites; an empty list would be `in ()`, which neither dialect takes: -1 is no site's id. */
function ofSites(sites: readonly (number | null)[]) {
  const ids = sites.filter((s): s is number => s !== null);
  const inIds = sql`u.site_id in (${sql.join(ids.length > 0 ? ids : [-1])})`;
  return sites.includes(null) ? sql<boolean>`(${inIds} or u.site_id is null)` : sql<boolean>`${inIds}`;
}

/** The day of an instant column among the span's days; the rows must be limited to the span's instants. */
const dayOf = (column: string, span: Span) =>
  sql<Day>`case ${sql.join(
    span.days.map((d) => sql`when ${sql.ref(column)} < ${d.end} then ${d.day}`),
    sql` `,
  )} end`;

/** `rows` (a day and an amount each) added up per day. */
async function sumByDay<DB, TB extends keyof DB>(
  db: Db,
  rows: SelectQueryBuilder<DB, TB, { day: Day; amount: number }>,
): Promise<Map<Day, number>> {
  const found = await db
    .selectFrom(rows.as('x'))
    .select((eb) => ['x.day', eb.fn.sum<number>('x.amount').as('amount')])
    .groupBy('x.day')
    .execute();
  return new Map(found.map((r) => [r.day, num(r.amount)]));
}

/** Completed deposit orders (the wallet's Success), at the instant they completed. */
const completedDeposits = (db: Db, span: Span, sites: Sites) =>
  db
    .selectFrom('deposit_orders as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .where('d.state', '=', 'Success')
    .where('d.completed_at', '>=', span.start)
    .where('d.completed_at', '<', span.end)
    .$if(sites !== null, (q) => q.where(ofSites(sites ?? [])));

export const depositsByDay = (db: Db, span: Span, sites: Sites): Promise<Map<Day, number>> =>
  sumByDay(
    db,
    completedDeposits(db, span, sites).select([
      dayOf('d.completed_at', span).as('day'),
      'd.amount as amount',
    ]),
  );

/** Paid withdrawals (Success: a rejected or failed one is finished too, and is left out), when settled. */
export const withdrawalsByDay = (db: Db, span: Span, sites: Sites): Promise<Map<Day, number>> =>
  sumByDay(
    db,
    db
      .selectFrom('withdrawals as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select([dayOf('w.finished_at', span).as('day'), 'w.amount as amount'])
      .where('w.state', '=', 'Success')
      .where('w.finished_at', '>=', span.start)
      .where('w.finished_at', '<', span.end)
      .$if(sites !== null, (q) => q.where(ofSites(sites ?? []))),
  );

/** Accounts registered, counted as 1 each. */
export const newUsersByDay = (db: Db, span: Span, sites: Sites): Promise<Map<Day, number>> =>
  sumByDay(
    db,
    db
      .selectFrom('users as u')
      .select([dayOf('u.created_at', span).as('day'), sql<number>`1`.as('amount')])
      .where('u.created_at', '>=', span.start)
      .where('u.created_at', '<', span.end)
      .$if(sites !== null, (q) => q.where(ofSites(sites ?? []))),
  );

/** Stakes and valid bets of settled rounds, by the business day the games module counted each round on. */
export async function playByDay(
  db: Db,
  span: Span,
  sites: Sites,
): Promise<Map<Day, { bets: number; validBets: number }>> {
  const rows = await db
    .selectFrom('game_daily_valid as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select((eb) => [
      'g.day',
      eb.fn.sum<number>('g.bet').as('bets'),
      eb.fn.sum<number>('g.valid_bet').as('valid_bets'),
    ])
    .where('g.day', '>=', span.from)
    .where('g.day', '<=', span.to)
    .$if(sites !== null, (q) => q.where(ofSites(sites ?? [])))
    .groupBy('g.day')
    .execute();
  return new Map(rows.map((r) => [r.day, { bets: num(r.bets), validBets: num(r.valid_bets) }]));
}

/**
 * Distinct users with a counted round or a completed deposit: per day, and over the whole span (a user
 * active on three days is one user of the span). `union` keeps each (day, user) pair once.
 */
export async function activeUsers(
  db: Db,
  span: Span,
  sites: Sites,
): Promise<{ byDay: Map<Day, number>; total: number }> {
  const played = db
    .selectFrom('game_daily_valid as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.day as day', 'g.user_id as user_id'])
    .where('g.day', '>=', span.from)
    .where('g.day', '<=', span.to)
    // A voided round takes itself back out of its day (rounds - 1): a day left with none had no bet.
    .where('g.rounds', '>', 0)
    .$if(sites !== null, (q) => q.where(ofSites(sites ?? [])));
  const deposited = completedDeposits(db, span, sites).select([
    dayOf('d.completed_at', span).as('day'),
    'd.user_id as user_id',
  ]);
  const active = played.union(deposited).as('a');
  const [perDay, total] = await Promise.all([
    db
      .selectFrom(active)
      .select((eb) => ['a.day', eb.fn.countAll<number>().as('n')])
      .groupBy('a.day')
      .execute(),
    db
      .selectFrom(active)
      .select((eb) => eb.fn.count<number>('a.user_id').distinct().as('n'))
      .executeTakeFirst(),
  ]);
  return { byDay: new Map(perDay.map((r) => [r.day, num(r.n)])), total: num(total?.n) };
}

/**
 * The agent programme's statement lines of each kind by the day they settle, for the earners of the sites
 * (rake back's earner is the player; a commission's, the agent). A correction counts on the day that booked
 * it; lines of a cancelled hold went back to the platform and never were anyone's (as the agent's own
 * report leaves them out).
 */
export async function earningsByDay(
  db: Db,
  span: Span,
  sites: Sites,
): Promise<Map<Day, { rakeBack: number; commissions: number }>> {
  // The statements' daily totals (migration 0027, decision 0035): a row per earner and day, not per line.
  const rows = await db
    .selectFrom('agent_line_days as l')
    .innerJoin('users as u', 'u.id', 'l.earner_id')
    .select((eb) => ['l.day', 'l.kind', eb.fn.sum<number>('l.amount').as('amount')])
    .where('l.day', '>=', span.from)
    .where('l.day', '<=', span.to)
    .$if(sites !== null, (q) => q.where(ofSites(sites ?? [])))
    .groupBy(['l.day', 'l.kind'])
    .execute();
  const byDay = new Map<Day, { rakeBack: number; commissions: number }>();
  for (const r of rows) {
    const day = byDay.get(r.day) ?? { rakeBack: 0, commissions: 0 };
    if (r.kind === 'rakeback') day.rakeBack += num(r.amount);
    else day.commissions += num(r.amount);
    byDay.set(r.day, day);
  }
  return byDay;
}

/**
 * What bonuses cost the site each day: the net of the `sys:bonuses` account over the bonuses module's own
 * postings (a grant takes from it; a cap, expiry, forfeit, cancellation or late return gives back), negated,
 * for the players of the sites (a bonus posting's transaction names its player). So it is the bonus
 * report's cost (granted - capped - expired - forfeited - cancelled), by the day each posting was made: money
 * a grant gave on Monday and an expiry took back on Friday costs on Monday and is returned on Friday.
 */
export const bonusCostByDay = (
  db: Db,
  span: Span,
  sites: Sites,
  postingTypes: readonly string[],
): Promise<Map<Day, number>> =>
  sumByDay(
    db,
    db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([dayOf('t.created_at', span).as('day'), sql<number>`-e.amount`.as('amount')])
      .where('a.code', '=', 'sys:bonuses')
      .where('t.type', 'in', [...postingTypes])
      .where('t.created_at', '>=', span.start)
      .where('t.created_at', '<', span.end)
      .$if(sites !== null, (q) => q.where(ofSites(sites ?? []))),
  );
