import type { FastifyInstance } from 'fastify';
import {
  adminAgentJobCall,
  adminHoldCancelCall,
  adminHoldListCall,
  adminHoldReleaseCall,
  adminRatiosCall,
  adminVoidRoundCall,
} from '#contract/admin/agent';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { answerLocale } from '../content/service';
import { assertCanAccess, type OperatorActing } from '../operators/service';
import { setUserRatios } from './admin-ratios';
import { voidSettledRound } from './corrections';
import { listHolds, resolveHold } from './holds';

/**
 * The senior agent job is the operator's to grant (2) or take back (to 1: an agent still); taking it back
 * from someone who does not hold it changes nothing. A change is audited in its transaction.
 */
async function setSenior(
  ctx: AppContext,
  by: OperatorActing,
  uid: number,
  senior: boolean,
): Promise<{ uid: number; job: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'job', 'site_id'])
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (!user) throw fieldError('uid', 'user_not_found');
    const siteId = user.site_id;
    assertCanAccess(by.operator, 'write', 'user', { siteId });
    const job = senior ? 2 : user.job === 2 ? 1 : user.job;
    if (job !== user.job) {
      const now = ctx.clock.now();
      await trx.updateTable('users').set({ job, updated_at: now }).where('id', '=', user.id).execute();
      await recordAudit(
        trx,
        by.actor,
        {
          siteId,
          action: 'user.job',
          resource: 'user',
          recordId: uid,
          before: { job: user.job },
          after: { job },
        },
        now,
      );
    }
    return { uid, job };
  });
}

/** The agent calls of one concern: the operator's calls: holds, job 2, voiding a settled round. */
export function agentAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminHoldListCall, ({ auth, input }) => listHolds(ctx, auth.operator, input));
  // The stored route names are part of every stored key's hash: keep them when a path moves.
  const holds = [
    [adminHoldReleaseCall, 'admin/agent/holds/release', 'released'],
    [adminHoldCancelCall, 'admin/agent/holds/cancel', 'cancelled'],
  ] as const;
  for (const [declaration, route, outcome] of holds)
    serve(app, ctx, declaration, (call) =>
      idempotentCall(ctx, call, route, resolveHold(ctx, call.auth, call.input.id, outcome, call.input.note)),
    );
  serve(app, ctx, adminAgentJobCall, ({ auth, input }) => setSenior(ctx, auth, input.uid, input.senior));
  // The answer's ratios name channels in the operator's language (decision 0048).
  serve(app, ctx, adminRatiosCall, ({ auth, input, request, reply }) =>
    setUserRatios(ctx, auth, input, answerLocale(request, reply)),
  );
  serve(app, ctx, adminVoidRoundCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'admin/agent/rounds/void',
      voidSettledRound(ctx, call.auth, call.input.roundId),
    ),
  );
}
