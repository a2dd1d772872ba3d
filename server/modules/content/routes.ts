import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannerListSchema, htmlPageSchema, noticeListSchema } from '../../../src/contract/content';
import { envelopeSchema } from '../../../src/contract/envelope';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import * as service from './service';

export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/mainview/bannerList',
      { schema: { response: { 200: envelopeSchema(bannerListSchema) } } },
      async (req) => ok(await service.listBanners(ctx, await service.callerSiteId(ctx, req))),
    );

    app.post(
      '/cp/mainview/notice',
      { preHandler: requireAuth(ctx), schema: { response: { 200: envelopeSchema(noticeListSchema) } } },
      async (req) => ok(await service.listNotices(ctx, await service.callerSiteId(ctx, req))),
    );

    for (const slug of service.PAGE_SLUGS) {
      app.post(
        `/mainview/${slug}`,
        { schema: { response: { 200: envelopeSchema(htmlPageSchema) } } },
        async (req, reply) => {
          reply.header('Vary', 'Accept-Language');
          const locale = service.localeFromAcceptLanguage(req.headers['accept-language']);
          return ok(await service.getPage(ctx, slug, locale));
        },
      );
    }
  };
