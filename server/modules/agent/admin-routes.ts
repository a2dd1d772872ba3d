import type { FastifyInstance } from 'fastify';
import {
  adminAgentJobCall,
  adminHoldCancelCall,
  adminHoldListCall,
  adminHoldReleaseCall,
  adminVoidRoundCall,
} from '../../../src/contract/agent-admin';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { voidSettledRound } from './corrections';
import { listHolds, resolveHold } from './holds';

/**
 * The senior agent job is the operator's to grant (2) or take back (to 1: an agent still); taking it back
 * from someone who does not hold it changes nothing.
 */
async function setSenior(
  ctx: AppContext,
  operatorId: number,
  uid: number,
  senior: boolean,
): Promise<{ uid: number; job: number }> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'job'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!user) throw fieldError('uid', 'user_not_found');
  const job = senior ? 2 : user.job === 2 ? 1 : user.job;
  if (job !== user.job) {
    await ctx.db
      .updateTable('users')
      .set({ job, updated_at: ctx.clock.now() })
      .where('id', '=', user.id)
      .execute();
    ctx.log.info({ operatorId, uid, from: user.job, job }, 'agent job changed by an operator');
  }
  return { uid, job };
}

/** The agent calls of one concern: the operator's calls: holds, job 2, voiding a settled round. */
export function agentAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminHoldListCall, ({ input }) => listHolds(ctx, input));
  // The stored route names are part of every stored key's hash: keep them when a path moves.
  serve(app, ctx, adminHoldReleaseCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'admin/agent/holds/release',
      resolveHold(ctx, call.auth.user.id, call.input.id, 'released', call.input.note),
    ),
  );
  serve(app, ctx, adminHoldCancelCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'admin/agent/holds/cancel',
      resolveHold(ctx, call.auth.user.id, call.input.id, 'cancelled', call.input.note),
    ),
  );
  serve(app, ctx, adminAgentJobCall, ({ auth, input }) =>
    setSenior(ctx, auth.user.id, input.uid, input.senior),
  );
  serve(app, ctx, adminVoidRoundCall, (call) =>
    idempotentCall(ctx, call, 'admin/agent/rounds/void', voidSettledRound(ctx, call.input.roundId)),
  );
}
