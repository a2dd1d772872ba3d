import type { FastifyInstance } from 'fastify';
import { earningsWithdrawCall } from '#contract/agent';
import type { AppContext } from '../../context';
import { idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { withdrawEarnings } from './earnings';

/** The agent calls of one concern: moving rake back and commission to the main balance. */
export function earningsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The stored route name is part of every stored key's hash: keep it when the path moves.
  serve(app, ctx, earningsWithdrawCall, (call) =>
    idempotentCall(ctx, call, 'agent/withdraw', withdrawEarnings(ctx, call.auth.user.id, call.input)),
  );
}
