import type { AdminRatiosRequest } from '#contract/admin/agent';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError } from '../../http/envelope';
import { recordAudit } from '../audit/service';
import { withMoneyTx } from '../ledger/service';
import { assertCanAccess, type CommandHandler, type OperatorActing, propose } from '../operators/service';
import { fourEyesThresholds } from '../site/service';
import {
  bpToPercent,
  highestMemberRatios,
  latestRatios,
  lowestRatiosFrom,
  percentToBp,
  type RatioChange,
  ratioViews,
  setRatios,
} from './ratios';
import { parentOf } from './report-repository';
import { businessDays, ratioChangeDay } from './tree';
import { lockTree, parentOf as treeParentOf } from './tree-repository';

/*
 * An operator sets a user's ratios (decision 0024), under the agent rules of setRatios and from the same day
 * as an agent's change (tree.ts' ratioChangeDay, decision 0041). A change of more than the site's limit in
 * any channel waits for a second operator: a four-eyes command, applied by `ratioChange` with the rules and
 * the day decided again then.
 */

/** Migration 0019's default, for a user of no site. */
const DEFAULT_RATIO_CHANGE_LIMIT_BP = 500;

async function userOf(db: Db, uid: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'site_id'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!user) throw codedError(404, 404, 'user_not_found');
  return { id: user.id, siteId: user.site_id };
}

const changesOf = (req: AdminRatiosRequest): RatioChange[] =>
  req.ratios.map((r) => ({ channel: r.channel, bp: percentToBp(r.rate) }));

/** Applies the change with the rules and audits it, in `trx`. */
async function apply(ctx: AppContext, trx: Db, by: OperatorActing, req: AdminRatiosRequest, now: number) {
  const user = await userOf(trx, req.uid);
  const before = (await latestRatios(trx, [user.id])).get(user.id);
  const changes = changesOf(req);
  // The day is decided under the tree lock, on the team as it stands.
  await lockTree(trx);
  await setRatios(trx, by.operator.userId, user.id, changes, await ratioChangeDay(ctx, user.id, trx), now);
  await recordAudit(
    trx,
    by.actor,
    {
      siteId: user.siteId,
      action: 'user.ratios',
      resource: 'user',
      recordId: req.uid,
      before: Object.fromEntries(changes.map((c) => [c.channel, before?.get(c.channel) ?? 0])),
      after: Object.fromEntries(changes.map((c) => [c.channel, c.bp])),
    },
    now,
  );
}

/** `locale`: the operator's language (the console's Accept-Language), in which the answer names channels. */
export async function setUserRatios(
  ctx: AppContext,
  by: OperatorActing,
  req: AdminRatiosRequest,
  locale?: string,
) {
  const user = await userOf(ctx.db, req.uid);
  assertCanAccess(by.operator, 'write', 'user', user);
  const now = ctx.clock.now();
  const limit =
    (await fourEyesThresholds(ctx.db, user.siteId))?.ratio_change_limit_bp ?? DEFAULT_RATIO_CHANGE_LIMIT_BP;
  const current = (await latestRatios(ctx.db, [user.id])).get(user.id);
  const large = changesOf(req).some((c) => Math.abs(c.bp - (current?.get(c.channel) ?? 0)) > limit);
  const commandId = await withMoneyTx(ctx.db, async (trx) => {
    if (large)
      return propose(
        trx,
        by.actor,
        {
          kind: 'ratio_change',
          resource: 'user',
          siteId: user.siteId,
          target: `user:${req.uid}`,
          payload: req,
        },
        now,
      );
    await apply(ctx, trx, by, req, now);
    return null;
  });
  return {
    uid: req.uid,
    ratios: await ratioViews(ctx.db, user.id, (await businessDays(ctx, user.id)).today, locale),
    secondApproval: commandId === null ? null : { commandId },
  };
}

/** A large change approved by a second operator: the rules are checked again as it applies. */
export const ratioChange = (ctx: AppContext): CommandHandler => ({
  resource: 'user',
  execute: async (trx, payload, by, now) => {
    const req = payload as unknown as AdminRatiosRequest;
    await apply(ctx, trx, by, req, now);
    return { uid: req.uid };
  },
});

/** The whole range of a ratio for a user with no parent: 100 %. */
const NO_CEILING_BP = 10_000;

/**
 * What the console shows of a user's place in the tree: the agent above them, their members, their ratios
 * (today's, and a change waiting for tomorrow) and, per channel, the range the agent rules leave an
 * operator for a change saved now: on every day from the change's on, from the highest direct member's ratio
 * to the parent's lowest. Channels are named in `locale` (the operator's language), without one by default.
 */
export async function ratiosForOperator(ctx: AppContext, userId: number, locale?: string) {
  const db = ctx.db;
  const from = await ratioChangeDay(ctx, userId);
  const [parent, parentId, ratios, floor] = await Promise.all([
    parentOf(db, userId),
    treeParentOf(db, userId),
    businessDays(ctx, userId).then(({ today }) => ratioViews(db, userId, today, locale)),
    highestMemberRatios(db, userId, from),
  ]);
  const ceiling = parentId === undefined ? undefined : await lowestRatiosFrom(db, parentId, from);
  return {
    parentUid: parent ? parent.uid : null,
    ratios,
    ratioLimits: ratios.map((r) => ({
      channel: r.channel,
      min: bpToPercent(floor.get(r.channel) ?? 0),
      max: bpToPercent(parentId === undefined ? NO_CEILING_BP : (ceiling?.get(r.channel) ?? 0)),
    })),
  };
}
