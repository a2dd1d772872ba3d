import type { FastifyInstance } from 'fastify';
import { agentDetailCall, rakeBackCall, reportCall, reportDetailsCall } from '../../../src/contract/agent';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { siteTimeZone } from '../site/service';
import * as reports from './reports';

/** The session's user as the reports see them. */
const viewerOf = async (
  ctx: AppContext,
  auth: { user: { id: number; job: number; invite_code: string; site_id: number | null } },
): Promise<reports.Viewer> => ({
  id: Number(auth.user.id),
  job: Number(auth.user.job),
  inviteCode: auth.user.invite_code,
  timeZone: await siteTimeZone(ctx, auth.user.site_id === null ? null : Number(auth.user.site_id)),
});

/** The agent calls of one concern: the agent's summary, reports and their rows, rake back. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, agentDetailCall, async ({ auth }) => reports.detail(ctx, await viewerOf(ctx, auth)));
  serve(app, ctx, reportCall, async ({ auth, input }) =>
    reports.report(ctx, await viewerOf(ctx, auth), input),
  );
  serve(app, ctx, reportDetailsCall, async ({ auth, input }) =>
    reports.reportDetails(ctx, await viewerOf(ctx, auth), input),
  );
  serve(app, ctx, rakeBackCall, async ({ auth }) => reports.rakeBack(ctx, await viewerOf(ctx, auth)));
}
