import type { FastifyInstance } from 'fastify';
import {
  adminApproveCall,
  adminExecuteCall,
  adminRejectCall,
  adminSettleCall,
  adminWithdrawalListCall,
} from '#contract/admin/withdrawals';
import type { AppContext } from '../../context';
import { idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import * as service from './service';

/** The operators' withdrawal review; serve() gates every /admin call (requireOperator). */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminWithdrawalListCall, ({ input, auth }) =>
    service.list(ctx, auth, { state: input.state, sort: input.sort }, input),
  );
  serve(app, ctx, adminApproveCall, (call) =>
    idempotentCall(ctx, call, 'admin/approve', service.approve(ctx, call.auth, call.input.id)),
  );
  serve(app, ctx, adminRejectCall, (call) =>
    idempotentCall(
      ctx,
      call,
      'admin/reject',
      service.reject(ctx, call.auth, call.input.id, call.input.reason),
    ),
  );
  serve(app, ctx, adminExecuteCall, (call) =>
    idempotentCall(ctx, call, 'admin/execute', service.execute(ctx, call.auth, call.input.id)),
  );
  serve(app, ctx, adminSettleCall, (call) =>
    idempotentCall(ctx, call, 'admin/settle', service.settle(ctx, call.auth, call.input)),
  );
}
