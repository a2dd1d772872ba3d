import type { FastifyInstance } from 'fastify';
import { agentDetailCall, rakeBackCall, reportCall, reportDetailsCall } from '#contract/agent';
import type { AppContext } from '../../context';
import { type CallContext, serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import { siteTimeZone } from '../site/service';
import * as reports from './reports';

type ReportCall = Pick<CallContext<typeof agentDetailCall>, 'auth' | 'request' | 'reply'>;

/** The session's user as the reports see them (in their language: the answer varies with it). */
const viewerOf = async (ctx: AppContext, { auth, request, reply }: ReportCall): Promise<reports.Viewer> => ({
  id: auth.user.id,
  job: auth.user.job,
  inviteCode: auth.user.invite_code,
  timeZone: await siteTimeZone(ctx, auth.user.site_id),
  locale: answerLocale(request, reply, auth.user.locale),
});

/** The agent calls of one concern: the agent's summary, reports and their rows, rake back. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, agentDetailCall, async (call) => reports.detail(ctx, await viewerOf(ctx, call)));
  serve(app, ctx, reportCall, async (call) => reports.report(ctx, await viewerOf(ctx, call), call.input));
  serve(app, ctx, reportDetailsCall, async (call) =>
    reports.reportDetails(ctx, await viewerOf(ctx, call), call.input),
  );
  serve(app, ctx, rakeBackCall, async (call) => reports.rakeBack(ctx, await viewerOf(ctx, call)));
}
