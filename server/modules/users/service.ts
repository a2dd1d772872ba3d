import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError } from '../../http/envelope';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type CommandHandler, propose } from '../operators/service';

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
  const siteId = user.site_id == null ? null : Number(user.site_id);
  assertCanAccess(op.operator, 'write', 'user', { siteId });
  return { id: Number(user.id), banned: Number(user.banned) === 1, siteId };
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
    const changed = await setBanned(trx, Number(user.id), true, now);
    if (changed)
      await recordAudit(
        trx,
        checker.actor,
        {
          siteId: user.site_id == null ? null : Number(user.site_id),
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
