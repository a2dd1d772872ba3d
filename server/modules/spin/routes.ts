import type { FastifyInstance } from 'fastify';
import { adminFollowUpDoneCall, adminFollowUpListCall } from '#contract/admin/spin';
import { spinDrawCall, spinStateCall } from '#contract/spin';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

/** The spin wheel's calls (contract/spin.ts): the player's and the operators' follow-ups. */
export function spinRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, spinStateCall, ({ auth, request }) => service.spinState(ctx, auth, request));
  serve(app, ctx, spinDrawCall, ({ auth, input }) => service.spin(ctx, auth, input.day));
  serve(app, ctx, adminFollowUpListCall, ({ auth, input }) =>
    service.listFollowUps(ctx, auth.operator, input),
  );
  serve(app, ctx, adminFollowUpDoneCall, ({ auth, input }) =>
    service.markFollowUpDone(ctx, auth, input.id, input.note),
  );
}
