import type { FastifyInstance } from 'fastify';
import {
  blockCall,
  historyCall,
  limitSetCall,
  protectionStateCall,
  realityCheckCall,
  realitySetCall,
} from '#contract/protection';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

/** The player's own protection tools (decision 0021); a block's effects elsewhere are handed in (0042). */
export function protectionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  blockEffects: service.BlockEffects,
): void {
  serve(app, ctx, protectionStateCall, ({ auth }) => service.protectionState(ctx, auth.user.id));
  serve(app, ctx, limitSetCall, ({ auth, input }) =>
    service.setLimit(ctx, auth.user.id, input.period, input.amount),
  );
  serve(app, ctx, blockCall, ({ auth, input }) => service.takeBlock(ctx, auth.user.id, input, blockEffects));
  serve(app, ctx, realitySetCall, ({ auth, input }) => service.setReality(ctx, auth.user.id, input.minutes));
  serve(app, ctx, realityCheckCall, ({ auth, input }) =>
    service.realityCheck(ctx, auth.user.id, input.since),
  );
  serve(app, ctx, historyCall, ({ auth }) => service.accountHistory(ctx, auth.user.id));
}
