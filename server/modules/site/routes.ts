import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../src/contract/envelope';
import { siteListSchema } from '../../../src/contract/site';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { getSites } from './service';

export const siteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/mainview/sites', { schema: { response: { 200: envelopeSchema(siteListSchema) } } }, async () =>
      ok(await getSites(ctx)),
    );
  };
