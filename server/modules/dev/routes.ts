import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsOutboxRequestSchema, smsOutboxResponseSchema } from '../../../src/contract/dev';
import { envelopeSchema } from '../../../src/contract/envelope';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { readSmsOutbox } from './service';

/** Registered only in demo mode: lets a tester read the codes the dev SMS provider "sent". */
export const devRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dev/sms-outbox',
      {
        schema: { body: smsOutboxRequestSchema, response: { 200: envelopeSchema(smsOutboxResponseSchema) } },
      },
      async (req) => ok(await readSmsOutbox(ctx, req.body.areaCode, req.body.phone)),
    );
  };
