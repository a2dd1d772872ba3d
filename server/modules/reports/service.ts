import { type AdminReport, REPORT_DEFAULT_DAYS, type ReportFigures } from '#contract/admin/report';
import { toMoney } from '#contract/wallet';
import { addDays, businessDay, type Day, dayStartMs, daysBetween } from '../../business-days';
import type { AppContext } from '../../context';
import { BONUS_POSTING_TYPES } from '../bonuses/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import { siteRows, targetSiteId, zoneOfSite } from '../site/service';
import * as repo from './repository';

/*
 * The console's reports (issue 16): a site's figures per business day. The definitions:
 *
 * - Business day: a calendar date in the time zone of the site the figure belongs to (decision 0033: the
 *   site's own zone, else the deployment's BUSINESS_TIME_ZONE; server/business-days.ts), the days games
 *   count valid bets in and the agent programme settles. A user's days are their own site's, whichever
 *   site they use, so no user's day is split. `site: null` over sites of several zones adds up each
 *   site's figures of a date, each cut in its own zone. A day is what the zone says (23 or 25 hours where
 *   clocks change).
 * - Site: a figure belongs to the site of the user whose money or account it is (users.site_id): the
 *   depositor's, the withdrawer's, the player's, and for rake back and commissions the earner's (rake back's
 *   earner is the player; a commission's is the agent). `site: null` is every site the operator may read
 *   reports of; with a grant on every site, users of no site count too.
 * - deposits: completed deposit orders (state Success, the amount credited), on the day they completed.
 * - withdrawals: paid withdrawals (state Success), on the day they were settled (finished_at); rejected or
 *   failed ones never count. net = deposits - withdrawals.
 * - newUsers: accounts registered (users.created_at) that day.
 * - activeUsers: distinct users with a counted bet (a settled round in game_daily_valid) or a completed
 *   deposit that day; the totals' is distinct over the whole range, not the sum of the days.
 * - bets / validBets: the stakes and valid bets of settled rounds (decision 0016: a cancelled or void round
 *   counts nothing, an open one counts once it settles), on the business day each round was bet.
 * - rakeBack / commissions: the agent programme's statement lines of that business day (decision 0017),
 *   written when the day is settled after it ends, so a day not settled yet shows 0; corrections count on the
 *   day that booked them, held lines count, lines of a cancelled hold do not.
 * - bonusCost: what bonuses cost, the bonus report's cost (granted - capped - expired - forfeited -
 *   cancelled, decision 0052) by the day each posting was made, for the players of the site; shown beside
 *   net, where an operator weighs what the site kept against what it gave back.
 * Money is summed in minor units and answered as the wallet's decimal amounts (toMoney).
 */

export interface ReportRequest {
  site: string | null;
  /** Both or neither (the contract checks): neither is the last REPORT_DEFAULT_DAYS up to today. */
  from?: Day | undefined;
  to?: Day | undefined;
}

/**
 * The sites whose figures the operator gets: a named site only if they may read its reports (403
 * `permission_denied` otherwise, `site_not_found` for an unknown domain), else every site they may read.
 */
async function readableSites(ctx: AppContext, operator: Operator, site: string | null): Promise<repo.Sites> {
  const siteId = await targetSiteId(ctx, site);
  if (siteId === null) return visibleSites(operator, 'read', 'report');
  assertCanAccess(operator, 'read', 'report', { siteId });
  return [siteId];
}

/** The days of [from, to] with the instant each ends (the contract has checked the range). */
function spanOf(from: Day, to: Day, timeZone: string): repo.Span {
  const days = daysBetween(from, to).map((day) => ({ day, end: dayStartMs(addDays(day, 1), timeZone) }));
  return { from, to, start: dayStartMs(from, timeZone), end: days.at(-1)?.end ?? 0, days };
}

type Minor = Omit<ReportFigures, 'net'>;

const ZERO: Minor = {
  deposits: 0,
  withdrawals: 0,
  newUsers: 0,
  activeUsers: 0,
  bets: 0,
  validBets: 0,
  rakeBack: 0,
  commissions: 0,
  bonusCost: 0,
};

/** Figures in minor units as answered: money as decimal amounts, net computed before converting. */
const answered = (f: Minor): ReportFigures => ({
  deposits: toMoney(f.deposits),
  withdrawals: toMoney(f.withdrawals),
  net: toMoney(f.deposits - f.withdrawals),
  bonusCost: toMoney(f.bonusCost),
  newUsers: f.newUsers,
  activeUsers: f.activeUsers,
  bets: toMoney(f.bets),
  validBets: toMoney(f.validBets),
  rakeBack: toMoney(f.rakeBack),
  commissions: toMoney(f.commissions),
});

