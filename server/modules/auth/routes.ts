import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  sendSmsRequestSchema,
  sendSmsResponseSchema,
  sessionResponseSchema,
  tokenLoginRequestSchema,
  tokenLoginResponseSchema,
} from '../../../src/contract/auth';
import { envelopeSchema } from '../../../src/contract/envelope';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import * as service from './service';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/cplogin/sendsms',
      { schema: { body: sendSmsRequestSchema, response: { 200: envelopeSchema(sendSmsResponseSchema) } } },
      async (req) => ok(await service.sendSms(ctx, req.body, req.ip)),
    );

    app.post(
      '/cplogin/reg',
      { schema: { body: registerRequestSchema, response: { 200: envelopeSchema(sessionResponseSchema) } } },
      async (req) => ok(await service.register(ctx, req.body)),
    );

    app.post(
      '/cplogin/login',
      { schema: { body: loginRequestSchema, response: { 200: envelopeSchema(sessionResponseSchema) } } },
      async (req) => ok(await service.login(ctx, req.body, req.ip)),
    );

    app.post(
      '/cplogin/tokenLogin',
      {
        schema: {
          body: tokenLoginRequestSchema,
          response: { 200: envelopeSchema(tokenLoginResponseSchema) },
        },
      },
      async (req) => {
        const { user } = await service.resolveToken(ctx, req.body.token);
        return ok({ user: service.toUserInfo(user) });
      },
    );

    app.post(
      '/cplogin/logout',
      { preHandler: requireAuth(ctx), schema: { response: { 200: envelopeSchema(emptyResponseSchema) } } },
      async (req) => ok(await service.logout(ctx, authOf(req))),
    );

    app.post(
      '/cplogin/forgotpwd',
      {
        schema: { body: forgotPasswordRequestSchema, response: { 200: envelopeSchema(emptyResponseSchema) } },
      },
      async (req) => ok(await service.forgotPassword(ctx, req.body)),
    );
  };
