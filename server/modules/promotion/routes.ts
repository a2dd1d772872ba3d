import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../src/contract/envelope';
import { shortLinkRequestSchema, shortLinkResponseSchema } from '../../../src/contract/promotion';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import * as service from './service';

export const promotionApiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/gen/shortlink',
      {
        preHandler: requireAuth(ctx),
        schema: { body: shortLinkRequestSchema, response: { 200: envelopeSchema(shortLinkResponseSchema) } },
      },
      async (req) => ok(await service.shortLink(ctx, authOf(req), req.body.kind, req.body.id)),
    );
  };

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Link not found</title></head>
<body><main><h1>Link not found</h1><p>This promotion link does not exist or is not active yet.</p>
<p><a href="/">Go to the home page</a></p></main></body></html>
`;

/** `/s/<code>`, outside /api: a browser follows it, so it answers a redirect or an HTML page. */
export function registerShortLinkRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { code: string } }>('/s/:code', async (req, reply) => {
    // Every visit must reach the server to be counted.
    reply.header('Cache-Control', 'no-store');
    const target = await service.followLink(ctx, req.params.code, req.method === 'GET');
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    return reply.redirect(target, 302);
  });
}
