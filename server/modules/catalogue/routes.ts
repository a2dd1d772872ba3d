import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyResponseSchema } from '../../../src/contract/auth';
import {
  demandApplyResponseSchema,
  demandIdRequestSchema,
  demandListRequestSchema,
  demandNewestSchema,
  demandPageSchema,
  keepTopResponseSchema,
  myDemandPageSchema,
  myPageRequestSchema,
  myWxAppPageSchema,
  newestRequestSchema,
  wxAppDetailRequestSchema,
  wxAppListRequestSchema,
  wxApplyRequestSchema,
  wxApplyResponseSchema,
  wxAppPageSchema,
  wxAppSchema,
  wxKeepTopRequestSchema,
  wxNewestSchema,
} from '../../../src/contract/catalogue';
import { envelopeSchema } from '../../../src/contract/envelope';
import type { AppContext } from '../../context';
import { authOf, bearerToken, requireAuth } from '../../http/auth';
import { ok, sessionExpired } from '../../http/envelope';
import { resolveToken } from '../auth/service';
import { callerSiteId } from '../content/service';
import * as service from './service';

/**
 * preHandler of public lists that answer per caller when logged in: no Authorization header means a
 * visitor; a header with a dead token is still 996, so the app logs out as everywhere else.
 */
const optionalAuth =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return;
    const token = bearerToken(header);
    if (!token) throw sessionExpired();
    request.auth = await resolveToken(ctx, token);
  };

export const catalogueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const site = (req: FastifyRequest) => callerSiteId(ctx, req);

    // ---- catalogue 1

    app.post(
      '/wxcps/applist',
      {
        preHandler: optionalAuth(ctx),
        schema: { body: wxAppListRequestSchema, response: { 200: envelopeSchema(wxAppPageSchema) } },
      },
      async (req) => ok(await service.listWxApps(ctx, req.auth, await site(req), req.body)),
    );

    app.post(
      '/wxcps/myapplist',
      {
        preHandler: requireAuth(ctx),
        schema: { body: myPageRequestSchema, response: { 200: envelopeSchema(myWxAppPageSchema) } },
      },
      async (req) => ok(await service.listMyWxApps(ctx, authOf(req), await site(req), req.body)),
    );

    app.post(
      '/wxcps/lastapplist',
      {
        preHandler: optionalAuth(ctx),
        schema: { body: newestRequestSchema, response: { 200: envelopeSchema(wxNewestSchema) } },
      },
      async (req) => ok(await service.newestWxApps(ctx, req.auth, await site(req), req.body.size)),
    );

    app.post(
      '/wxcps/detail',
      {
        preHandler: requireAuth(ctx),
        schema: { body: wxAppDetailRequestSchema, response: { 200: envelopeSchema(wxAppSchema) } },
      },
      async (req) => ok(await service.wxAppDetail(ctx, authOf(req), await site(req), req.body.id)),
    );

    app.post(
      '/wxcps/apply',
      {
        preHandler: requireAuth(ctx),
        schema: { body: wxApplyRequestSchema, response: { 200: envelopeSchema(wxApplyResponseSchema) } },
      },
      async (req) => ok(await service.applyWx(ctx, authOf(req), req.body.appid)),
    );

    app.post(
      '/wxcps/keeptop',
      {
        preHandler: requireAuth(ctx),
        schema: { body: wxKeepTopRequestSchema, response: { 200: envelopeSchema(keepTopResponseSchema) } },
      },
      async (req) => ok(await service.keepTopWx(ctx, authOf(req), await site(req), req.body.appid)),
    );

    // ---- catalogue 2

    app.post(
      '/doucps/demandlist',
      {
        preHandler: optionalAuth(ctx),
        schema: { body: demandListRequestSchema, response: { 200: envelopeSchema(demandPageSchema) } },
      },
      async (req) => ok(await service.listDemands(ctx, req.auth, await site(req), req.body)),
    );

    app.post(
      '/doucps/mydemandlist',
      {
        preHandler: requireAuth(ctx),
        schema: { body: myPageRequestSchema, response: { 200: envelopeSchema(myDemandPageSchema) } },
      },
      async (req) => ok(await service.listMyDemands(ctx, authOf(req), await site(req), req.body)),
    );

    app.post(
      '/doucps/delmydemand',
      {
        preHandler: requireAuth(ctx),
        schema: { body: demandIdRequestSchema, response: { 200: envelopeSchema(emptyResponseSchema) } },
      },
      async (req) => ok(await service.deleteMyDemand(ctx, authOf(req), req.body.demandId)),
    );

    app.post(
      '/doucps/lastapplist',
      {
        preHandler: optionalAuth(ctx),
        schema: { body: newestRequestSchema, response: { 200: envelopeSchema(demandNewestSchema) } },
      },
      async (req) => ok(await service.newestDemands(ctx, req.auth, await site(req), req.body.size)),
    );

    app.post(
      '/doucps/apply',
      {
        preHandler: requireAuth(ctx),
        schema: { body: demandIdRequestSchema, response: { 200: envelopeSchema(demandApplyResponseSchema) } },
      },
      async (req) => ok(await service.applyDemand(ctx, authOf(req), req.body.demandId)),
    );

    app.post(
      '/doucps/keeptop',
      {
        preHandler: requireAuth(ctx),
        schema: { body: demandIdRequestSchema, response: { 200: envelopeSchema(keepTopResponseSchema) } },
      },
      async (req) => ok(await service.keepTopDemand(ctx, authOf(req), await site(req), req.body.demandId)),
    );
  };
