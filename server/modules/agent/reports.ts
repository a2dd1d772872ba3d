import type { AgentDetail, Figure, RANGES, RakeBack, RatioView, Report, ReportRow } from '#contract/agent';
import type { Page } from '#contract/paging';
import { toMoney } from '#contract/wallet';
import {
  addDays,
  businessDay,
  type Day,
  dayStartMs,
  daysBetween,
  isDay,
  monthStart,
  weekStart,
} from '../../business-days';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import { maskPhone } from '../auth/service';
import { accountBalance, earningsAccount, gameChannels } from '../ledger/service';
import { bpToPercent, defaultsOf, ratiosOnDay, ratioViews } from './ratios';
import * as repo from './report-repository';
import { teamCounts } from './service';
import { shareOf } from './shares';

/*
 * The agent's summary (/uid/app/detail), reports (/agent/report) and the rows behind each figure
 * (/agent/report/details), and the rake back page (/agent/rakeback). Every user has their own figures;
 * agents (job >= 1) also their team's, over their whole subtree. Settled money comes from the statement
 * (agent_lines) and the ledger; what today has earned so far is an estimate at today's ratios, settled once
 * the day has ended (decision 0017).
 */

/** Who is asking: the session's user (read fresh on every request, so a new job counts at once). */
export interface Viewer {
  id: number;
  job: number;
  inviteCode: string;
  /** The business time zone of the viewer's site (decision 0033): their days, and their team's. */
  timeZone: string;
  /** The language they read (content's answerLocale): channels are named in it. */
  locale?: string;
}

/** A custom range covers at most this many business days. */
export const RANGE_MAX_DAYS = 92;
/** The rake back page's settled history: the last this many days, up to yesterday. */
export const HISTORY_DAYS = 30;

const isAgent = (viewer: Viewer): boolean => viewer.job >= 1;

export const todayOf = (ctx: AppContext, viewer: Viewer): Day =>
  businessDay(ctx.clock.now(), viewer.timeZone);

export interface RangeInput {
  range: (typeof RANGES)[number];
  from?: string | undefined;
  to?: string | undefined;
}

/** A report's business days and their instants; a custom range is checked here (the contract checks the form). */
export function spanOf(ctx: AppContext, viewer: Viewer, input: RangeInput): repo.Span {
  const today = todayOf(ctx, viewer);
  let from: Day;
  let to: Day = today;
  switch (input.range) {
    case 'today':
      from = today;
      break;
    case 'yesterday':
      from = addDays(today, -1);
      to = from;
      break;
    case 'week':
      from = weekStart(today);
      break;
    case 'month':
      from = monthStart(today);
      break;
    case 'custom': {
      if (input.from === undefined) throw fieldError('from', 'required');
      if (input.to === undefined) throw fieldError('to', 'required');
      if (!isDay(input.from)) throw fieldError('from', 'day_invalid');
      if (!isDay(input.to)) throw fieldError('to', 'day_invalid');
      from = input.from;
      to = input.to;
      if (to < from || addDays(from, RANGE_MAX_DAYS - 1) < to) throw fieldError('to', 'range_invalid');
      break;
    }
  }
  const zone = viewer.timeZone;
  return { from, to, start: dayStartMs(from, zone), end: dayStartMs(addDays(to, 1), zone) };
}

// ---- the summary

async function defaultViews(ctx: AppContext, userId: number, locale?: string): Promise<RatioView[]> {
  const [channels, byChannel] = await Promise.all([gameChannels(ctx.db, locale), defaultsOf(ctx.db, userId)]);
  return channels
    .filter((c) => c.enabled)
    .map((c) => ({ channel: c.code, name: c.name, rate: bpToPercent(byChannel.get(c.code) ?? 0) }));
}

/** The user's own ratios today, by channel (basis points). */
const ownRatios = async (ctx: AppContext, userId: number, today: Day): Promise<ReadonlyMap<string, number>> =>
  (await ratiosOnDay(ctx.db, [userId], today)).get(userId) ?? new Map();

/** Today's rake back so far: the user's own valid bets at their own ratios (what settlement will pay). */
async function rakeBackEstimate(
  ctx: AppContext,
  userId: number,
  today: Day,
  ratios: ReadonlyMap<string, number>,
): Promise<number> {
  const own = await repo.ownDay(ctx.db, userId, today);
  return own.reduce((sum, r) => sum + shareOf(r.validBet, ratios.get(r.channel) ?? 0), 0);
}

