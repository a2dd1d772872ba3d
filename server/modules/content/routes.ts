import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerListSchema,
  htmlPageSchema,
  noticeDetailListSchema,
  noticeListSchema,
  noticeReadRequestSchema,
  noticeReadResultSchema,
} from '../../../src/contract/content';
import { envelopeSchema } from '../../../src/contract/envelope';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import * as service from './service';

export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reader = async (req: FastifyRequest, reply: FastifyReply): Promise<service.NoticeReader> => {
      reply.header('Vary', 'Accept-Language');
      const { user } = authOf(req);
      return {
        userId: user.id,
        siteId: await service.callerSiteId(ctx, req),
        locale: service.callerLocale(req, user.locale),
        job: user.job,
      };
    };

    app.post(
      '/mainview/bannerList',
      { schema: { response: { 200: envelopeSchema(bannerListSchema) } } },
      async (req) => ok(await service.listBanners(ctx, await service.callerSiteId(ctx, req))),
    );

    app.post(
      '/cp/mainview/notice',
      { preHandler: requireAuth(ctx), schema: { response: { 200: envelopeSchema(noticeListSchema) } } },
      async (req, reply) => ok(await service.listNotices(ctx, await reader(req, reply))),
    );

    app.post(
      '/cp/notices/list',
      { preHandler: requireAuth(ctx), schema: { response: { 200: envelopeSchema(noticeDetailListSchema) } } },
      async (req, reply) => ok(await service.listNoticeDetails(ctx, await reader(req, reply))),
    );

    app.post(
      '/cp/notices/read',
      {
        preHandler: requireAuth(ctx),
        schema: { body: noticeReadRequestSchema, response: { 200: envelopeSchema(noticeReadResultSchema) } },
      },
      async (req, reply) => ok(await service.markNoticesRead(ctx, await reader(req, reply), req.body.ids)),
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
