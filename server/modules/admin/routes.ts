import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../src/contract/envelope';
import {
  adminRejectRequestSchema,
  adminSettleRequestSchema,
  adminWithdrawalListRequestSchema,
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  idRequestSchema,
} from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { idempotent } from '../../http/idempotency';
import * as service from './service';

export const adminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = requireAuth(ctx);
    const operator = async (req: Parameters<typeof auth>[0]) => {
      await auth(req);
      service.assertOperator(authOf(req));
    };
    const response = { 200: envelopeSchema(adminWithdrawalSchema) };

    app.post(
      '/admin/withdrawals/list',
      {
        onRequest: operator,
        schema: {
          body: adminWithdrawalListRequestSchema,
          response: { 200: envelopeSchema(adminWithdrawalPageSchema) },
        },
      },
      async (req) => ok(await service.list(ctx, req.body.state, req.body.number, req.body.size)),
    );

    const action =
      <B>(route: string, run: (trx: Db, operatorId: number, body: B) => ReturnType<typeof service.approve>) =>
      async (
        req: { body: B } & Parameters<typeof authOf>[0],
        reply: Parameters<typeof idempotent>[0]['reply'],
      ) => {
        const a = authOf(req);
        return ok(
          await idempotent({
            ctx,
            request: req,
            reply,
            userId: a.user.id,
            route,
            body: req.body,
            run: (trx) => run(trx, a.user.id, req.body),
          }),
        );
      };

    app.post(
      '/admin/withdrawals/approve',
      { onRequest: operator, schema: { body: idRequestSchema, response } },
      action('admin/approve', (trx, op, body: { id: number }) => service.approve(trx, ctx, op, body.id)),
    );
    app.post(
      '/admin/withdrawals/reject',
      { onRequest: operator, schema: { body: adminRejectRequestSchema, response } },
      action('admin/reject', (trx, op, body: { id: number; reason: string }) =>
        service.reject(trx, ctx, op, body.id, body.reason),
      ),
    );
    app.post(
      '/admin/withdrawals/execute',
      { onRequest: operator, schema: { body: idRequestSchema, response } },
      action('admin/execute', (trx, op, body: { id: number }) => service.execute(trx, ctx, op, body.id)),
    );
    app.post(
      '/admin/withdrawals/settle',
      { onRequest: operator, schema: { body: adminSettleRequestSchema, response } },
      action(
        'admin/settle',
        (trx, op, body: { id: number; outcome: 'Success' | 'Fail'; reason?: string | undefined }) =>
          service.settle(trx, ctx, op, body.id, body.outcome, body.reason),
      ),
    );
  };
