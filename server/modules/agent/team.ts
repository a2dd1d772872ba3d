import type { AgentDownRequest, Downline, Member, RatioView, Team, TeamRequest } from '#contract/agent';
import { Status } from '#contract/envelope';
import { toMoney } from '#contract/wallet';
import { addDays, daysBetween } from '../../business-days';
import type { AppContext } from '../../context';
import { codedError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import { maskPhone } from '../auth/service';
import { gameChannels, withMoneyTx } from '../ledger/service';
import { agentOf, memberNotFound } from './invites';
import {
  bpToPercent,
  defaultsOf,
  percentToBp,
  ratioViews,
  ratioViewsOf,
  setDefaults,
  setRatios,
} from './ratios';
import * as teamRepo from './team-repository';
import { businessDays, ratioChangeDay } from './tree';
import * as repo from './tree-repository';

/*
 * The team as an agent sees it (decision 0017): their members level by level, a search over their whole
 * subtree, one member's page, and the changes an agent makes to their team (a direct member's ratios,
 * their own defaults, promoting a direct member). A member outside the viewer's subtree is never shown:
 * asking for one answers `member_not_found`, the same as a UID nobody has.
 */

const notDirectMember = () => codedError(403, 403, 'not_direct_member');
const alreadyAgent = () => codedError(409, Status.conflict, 'already_agent');

/** A member of the viewer's subtree by UID, with their depth below the viewer; else `member_not_found`. */
async function memberInTeam(ctx: AppContext, viewerId: number, memberUid: number) {
  const member = await repo.findUserByUid(ctx.db, memberUid);
  const depth = member && (await repo.depthBelow(ctx.db, viewerId, member.id));
  if (!member || depth === undefined) throw memberNotFound();
  return { member, depth };
}

/**
 * The page's members with their figures: one grouped query per figure over the page's ids, never one per
 * member. The member counts of `alsoCount` (the level's owner) come with the page's.
 */
async function membersWithFigures(
  ctx: AppContext,
  viewerId: number,
  rows: teamRepo.MemberRow[],
  depthOffset: number,
  alsoCount: number[] = [],
  locale?: string,
): Promise<{ members: Member[]; counts: Map<number, { direct: number; total: number }> }> {
  const ids = rows.map((r) => r.id);
  const { today } = await businessDays(ctx, viewerId);
  const [counts, ratios, deposits, validBets, commission] = await Promise.all([
    repo.memberCountsOf(ctx.db, [...alsoCount, ...ids]),
    ratioViewsOf(ctx.db, ids, today, locale),
    teamRepo.depositsOf(ctx.db, ids),
    teamRepo.validBetsOf(ctx.db, ids),
    teamRepo.commissionFrom(ctx.db, viewerId, ids),
  ]);
  const members = rows.map((r) => ({
    uid: r.uid,
    phone: maskPhone(r.area_code, r.phone),
    avatar: r.avatar,
    job: r.job,
    depth: r.depth + depthOffset,
    joinedAt: r.created_at,
    ratios: ratios.get(r.id) ?? [],
    members: counts.get(r.id) ?? { direct: 0, total: 0 },
    deposits: toMoney(deposits.get(r.id) ?? 0),
    validBets: toMoney(validBets.get(r.id) ?? 0),
    commission: toMoney(commission.get(r.id) ?? 0),
  }));
  return { members, counts };
}

/**
 * `/agent/team`: the direct members of the viewer, or of `parentUid` (a member of the viewer's subtree), newest
 * first; with `search`, the members anywhere below that level whose UID is the search's digits or whose phone
 * number contains them. `members` counts the level's owner's members.
 */
export async function team(
  ctx: AppContext,
  viewerId: number,
  input: TeamRequest & { number: number; size: number; search: string },
  locale?: string,
): Promise<Team> {
  let ownerId = viewerId;
  let ownerDepth = 0;
  let path: Team['path'] = [];
  if (input.parentUid !== undefined) {
    const { member, depth } = await memberInTeam(ctx, viewerId, input.parentUid);
    ownerId = member.id;
    ownerDepth = depth;
    path = (await repo.chainBetween(ctx.db, viewerId, ownerId)).map((u) => ({
      uid: u.uid,
      phone: maskPhone(u.area_code, u.phone),
    }));
  }
  const offset = offsetOf(input);
  const query = input.search.trim();
  const digits = query.replace(/\D/g, '');

  let rows: teamRepo.MemberRow[];
  let found: number | undefined;
  if (query === '') {
    rows = await teamRepo.directMembers(ctx.db, ownerId, input.size, offset);
  } else if (digits === '') {
    // Only digits find anyone (a UID, a phone number).
    rows = [];
    found = 0;
  } else {
    ({ rows, total: found } = await teamRepo.searchMembers(ctx.db, ownerId, { digits }, input.size, offset));
  }
  const page = await membersWithFigures(ctx, viewerId, rows, ownerDepth, [ownerId], locale);
  const members = page.counts.get(ownerId) ?? { direct: 0, total: 0 };
  return {
    members,
    path,
    page: pageOf(page.members, found ?? members.direct, input.number, input.size),
  };
}

/** The number of business days a member's page shows. */
export const DOWNLINE_DAYS = 30;

/** `/agent/downline`: one member of the viewer's subtree, with the last 30 business days. */
export async function downline(
  ctx: AppContext,
  viewerId: number,
  memberUid: number,
  locale?: string,
): Promise<Downline> {
  const { member, depth } = await memberInTeam(ctx, viewerId, memberUid);
  const memberId = member.id;
  const { today } = await businessDays(ctx, viewerId);
  const from = addDays(today, -(DOWNLINE_DAYS - 1));
  const [figures, viewer, bets, commission] = await Promise.all([
    membersWithFigures(
      ctx,
      viewerId,
      [
        {
          id: memberId,
          uid: member.uid,
          area_code: member.area_code,
          phone: member.phone,
          avatar: member.avatar,
          job: member.job,
          created_at: member.created_at,
          depth,
        },
      ],
      0,
      [],
      locale,
    ),
    repo.findUserById(ctx.db, viewerId),
    teamRepo.validBetsByDay(ctx.db, memberId, from, today),
    teamRepo.commissionByDay(ctx.db, viewerId, memberId, from, today),
  ]);
  const row = figures.members[0];
  if (!row) throw memberNotFound();
  return {
    member: row,
    days: daysBetween(from, today).map((day) => ({
      day,
      validBets: toMoney(bets.get(day) ?? 0),
      commission: toMoney(commission.get(day) ?? 0),
    })),
    canSetRatio: depth === 1 && (viewer?.job ?? 0) >= 1,
  };
}

/**
 * `/uid/app/agentdown`: an agent sets a direct member's ratios, from the member's next business day (later
 * where a member of theirs is on a site whose day is ahead: tree.ts' ratioChangeDay).
 */
export async function setMemberRatios(
  ctx: AppContext,
  viewerId: number,
  input: AgentDownRequest,
  locale?: string,
): Promise<{ ratios: RatioView[] }> {
  await agentOf(ctx.db, viewerId);
  const { member, depth } = await memberInTeam(ctx, viewerId, input.memberUid);
  if (depth !== 1) throw notDirectMember();
  const memberId = member.id;
  const now = ctx.clock.now();
  const changes = input.ratios.map((r) => ({ channel: r.channel, bp: percentToBp(r.rate) }));
  await withMoneyTx(ctx.db, async (trx) => {
    // Decided under the tree lock: the member may have been moved since the check above (never away from a
    // bound parent today, but the lock makes the answer exact), and the day is the team's as it stands.
    await repo.lockTree(trx);
    if ((await repo.depthBelow(trx, viewerId, memberId)) !== 1) throw notDirectMember();
    await setRatios(trx, viewerId, memberId, changes, await ratioChangeDay(ctx, memberId, trx), now);
  });
  // The member's ratio in force on the member's own day, and the one waiting.
  return { ratios: await ratioViews(ctx.db, memberId, (await businessDays(ctx, memberId)).today, locale) };
}

/** An agent's defaults as the app shows them (every enabled channel; nothing waits for a day). */
async function defaultViews(ctx: AppContext, agentId: number, locale?: string): Promise<RatioView[]> {
  const [defaults, channels] = await Promise.all([defaultsOf(ctx.db, agentId), gameChannels(ctx.db, locale)]);
  return channels
    .filter((c) => c.enabled)
    .map((c) => ({ channel: c.code, name: c.name, rate: bpToPercent(defaults.get(c.code) ?? 0) }));
}

/** `/agent/defaults`: what the agent's new direct members get, each within the agent's own ratio. */
export async function setAgentDefaults(
  ctx: AppContext,
  viewerId: number,
  input: { ratios: { channel: string; rate: number }[] },
  locale?: string,
): Promise<{ ratios: RatioView[] }> {
  await agentOf(ctx.db, viewerId);
  const now = ctx.clock.now();
  const changes = input.ratios.map((r) => ({ channel: r.channel, bp: percentToBp(r.rate) }));
  await withMoneyTx(ctx.db, (trx) => setDefaults(trx, viewerId, changes, now));
  return { ratios: await defaultViews(ctx, viewerId, locale) };
}

/** `/agent/join`: a player becomes an agent (job 0 -> 1); the tab bar reads the job from /user/info at once. */
export async function join(ctx: AppContext, userId: number): Promise<{ job: number }> {
  if (!(await repo.raiseJob(ctx.db, userId, 1, ctx.clock.now()))) throw alreadyAgent();
  return { job: 1 };
}

/** `/agent/promote`: an agent makes a direct member (a player) an agent. */
export async function promote(
  ctx: AppContext,
  viewerId: number,
  memberUid: number,
): Promise<{ job: number }> {
  await agentOf(ctx.db, viewerId);
  const { member, depth } = await memberInTeam(ctx, viewerId, memberUid);
  if (depth !== 1) throw notDirectMember();
  if (!(await repo.raiseJob(ctx.db, member.id, 1, ctx.clock.now()))) throw alreadyAgent();
  return { job: 1 };
}
