import type { FastifyInstance } from 'fastify';
import {
  adminNoticeListCall,
  noticeCreateCall,
  noticeEditCall,
  noticeWithdrawCall,
} from '#contract/admin/notice';
import { noticeListCall, noticeReadCall, noticeTickerCall } from '#contract/content';
import type { AppContext } from '../../context';
import { type CallContext, serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import { callerSiteId } from '../site/service';
import * as service from './service';

type SignedInCall = Pick<CallContext<typeof noticeListCall>, 'auth' | 'request' | 'reply'>;

/**
 * The readers' notices (the ticker, the notice centre and its read marks) and the operator's console
 * (/api/admin/notices/*, gated by serve() like every /admin call).
 */
export function noticeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deliveries: service.NoticeDeliveries,
): void {
  /** The signed-in caller as a reader: their site, job and language (the answer varies with it). */
  const readerOf = async ({ auth, request, reply }: SignedInCall): Promise<service.NoticeReader> => {
    const locale = answerLocale(request, reply, auth.user.locale);
    return { userId: auth.user.id, siteId: await callerSiteId(ctx, request), locale, job: auth.user.job };
  };

  serve(app, ctx, noticeTickerCall, async (call) => service.listNotices(ctx, await readerOf(call)));
  serve(app, ctx, noticeListCall, async (call) => service.listNoticeDetails(ctx, await readerOf(call)));
  serve(app, ctx, noticeReadCall, async (call) =>
    service.markNoticesRead(ctx, await readerOf(call), call.input.ids),
  );

  serve(
    app,
    ctx,
    noticeCreateCall,
    async ({ input, auth }) => (await service.create(ctx, deliveries, auth, input)).notice,
  );
  serve(
    app,
    ctx,
    noticeEditCall,
    async ({ input, auth }) => (await service.edit(ctx, deliveries, auth, input)).notice,
  );
  serve(app, ctx, noticeWithdrawCall, ({ input, auth }) => service.withdraw(ctx, deliveries, auth, input.id));
  serve(app, ctx, adminNoticeListCall, ({ auth, input }) =>
    service.list(ctx, deliveries, auth.operator, input),
  );
}