export async function detail(ctx: AppContext, viewer: Viewer): Promise<AgentDetail> {
  const db = ctx.db;
  const today = todayOf(ctx, viewer);
  const [
    parent,
    ratios,
    defaults,
    members,
    commission,
    held,
    rakeBackBalance,
    [rakeBackToday, commissionToday],
    yesterday,
  ] = await Promise.all([
    repo.parentOf(db, viewer.id),
    ratioViews(db, viewer.id, today, viewer.locale),
    defaultViews(ctx, viewer.id, viewer.locale),
    teamCounts(db, viewer.id),
    accountBalance(db, earningsAccount(viewer.id, 'commission')),
    accountBalance(db, earningsAccount(viewer.id, 'held')),
    accountBalance(db, earningsAccount(viewer.id, 'rakeback')),
    Promise.all([
      ownRatios(ctx, viewer.id, today).then((ratios) => rakeBackEstimate(ctx, viewer.id, today, ratios)),
      // Today's commission so far: the team's valid bets at today's ratios, the viewer's share only.
      repo.commissionEstimate(db, viewer.id, today),
    ]),
    repo.linesOfDay(db, viewer.id, 'commission', addDays(today, -1)),
  ]);
  return {
    job: viewer.job,
    inviteCode: viewer.inviteCode,
    boundTo: parent ? { uid: parent.uid, inviteCode: parent.invite_code } : null,
    ratios,
    defaults,
    members,
    commission: {
      balance: toMoney(commission),
      held: toMoney(held),
      todayEstimate: toMoney(commissionToday),
      yesterday: toMoney(yesterday),
    },
    rakeBack: { balance: toMoney(rakeBackBalance), todayEstimate: toMoney(rakeBackToday) },
    withdrawMin: toMoney(ctx.config.agent.withdrawMin),
    today,
  };
}

// ---- the report

export async function report(ctx: AppContext, viewer: Viewer, input: RangeInput): Promise<Report> {
  const db = ctx.db;
  const span = spanOf(ctx, viewer, input);
  const agent = isAgent(viewer);
  const [play, money, rakeBack, teamPlay, counts, commission, settled] = await Promise.all([
    repo.ownPlayByDay(db, viewer.id, span),
    repo.ownMoney(db, viewer.id, span),
    repo.linesByDay(db, viewer.id, 'rakeback', span),
    agent ? repo.teamPlayByDay(db, viewer.id, span) : undefined,
    agent ? repo.teamCounts(db, viewer.id, span, todayOf(ctx, viewer)) : undefined,
    agent ? repo.linesByDay(db, viewer.id, 'commission', span) : undefined,
    repo.settledDays(db, span),
  ]);
  const sum = <T>(rows: readonly T[], of: (r: T) => number) => rows.reduce((s, r) => s + of(r), 0);
  const byDay = <T extends { day: Day }>(rows: readonly T[] | undefined) =>
    new Map((rows ?? []).map((r) => [r.day, r]));
  const playDays = byDay(play);
  const rakeBackDays = byDay(rakeBack);
  const teamDays = byDay(teamPlay);
  const commissionDays = byDay(commission);
  const unsettled = daysBetween(span.from, span.to).find((day) => !settled.has(day));
  return {
    from: span.from,
    to: span.to,
    unsettledFrom: unsettled ?? null,
    own: {
      bets: toMoney(sum(play, (r) => r.bet)),
      validBets: toMoney(sum(play, (r) => r.validBet)),
      wins: toMoney(sum(play, (r) => r.win)),
      deposits: toMoney(money.deposits),
      withdrawals: toMoney(money.withdrawals),
      rakeBack: toMoney(sum(rakeBack, (r) => r.amount)),
    },
    ...(counts && teamPlay && commission
      ? {
          team: {
            newMembers: counts.newMembers,
            activeMembers: counts.activeMembers,
            deposits: toMoney(counts.deposits),
            withdrawals: toMoney(counts.withdrawals),
            validBets: toMoney(sum(teamPlay, (r) => r.validBet)),
            commission: toMoney(sum(commission, (r) => r.amount)),
          },
        }
      : {}),
    days: daysBetween(span.from, span.to).map((day) => ({
      day,
      validBets: toMoney(playDays.get(day)?.validBet ?? 0),
      rakeBack: toMoney(rakeBackDays.get(day)?.amount ?? 0),
      ...(agent
        ? {
            teamValidBets: toMoney(teamDays.get(day)?.validBet ?? 0),
            commission: toMoney(commissionDays.get(day)?.amount ?? 0),
          }
        : {}),
    })),
  };
}

// ---- the rows behind a figure

const TEAM_FIGURES: ReadonlySet<Figure> = new Set([
  'teamDeposits',
  'teamWithdrawals',
  'teamValidBets',
  'commission',
  'newMembers',
]);

export interface DetailsInput extends RangeInput {
  figure: Figure;
  number: number;
  size: number;
}

const memberOf = (r: repo.MemberCols) => ({ uid: r.uid, phone: maskPhone(r.area_code, r.phone) });

/** A statement line as a row: its ledger transaction, or while it is held, why. */
function lineRow(r: repo.LineRow, withMember: boolean): ReportRow {
  const held = r.hold_state === 'held';
  const txId = r.ledger_transaction_id ?? (r.hold_state === 'released' ? r.resolve_transaction_id : null);
  return {
    day: r.day,
    ...(withMember ? { member: memberOf(r) } : {}),
    channel: r.channel_code,
    amount: toMoney(r.amount),
    ...(txId !== null && !held ? { ledgerTransactionId: txId } : {}),
    ...(held ? { held: r.hold_reason ?? 'held' } : {}),
  };
}

