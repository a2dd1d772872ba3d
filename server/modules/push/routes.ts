import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../src/contract/envelope';
import {
  pushKeySchema,
  pushSubscribeRequestSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeRequestSchema,
} from '../../../src/contract/push';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { fieldError, ok, serviceUnavailable } from '../../http/envelope';
import { callerLocale, callerSiteId } from '../content/service';
import { subscriptionProblem } from './endpoint-guard';
import * as repo from './repository';
import type { PushRuntime } from './runtime';

export const pushRoutes =
  (ctx: AppContext, runtime: PushRuntime): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/push/key', { schema: { response: { 200: envelopeSchema(pushKeySchema) } } }, async () => {
      const keys = await runtime.keys();
      if (!keys) throw serviceUnavailable('push_unavailable');
      return ok({ publicKey: keys.publicKey });
    });

    app.post(
      '/push/subscribe',
      {
        preHandler: requireAuth(ctx),
        schema: {
          body: pushSubscribeRequestSchema,
          response: { 200: envelopeSchema(pushSubscriptionStateSchema) },
        },
      },
      async (req) => {
        const { user } = authOf(req);
        // The worker connects to whatever is stored here: only a push service, at a public address.
        const problem = await subscriptionProblem(req.body.endpoint, ctx.config.push);
        if (problem) {
          req.log.warn({ userId: user.id, problem }, 'push subscription refused');
          throw fieldError('endpoint', 'push_endpoint_not_allowed');
        }
        const locale = req.body.locale ?? callerLocale(req, user.locale);
        await repo.upsertSubscription(
          ctx.db,
          {
            userId: user.id,
            endpoint: req.body.endpoint,
            p256dh: req.body.keys.p256dh.replace(/=+$/, ''),
            auth: req.body.keys.auth.replace(/=+$/, ''),
            locale,
            siteId: await callerSiteId(ctx, req),
            expirationTime: req.body.expirationTime ?? null,
          },
          ctx.clock.now(),
        );
        return ok({ subscribed: true, locale });
      },
    );

    app.post(
      '/push/unsubscribe',
      {
        preHandler: requireAuth(ctx),
        schema: {
          body: pushUnsubscribeRequestSchema,
          response: { 200: envelopeSchema(pushSubscriptionStateSchema) },
        },
      },
      async (req) => {
        // Someone else's endpoint is left alone, and the answer does not tell whether it exists.
        await repo.deleteSubscription(ctx.db, authOf(req).user.id, req.body.endpoint);
        return ok({ subscribed: false });
      },
    );
  };
