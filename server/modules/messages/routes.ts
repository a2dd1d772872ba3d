import type { FastifyInstance } from 'fastify';
import { adminMessageResumeCall, adminMessageSendCall, adminMessageSendsCall } from '#contract/admin/message';
import {
  messageDeleteCall,
  messageDetailCall,
  messageListCall,
  messageReadAllCall,
  messageReadCall,
  messageUnreadCall,
} from '#contract/messages';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import * as service from './service';

/**
 * The reader's messages and the operator's sends (/api/admin/messages/*, gated by serve() like every /admin
 * call). `marketingRefusals` is handed in by the registry. Operators' messages are answered in the caller's
 * language (Accept-Language, else the account's locale), as notices are.
 */
export function messageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  marketingRefusals: service.MarketingGate,
): void {
  serve(app, ctx, messageListCall, ({ input, auth, request, reply }) =>
    service.listMessages(ctx, auth.user.id, input, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, messageUnreadCall, ({ auth }) => service.unreadCount(ctx, auth.user.id));
  serve(app, ctx, messageDetailCall, ({ input, auth, request, reply }) =>
    service.messageDetail(ctx, auth.user.id, input.id, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, messageReadCall, ({ input, auth }) => service.markRead(ctx, auth.user.id, input.ids));
  serve(app, ctx, messageReadAllCall, ({ auth }) => service.markRead(ctx, auth.user.id, null));
  serve(app, ctx, messageDeleteCall, ({ input, auth }) =>
    service.deleteMessages(ctx, auth.user.id, input.ids),
  );
  serve(app, ctx, adminMessageSendCall, ({ input, auth }) =>
    service.sendOperatorMessage(ctx, auth, input, marketingRefusals),
  );
  serve(app, ctx, adminMessageSendsCall, ({ input, auth }) => service.listSends(ctx, auth.operator, input));
  serve(app, ctx, adminMessageResumeCall, ({ input, auth }) =>
    service.resumeOperatorMessage(ctx, auth, input.id, marketingRefusals),
  );
}