async function moneyPage(
  ctx: AppContext,
  kind: 'deposits' | 'withdrawals',
  viewer: Viewer,
  team: boolean,
  span: repo.Span,
  paging: repo.Paging,
): Promise<repo.RowsPage<ReportRow>> {
  const found = await repo.moneyRows(ctx.db, kind, viewer.id, team, span, paging);
  const txs = await repo.orderTransactions(
    ctx.db,
    kind,
    found.rows.map((r) => r.order_no),
  );
  const zone = viewer.timeZone;
  return {
    ...found,
    rows: found.rows.map((r) => {
      const txId = txs.get(r.order_no);
      return {
        day: businessDay(r.at, zone),
        at: r.at,
        ...(team ? { member: memberOf(r) } : {}),
        amount: toMoney(r.amount),
        orderNo: r.order_no,
        ...(txId !== undefined ? { ledgerTransactionId: txId } : {}),
      };
    }),
  };
}

async function figureRows(
  ctx: AppContext,
  viewer: Viewer,
  figure: Figure,
  span: repo.Span,
  paging: repo.Paging,
): Promise<repo.RowsPage<ReportRow>> {
  const db = ctx.db;
  switch (figure) {
    case 'bets': {
      const found = await repo.betRows(db, viewer.id, span, paging);
      return {
        ...found,
        rows: found.rows.map((r) => ({ day: r.day, channel: r.channel_code, amount: toMoney(r.amount) })),
      };
    }
    case 'deposits':
      return moneyPage(ctx, 'deposits', viewer, false, span, paging);
    case 'withdrawals':
      return moneyPage(ctx, 'withdrawals', viewer, false, span, paging);
    case 'teamDeposits':
      return moneyPage(ctx, 'deposits', viewer, true, span, paging);
    case 'teamWithdrawals':
      return moneyPage(ctx, 'withdrawals', viewer, true, span, paging);
    case 'rakeBack': {
      const found = await repo.lineRows(db, viewer.id, 'rakeback', span, paging);
      return { ...found, rows: found.rows.map((r) => lineRow(r, false)) };
    }
    case 'commission': {
      const found = await repo.lineRows(db, viewer.id, 'commission', span, paging);
      return { ...found, rows: found.rows.map((r) => lineRow(r, true)) };
    }
    case 'teamValidBets': {
      const found = await repo.teamBetRows(db, viewer.id, span, paging);
      return {
        ...found,
        rows: found.rows.map((r) => ({ day: r.day, member: memberOf(r), amount: toMoney(r.amount) })),
      };
    }
    case 'newMembers': {
      const zone = viewer.timeZone;
      const found = await repo.newMemberRows(db, viewer.id, span, paging);
      // A count, not money: the rows carry no amount of their own.
      return {
        ...found,
        rows: found.rows.map((r) => ({
          day: businessDay(r.at, zone),
          at: r.at,
          member: memberOf(r),
          amount: 0,
        })),
      };
    }
  }
}

/** The rows behind one figure of the report, paged: never a row of anyone outside the viewer's subtree. */
export async function reportDetails(
  ctx: AppContext,
  viewer: Viewer,
  input: DetailsInput,
): Promise<{ total: number; page: Page<ReportRow> }> {
  if (TEAM_FIGURES.has(input.figure) && !isAgent(viewer)) throw fieldError('figure', 'not_an_agent');
  const span = spanOf(ctx, viewer, input);
  const found = await figureRows(ctx, viewer, input.figure, span, {
    limit: input.size,
    offset: offsetOf(input),
  });
  return { total: toMoney(found.sum), page: pageOf(found.rows, found.count, input.number, input.size) };
}

// ---- rake back

export async function rakeBack(ctx: AppContext, viewer: Viewer): Promise<RakeBack> {
  const today = todayOf(ctx, viewer);
  const yesterday = addDays(today, -1);
  const history: repo.Span = { from: addDays(today, -HISTORY_DAYS), to: yesterday, start: 0, end: 0 };
  const [balance, estimate, ratios, days] = await Promise.all([
    accountBalance(ctx.db, earningsAccount(viewer.id, 'rakeback')),
    ownRatios(ctx, viewer.id, today).then((ratios) => rakeBackEstimate(ctx, viewer.id, today, ratios)),
    ratioViews(ctx.db, viewer.id, today, viewer.locale),
    repo.rakeBackHistory(ctx.db, viewer.id, history),
  ]);
  return {
    balance: toMoney(balance),
    todayEstimate: toMoney(estimate),
    ratios,
    history: days.map((d) => ({ day: d.day, validBets: toMoney(d.validBet), amount: toMoney(d.amount) })),
  };
}
