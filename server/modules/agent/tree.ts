import { addDays, businessDay, type Day } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { conflict, fieldError } from '../../http/envelope';
import { userTimeZone } from '../auth/service';
import { gameChannels, withMoneyTx } from '../ledger/service';
import { businessTimeZones, siteTimeZone } from '../site/service';
import { defaultsOf, highestSubtreeRatios, latestRatios, ratiosOnDay, writeRatios } from './ratios';
import * as repo from './tree-repository';

/*
 * The team tree (decision 0017): a user binds once, to an agent's invite code, at registration or later
 * from the app; never to themself or to their own descendant. A bind moves the user's whole subtree under
 * the agent, gives the user first ratios when they have none, and counts from its `day` (the same day at
 * registration, the next business day when bound later).
 */

/**
 * Today's business day and the next for a user, in their own site's zone (decision 0033: users.site_id, where
 * they registered), the user read through `db` (a transaction that may have just created them, or ctx.db).
 */
export async function businessDays(
  ctx: AppContext,
  userId: number,
  db: Db = ctx.db,
): Promise<{ today: Day; tomorrow: Day }> {
  const today = businessDay(ctx.clock.now(), await userTimeZone(ctx, userId, db));
  return { today, tomorrow: addDays(today, 1) };
}

/**
 * The first day a change of `userId`'s ratios may take effect (decision 0041): the day after the latest
 * today among the user's zone and their members' (a user's ratio reaches the bets of their whole team, each
 * counted on its own site's day). So no change reaches a day already begun for anyone it is paid on, which
 * migration 0028's kept commission relies on (decision 0037). Call under the tree lock, so no bind moves a
 * member of another zone in between.
 */
export async function ratioChangeDay(ctx: AppContext, userId: number, db: Db = ctx.db): Promise<Day> {
  const now = ctx.clock.now();
  const own = businessDay(now, await userTimeZone(ctx, userId, db));
  // Where no site's day is ahead of the user's (one zone, or the user's is the furthest east), no team can be.
  const ahead = (await businessTimeZones(ctx, db)).some((zone) => businessDay(now, zone) > own);
  if (!ahead) return addDays(own, 1);
  let latest = own;
  for (const siteId of await repo.teamSiteIds(db, userId)) {
    const day = businessDay(now, await siteTimeZone(ctx, siteId, db));
    if (day > latest) latest = day;
  }
  return addDays(latest, 1);
}

export interface BindOptions {
  /** The first business day the new links, and the user's first ratios, count. */
  day: Day;
  /** A registration link's preset: the ratio in every channel (each capped by the agent's). */
  ratioBp?: number | null;
  /** A registration link's job: 1 makes the member an agent. */
  joinJob?: number | null;
  now: number;
}

/**
 * Binds `userId` under `agentId`, inside the caller's write transaction: refuses oneself (`bind_self`), one's
 * own descendant (`bind_descendant`), a second bind (`already_bound`), and a subtree whose ratios are above
 * the agent's (`bind_ratio_conflict`: the ceiling would break). All under the tree lock, so concurrent binds
 * are decided one after the other (no cycle can close); `users.invited_by` is set only from NULL, so of
 * concurrent binds of one user exactly one wins even without it. Answers the agent.
 */
export async function bind(
  trx: Db,
  userId: number,
  agentId: number,
  opts: BindOptions,
): Promise<repo.TreeUser> {
  if (userId === agentId) throw fieldError('inviteCode', 'bind_self');
  await repo.lockTree(trx);
  const [user, agent] = await Promise.all([repo.findUserById(trx, userId), repo.findUserById(trx, agentId)]);
  if (!agent || !user) throw fieldError('inviteCode', 'invite_code_not_found');
  if (user.invited_by !== null) throw conflict('already_bound');
  if ((await repo.depthBelow(trx, userId, agentId)) !== undefined)
    throw fieldError('inviteCode', 'bind_descendant');

  const [agentLatest, agentOnDay, subtree] = await Promise.all([
    latestRatios(trx, [agentId]),
    ratiosOnDay(trx, [agentId], opts.day),
    highestSubtreeRatios(trx, userId),
  ]);
  // The lower of the agent's ratio on the bind's day and its latest: within the ceiling on every day after.
  const capOf = (channel: string) =>
    Math.min(agentLatest.get(agentId)?.get(channel) ?? 0, agentOnDay.get(agentId)?.get(channel) ?? 0);
  for (const [channel, bp] of subtree) if (bp > capOf(channel)) throw conflict('bind_ratio_conflict');

  if (!(await repo.setInvitedBy(trx, userId, agent.invite_code, opts.now))) throw conflict('already_bound');
  await repo.insertClosure(trx, userId, agentId, opts.day);

  // First ratios in the channels the user has none in: the link's preset or the agent's defaults, capped.
  const own = (await latestRatios(trx, [userId])).get(userId);
  const defaults = opts.ratioBp == null ? await defaultsOf(trx, agentId) : undefined;
  const first = new Map<string, number>();
  for (const channel of await gameChannels(trx)) {
    if (!channel.enabled || own?.has(channel.code)) continue;
    const preset = opts.ratioBp ?? defaults?.get(channel.code) ?? 0;
    // Never below what the user's own members hold there (legacy data), which fits under the agent.
    const bp = Math.max(Math.min(preset, capOf(channel.code)), subtree.get(channel.code) ?? 0);
    if (bp > 0) first.set(channel.code, bp);
  }
  await writeRatios(trx, agentId, userId, first, opts.day, opts.now);

  if (opts.joinJob != null && opts.joinJob > 0) await repo.raiseJob(trx, userId, opts.joinJob, opts.now);
  return agent;
}

/**
 * `/agent/bind`: a user binds an invite code later, from the app; it counts from the first day not begun for
 * the user nor any member of theirs (ratioChangeDay: their tomorrow unless a member's site is a day ahead),
 * so no member's day under way joins the agent's chain.
 */
export async function bindLater(
  ctx: AppContext,
  userId: number,
  rawCode: string,
): Promise<{ boundTo: { uid: number; inviteCode: string } }> {
  const inviteCode = rawCode.trim().toUpperCase();
  const agent = await repo.findUserByInviteCode(ctx.db, inviteCode);
  if (!agent) throw fieldError('inviteCode', 'invite_code_not_found');
  const now = ctx.clock.now();
  await withMoneyTx(ctx.db, async (trx) => {
    await repo.lockTree(trx);
    const day = await ratioChangeDay(ctx, userId, trx);
    return bind(trx, userId, agent.id, { day, now });
  });
  return { boundTo: { uid: agent.uid, inviteCode: agent.invite_code } };
}

/** Whether `memberId` is in `viewerId`'s subtree; its depth below the viewer when it is. */
export const depthInTeam = (db: Db, viewerId: number, memberId: number): Promise<number | undefined> =>
  repo.depthBelow(db, viewerId, memberId);
