import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../src/contract/envelope';
import {
  adminNoticePageSchema,
  adminNoticeSchema,
  noticeCreateRequestSchema,
  noticeEditRequestSchema,
  noticeIdRequestSchema,
  noticeListRequestSchema,
} from '../../../src/contract/notice-admin';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { assertOperator } from '../admin/service';
import type { PushRuntime } from '../push/runtime';
import * as service from './service';

/** The operator's notice console: /api/admin/notices/{create,edit,list,withdraw}. */
export const noticeAdminRoutes =
  (ctx: AppContext, push: PushRuntime): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = requireAuth(ctx);
    // onRequest: a non-operator is refused before the body is even read.
    const operator = async (req: Parameters<typeof auth>[0]) => {
      await auth(req);
      assertOperator(authOf(req));
    };
    const response = { 200: envelopeSchema(adminNoticeSchema) };

    app.post(
      '/admin/notices/create',
      { onRequest: operator, schema: { body: noticeCreateRequestSchema, response } },
      async (req) => ok((await service.create(ctx, push, authOf(req).user.id, req.body)).notice),
    );
    app.post(
      '/admin/notices/edit',
      { onRequest: operator, schema: { body: noticeEditRequestSchema, response } },
      async (req) => ok((await service.edit(ctx, push, req.body)).notice),
    );
    app.post(
      '/admin/notices/withdraw',
      { onRequest: operator, schema: { body: noticeIdRequestSchema, response } },
      async (req) => ok(await service.withdraw(ctx, req.body.id)),
    );
    app.post(
      '/admin/notices/list',
      {
        onRequest: operator,
        schema: { body: noticeListRequestSchema, response: { 200: envelopeSchema(adminNoticePageSchema) } },
      },
      async (req) => ok(await service.list(ctx, req.body.number, req.body.size)),
    );
  };
