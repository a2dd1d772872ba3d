import type { GrantsRequest, OperatorView } from '#contract/admin/operators';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, fieldError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import { recordAudit } from '../audit/service';
import { maskPhone } from '../auth/service';
import { siteDomains } from '../site/service';
import { type CommandHandler, type OperatorActing, propose } from './commands';
import type { Grant, Operator, Scoped } from './policy';
import * as repo from './repository';
import { assertCanAccess } from './service';

/*
 * Who holds what (decision 0024). Grants are platform-wide records: only administrators of every site see
 * and change them, and every change is a four-eyes command replacing the user's grants as a whole.
 */

/** Grants are of no one site: only an operator of every site may see or change them. */
const PLATFORM: Scoped = { siteId: null };

export async function listOperators(
  ctx: AppContext,
  operator: Operator,
  page: { number: number; size: number },
): Promise<Page<OperatorView>> {
  assertCanAccess(operator, 'read', 'operator', PLATFORM);
  const holders = ctx.db.selectFrom('operator_grants').select('user_id').distinct();
  const [count, users, domains] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .where('id', 'in', holders)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    ctx.db
      .selectFrom('users')
      .leftJoin('operator_totp as t', 't.user_id', 'users.id')
      .where('users.id', 'in', holders)
      .select(['users.id', 'users.uid', 'users.area_code', 'users.phone', 't.confirmed_at'])
      .orderBy('users.uid')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    siteDomains(ctx),
  ]);
  const content = await Promise.all(
    users.map(async (u) => ({
      uid: u.uid,
      phone: maskPhone(u.area_code, u.phone),
      grants: (await repo.grantsOf(ctx.db, u.id)).map((g) => ({
        role: g.role,
        site: g.siteId === null ? null : { id: g.siteId, domain: domains.get(g.siteId) ?? '' },
      })),
      authenticator: u.confirmed_at != null,
    })),
  );
  return pageOf(content, count?.n ?? 0, page.number, page.size);
}

async function checked(
  ctx: AppContext,
  db: Db,
  req: GrantsRequest,
): Promise<{ userId: number; grants: Grant[] }> {
  const user = await db.selectFrom('users').select('id').where('uid', '=', req.uid).executeTakeFirst();
  if (!user) throw codedError(404, 404, 'user_not_found');
  const domains = await siteDomains(ctx);
  for (const [index, g] of req.grants.entries())
    if (g.siteId !== null && !domains.has(g.siteId))
      throw fieldError(`grants.${index}.siteId`, 'site_not_found');
  return { userId: user.id, grants: req.grants.map((g) => ({ role: g.role, siteId: g.siteId })) };
}

/** Proposes the change; a second administrator applies it. */
export async function proposeGrants(ctx: AppContext, by: OperatorActing, req: GrantsRequest) {
  assertCanAccess(by.operator, 'write', 'operator', PLATFORM);
  await checked(ctx, ctx.db, req);
  const commandId = await ctx.db.transaction().execute((trx) =>
    propose(
      trx,
      by.actor,
      {
        kind: 'operator_grants',
        resource: 'operator',
        siteId: null,
        target: `operator:${req.uid}`,
        payload: req,
      },
      ctx.clock.now(),
    ),
  );
  return { commandId };
}

export const grantsChange = (ctx: AppContext): CommandHandler => ({
  resource: 'operator',
  execute: async (trx, payload, by, now) => {
    const req = payload as unknown as GrantsRequest;
    const { userId, grants } = await checked(ctx, trx, req);
    const before = await repo.grantsOf(trx, userId);
    await repo.deleteGrants(trx, userId);
    await repo.insertGrants(trx, userId, grants, by.operator.userId, now);
    await recordAudit(
      trx,
      by.actor,
      {
        siteId: null,
        action: 'operator.grants',
        resource: 'operator',
        recordId: req.uid,
        before,
        after: grants,
      },
      now,
    );
    return { uid: req.uid };
  },
});
