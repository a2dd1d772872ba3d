import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appCardSchema, appCardViewSchema } from '../../../src/contract/appcard';
import { envelopeSchema } from '../../../src/contract/envelope';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import * as service from './service';

export const appCardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/appcard/view',
      { preHandler: requireAuth(ctx), schema: { response: { 200: envelopeSchema(appCardViewSchema) } } },
      async (req) => ok(await service.viewAppCard(ctx, authOf(req))),
    );

    app.post(
      '/appcard/edit',
      {
        preHandler: requireAuth(ctx),
        schema: { body: appCardSchema, response: { 200: envelopeSchema(appCardSchema) } },
      },
      async (req) => ok(await service.editAppCard(ctx, authOf(req), req.body)),
    );
  };
