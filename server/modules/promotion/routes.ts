import type { FastifyInstance } from 'fastify';
import { shortLinkCall } from '#contract/promotion';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import * as service from './service';

export function promotionApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, shortLinkCall, ({ input, auth }) => service.shortLink(ctx, auth, input.kind, input.id));
}

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