/** The asked sites grouped by business time zone (decision 0033): each group's days are cut in its own zone. */
async function zoneGroups(
  ctx: AppContext,
  sites: repo.Sites,
): Promise<{ zone: string; sites: repo.Sites }[]> {
  const fallback = ctx.config.games.businessTimeZone;
  const rows = (await siteRows(ctx)).filter((r) => sites === null || sites.includes(r.id));
  const zones = new Map<string, (number | null)[]>();
  for (const r of rows) {
    const zone = zoneOfSite(ctx, r);
    zones.set(zone, [...(zones.get(zone) ?? []), r.id]);
  }
  // One zone (the usual case): one query per figure, as the sites were asked.
  if (zones.size <= 1) return [{ zone: [...zones.keys()][0] ?? fallback, sites }];
  // Every user: those of no site count in the deployment's zone.
  if (sites === null) zones.set(fallback, [...(zones.get(fallback) ?? []), null]);
  return [...zones].sort(([a], [b]) => a.localeCompare(b)).map(([zone, ids]) => ({ zone, sites: ids }));
}

/** Two maps of per-day figures added up. */
function addByDay<T>(into: Map<Day, T>, from: Map<Day, T>, add: (a: T, b: T) => T): Map<Day, T> {
  for (const [day, v] of from) {
    const had = into.get(day);
    into.set(day, had === undefined ? v : add(had, v));
  }
  return into;
}

/** One zone group's figures, each a map by day (its own zone's days). */
async function groupFigures(ctx: AppContext, from: Day, to: Day, group: { zone: string; sites: repo.Sites }) {
  const span = spanOf(from, to, group.zone);
  const db = ctx.db;
  const [deposits, withdrawals, newUsers, active, play, earnings, bonusCost] = await Promise.all([
    repo.depositsByDay(db, span, group.sites),
    repo.withdrawalsByDay(db, span, group.sites),
    repo.newUsersByDay(db, span, group.sites),
    repo.activeUsers(db, span, group.sites),
    repo.playByDay(db, span, group.sites),
    repo.earningsByDay(db, span, group.sites),
    repo.bonusCostByDay(db, span, group.sites, BONUS_POSTING_TYPES),
  ]);
  return { deposits, withdrawals, newUsers, active, play, earnings, bonusCost };
}

type Figures = Awaited<ReturnType<typeof groupFigures>>;

const plus = (a: number, b: number): number => a + b;

/** Groups' figures as one: a user is of one site, so even distinct active users add up across groups. */
const merged = (all: Figures[]): Figures =>
  all.reduce((sum, f) => ({
    deposits: addByDay(sum.deposits, f.deposits, plus),
    withdrawals: addByDay(sum.withdrawals, f.withdrawals, plus),
    newUsers: addByDay(sum.newUsers, f.newUsers, plus),
    active: {
      byDay: addByDay(sum.active.byDay, f.active.byDay, plus),
      total: sum.active.total + f.active.total,
    },
    play: addByDay(sum.play, f.play, (a, b) => ({
      bets: a.bets + b.bets,
      validBets: a.validBets + b.validBets,
    })),
    earnings: addByDay(sum.earnings, f.earnings, (a, b) => ({
      rakeBack: a.rakeBack + b.rakeBack,
      commissions: a.commissions + b.commissions,
    })),
    bonusCost: addByDay(sum.bonusCost, f.bonusCost, plus),
  }));

export async function dailyReport(
  ctx: AppContext,
  operator: Operator,
  request: ReportRequest,
): Promise<AdminReport> {
  const groups = await zoneGroups(ctx, await readableSites(ctx, operator, request.site));
  // Today is the latest site's today: the range reaches the day any of them is in.
  const now = ctx.clock.now();
  const to = request.to ?? groups.map((g) => businessDay(now, g.zone)).reduce((a, b) => (b > a ? b : a));
  const from = request.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS);
  const { deposits, withdrawals, newUsers, active, play, earnings, bonusCost } = merged(
    await Promise.all(groups.map((g) => groupFigures(ctx, from, to, g))),
  );
  const span = { days: daysBetween(from, to).map((day) => ({ day })) };
  const days = span.days.map(({ day }): Minor & { day: Day } => ({
    day,
    deposits: deposits.get(day) ?? 0,
    withdrawals: withdrawals.get(day) ?? 0,
    newUsers: newUsers.get(day) ?? 0,
    activeUsers: active.byDay.get(day) ?? 0,
    bets: play.get(day)?.bets ?? 0,
    validBets: play.get(day)?.validBets ?? 0,
    rakeBack: earnings.get(day)?.rakeBack ?? 0,
    commissions: earnings.get(day)?.commissions ?? 0,
    bonusCost: bonusCost.get(day) ?? 0,
  }));
  const totals = days.reduce<Minor>(
    (sum, d) => ({
      deposits: sum.deposits + d.deposits,
      withdrawals: sum.withdrawals + d.withdrawals,
      newUsers: sum.newUsers + d.newUsers,
      activeUsers: sum.activeUsers,
      bets: sum.bets + d.bets,
      validBets: sum.validBets + d.validBets,
      rakeBack: sum.rakeBack + d.rakeBack,
      commissions: sum.commissions + d.commissions,
      bonusCost: sum.bonusCost + d.bonusCost,
    }),
    { ...ZERO, activeUsers: active.total },
  );
  return {
    days: days.map((d) => ({ day: d.day, ...answered(d) })),
    totals: answered(totals),
    timeZones: groups.map((g) => g.zone),
  };
}
