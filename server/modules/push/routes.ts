import type { FastifyInstance } from 'fastify';
import { pushKeyCall, pushSubscribeCall, pushUnsubscribeCall } from '#contract/push';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import type { PushRuntime } from './runtime';
import * as service from './service';

export function pushRoutes(app: FastifyInstance, ctx: AppContext, runtime: PushRuntime): void {
  serve(app, ctx, pushKeyCall, () => service.publicKey(runtime));
  serve(app, ctx, pushSubscribeCall, ({ input, auth, request }) =>
    service.subscribe(ctx, auth.user, input, request),
  );
  serve(app, ctx, pushUnsubscribeCall, ({ input, auth }) =>
    service.unsubscribe(ctx, auth.user.id, input.endpoint),
  );
}
