import type { AdminUser, AdminUserDetail } from '#contract/admin/user';
import type { UserListSort } from '#contract/console-states';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { ratiosForOperator, teamCounts } from '../agent/service';
import { recordAudit } from '../audit/service';
import { maskPhone } from '../auth/service';
import {
  assertCanAccess,
  type CommandHandler,
  pendingTargets,
  propose,
  visibleSites,
} from '../operators/service';
import { siteDomains } from '../site/service';
import { clearSafeLock, safeLockState } from '../wallet/service';

/*
 * Operators' actions on accounts (decision 0024). A ban is a four-eyes command: proposed here, applied by
 * `userBan` when a second operator approves it. An unban applies at once (it takes nothing away), audited.
 */

/** The account of a UID and its site, if the operator may write it. */
async function writableUser(db: Db, op: OperatorAuth, uid: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'uid', 'banned', 'site_id'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!user) throw codedError(404, 404, 'user_not_found');
  const siteId = user.site_id;
  assertCanAccess(op.operator, 'write', 'user', { siteId });
  return { id: user.id, banned: user.banned === 1, siteId };
}

export async function proposeBan(
  ctx: AppContext,
  op: OperatorAuth,
  req: { uid: number; reason: string },
): Promise<{ commandId: number }> {
  const user = await writableUser(ctx.db, op, req.uid);
  const commandId = await ctx.db
    .transaction()
    .execute((trx) =>
      propose(
        trx,
        op.actor,
        { kind: 'user_ban', resource: 'user', siteId: user.siteId, target: `user:${req.uid}`, payload: req },
        ctx.clock.now(),
      ),
    );
  return { commandId };
}

async function setBanned(trx: Db, userId: number, banned: boolean, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ banned: banned ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .where('banned', '=', banned ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A ban approved by a second operator: the account is refused from its next request on. */
export const userBan: CommandHandler = {
  resource: 'user',
  execute: async (trx, payload, checker, now) => {
    const uid = Number(payload.uid);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'site_id'])
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (!user) throw codedError(404, 404, 'user_not_found');
    const changed = await setBanned(trx, user.id, true, now);
    if (changed)
      await recordAudit(
        trx,
        checker.actor,
        {
          siteId: user.site_id,
          action: 'user.ban',
          resource: 'user',
          recordId: uid,
          before: { banned: false },
          after: { banned: true, reason: payload.reason },
        },
        now,
      );
    return { uid, banned: true };
  },
};

export async function unban(
  ctx: AppContext,
  op: OperatorAuth,
  req: { uid: number; reason: string },
): Promise<{ uid: number; banned: boolean }> {
  const user = await writableUser(ctx.db, op, req.uid);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (await setBanned(trx, user.id, false, now))
      await recordAudit(
        trx,
        op.actor,
        {
          siteId: user.siteId,
          action: 'user.unban',
          resource: 'user',
          recordId: req.uid,
          before: { banned: true },
          after: { banned: false, reason: req.reason },
        },
        now,
      );
  });
  return { uid: req.uid, banned: false };
}

/** A page of the operator's sites' users matching `query` (a UID, or digits of a phone), newest first. */
export async function listUsers(
  ctx: AppContext,
  op: OperatorAuth,
  req: { query: string; sort: UserListSort; number: number; size: number },
): Promise<Page<AdminUser>> {
  const sites = visibleSites(op.operator, 'read', 'user');
  const filtered = () => {
    let q = ctx.db.selectFrom('users');
    if (sites !== null) q = q.where('site_id', 'in', sites.length > 0 ? sites : [-1]);
    if (req.query !== '') {
      const digits = req.query;
      q = q.where((eb) =>
        eb.or([
          ...(digits.length <= 12 ? [eb('uid', '=', Number(digits))] : []),
          eb('phone', 'like', `%${digits}%`),
        ]),
      );
    }
    return q;
  };
  const [rows, count, domains] = await Promise.all([
    filtered()
      .select(USER_COLUMNS)
      .orderBy('id', req.sort === 'oldest' ? 'asc' : 'desc')
      .offset(offsetOf(req))
      .limit(req.size)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    siteDomains(ctx),
  ]);
  const users = await adminUsers(ctx.db, rows, domains);
  return pageOf(users, count?.n ?? 0, req.number, req.size);
}

const USER_COLUMNS = [
  'id',
  'uid',
  'username',
  'area_code',
  'phone',
  'site_id',
  'job',
  'level',
  'banned',
  'created_at',
] as const;

interface UserRow {
  uid: number;
  username: string;
  area_code: string;
  phone: string;
  site_id: number | null;
  job: number;
  level: number;
  banned: number;
  created_at: number;
}

/** Accounts as the console lists them: the phone masked, the site by domain, a ban waiting for approval. */
async function adminUsers(
  db: Db,
  rows: readonly UserRow[],
  domains: ReadonlyMap<number, string>,
): Promise<AdminUser[]> {
  const pending = await pendingTargets(
    db,
    'user_ban',
    rows.map((r) => `user:${r.uid}`),
  );
  return rows.map((r) => ({
    uid: r.uid,
    username: r.username,
    phone: maskPhone(r.area_code, r.phone),
    site: r.site_id == null ? null : (domains.get(r.site_id) ?? null),
    job: r.job,
    level: r.level,
    banned: r.banned === 1,
    banPending: pending.has(`user:${r.uid}`),
    createdAt: r.created_at,
  }));
}

/**
 * One account as the console's account page shows it, if the operator may read it; its ratios name
 * channels in `locale` (the operator's language).
 */
export async function userDetail(
  ctx: AppContext,
  op: OperatorAuth,
  uid: number,
  locale: string,
): Promise<AdminUserDetail> {
  const row = await ctx.db.selectFrom('users').select(USER_COLUMNS).where('uid', '=', uid).executeTakeFirst();
  if (!row) throw codedError(404, 404, 'user_not_found');
  assertCanAccess(op.operator, 'read', 'user', { siteId: row.site_id });
  const id = row.id;
  const [[user], tree, members, safe] = await Promise.all([
    siteDomains(ctx).then((domains) => adminUsers(ctx.db, [row], domains)),
    ratiosForOperator(ctx, id, locale),
    teamCounts(ctx.db, id),
    safeLockState(ctx.db, id, ctx.clock.now()),
  ]);
  if (!user) throw new Error('account vanished');
  return {
    user,
    parentUid: tree.parentUid,
    members,
    ratios: tree.ratios,
    ratioLimits: tree.ratioLimits,
    safe,
  };
}

/**
 * Clears the safe's wrong tries and lock (the password stays), audited with the reason when there was
 * something to clear; pressing it again changes nothing.
 */
export async function resetSafe(
  ctx: AppContext,
  op: OperatorAuth,
  req: { uid: number; reason: string },
): Promise<{ uid: number; reset: boolean }> {
  const user = await writableUser(ctx.db, op, req.uid);
  const now = ctx.clock.now();
  const reset = await ctx.db.transaction().execute(async (trx) => {
    const before = await safeLockState(trx, user.id, now);
    const cleared = await clearSafeLock(trx, user.id);
    if (cleared)
      await recordAudit(
        trx,
        op.actor,
        {
          siteId: user.siteId,
          action: 'user.safe_reset',
          resource: 'user',
          recordId: req.uid,
          before: { lockedUntil: before.lockedUntil, failedTries: before.failedTries },
          after: { lockedUntil: null, failedTries: 0, reason: req.reason },
        },
        now,
      );
    return cleared;
  });
  return { uid: req.uid, reset };
}
