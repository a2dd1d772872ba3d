import type { FastifyInstance } from 'fastify';
import { agentDetailCall, rakeBackCall, reportCall, reportDetailsCall } from '../../../src/contract/agent';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as reports from './reports';

/** The session's user as the reports see them. */
const viewerOf = (auth: { user: { id: number; job: number; invite_code: string } }): reports.Viewer => ({
  id: Number(auth.user.id),
  job: Number(auth.user.job),
  inviteCode: auth.user.invite_code,
});

/** The agent calls of one concern: the agent's summary, reports and their rows, rake back. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, agentDetailCall, ({ auth }) => reports.detail(ctx, viewerOf(auth)));
  serve(app, ctx, reportCall, ({ auth, input }) => reports.report(ctx, viewerOf(auth), input));
  serve(app, ctx, reportDetailsCall, ({ auth, input }) => reports.reportDetails(ctx, viewerOf(auth), input));
  serve(app, ctx, rakeBackCall, ({ auth }) => reports.rakeBack(ctx, viewerOf(auth)));
}
