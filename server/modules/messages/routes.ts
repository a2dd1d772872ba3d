import type { FastifyInstance } from 'fastify';
import {
  adminMessageSendCall,
  messageDeleteCall,
  messageDetailCall,
  messageListCall,
  messageReadAllCall,
  messageReadCall,
  messageUnreadCall,
} from '../../../src/contract/messages';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

/**
 * The reader's messages and the operator's sends (/api/admin/messages/*, gated by serve() like every /admin
 * call). `marketingRefusals` is handed in by the registry, so messages imports no other module.
 */
export function messageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  marketingRefusals: service.MarketingGate,
): void {
  serve(app, ctx, messageListCall, ({ input, auth }) => service.listMessages(ctx, auth.user.id, input));
  serve(app, ctx, messageUnreadCall, ({ auth }) => service.unreadCount(ctx, auth.user.id));
  serve(app, ctx, messageDetailCall, ({ input, auth }) => service.messageDetail(ctx, auth.user.id, input.id));
  serve(app, ctx, messageReadCall, ({ input, auth }) => service.markRead(ctx, auth.user.id, input.ids));
  serve(app, ctx, messageReadAllCall, ({ auth }) => service.markRead(ctx, auth.user.id, null));
  serve(app, ctx, messageDeleteCall, ({ input, auth }) =>
    service.deleteMessages(ctx, auth.user.id, input.ids),
  );
  serve(app, ctx, adminMessageSendCall, ({ input, auth }) =>
    service.sendOperatorMessage(ctx, auth, input, marketingRefusals),
  );
}
