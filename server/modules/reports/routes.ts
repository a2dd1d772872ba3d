import type { FastifyInstance } from 'fastify';
import { adminReportCall } from '#contract/admin/report';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

/** The console's reports (/api/admin/reports/*), gated by serve() like every /admin call. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminReportCall, ({ auth, input }) => service.dailyReport(ctx, auth.operator, input));
}
