import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyResponseSchema } from '../../../src/contract/auth';
import { envelopeSchema } from '../../../src/contract/envelope';
import { userInfoSchema } from '../../../src/contract/user';
import {
  idRequestSchema,
  levelDataSchema,
  pageRequestSchema,
  recordsRequestSchema,
  safeChangePasswordRequestSchema,
  safeDepositRequestSchema,
  safeInfoSchema,
  safeMoveResultSchema,
  safeSetPasswordRequestSchema,
  safeWithdrawRequestSchema,
  secondaryInfoSchema,
  transferRequestSchema,
  transferResultSchema,
  walletRecordPageSchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawCreateRequestSchema,
  withdrawMethodListSchema,
  withdrawMethodSaveRequestSchema,
  withdrawMethodSchema,
} from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { idempotent } from '../../http/idempotency';
import { sweepExpired } from '../payments/service';
import type { MethodRow } from './repository';
import * as service from './service';

/** The body as hashed for idempotency: the safe password never goes into a stored hash. */
const withoutPassword = <T extends { safePassword?: string }>(body: T) => ({
  ...body,
  safePassword: undefined,
});

export const walletRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = requireAuth(ctx);

    // ---- account

    app.post(
      '/user/info',
      { onRequest: auth, schema: { response: { 200: envelopeSchema(userInfoSchema) } } },
      async (req) => ok(service.userInfo(authOf(req))),
    );
    app.post(
      '/user/secondaryInfo',
      { onRequest: auth, schema: { response: { 200: envelopeSchema(secondaryInfoSchema) } } },
      async (req) => ok(await service.secondaryInfo(ctx, authOf(req))),
    );
    app.post(
      '/user/levelData',
      { onRequest: auth, schema: { response: { 200: envelopeSchema(levelDataSchema) } } },
      async (req) => ok(await service.levelData(ctx, authOf(req))),
    );

    // ---- withdrawal methods

    app.post(
      '/wallet/cards/list',
      { onRequest: auth, schema: { response: { 200: envelopeSchema(withdrawMethodListSchema) } } },
      async (req) => ok(await service.listMethods(ctx, authOf(req))),
    );
    app.post(
      '/wallet/cards/save',
      {
        onRequest: auth,
        schema: {
          body: withdrawMethodSaveRequestSchema,
          response: { 200: envelopeSchema(withdrawMethodSchema) },
        },
      },
      async (req) => ok(await service.saveMethod(ctx, authOf(req), req.body, req.hostname)),
    );
    app.post(
      '/wallet/cards/delete',
      {
        onRequest: auth,
        schema: { body: idRequestSchema, response: { 200: envelopeSchema(emptyResponseSchema) } },
      },
      async (req) => ok(await service.deleteMethod(ctx, authOf(req), req.body.id)),
    );

    // ---- withdrawals

    app.post(
      '/wallet/withdraw/create',
      {
        onRequest: auth,
        schema: { body: withdrawCreateRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
      },
      async (req, reply) => {
        const a = authOf(req);
        let method: MethodRow | undefined;
        return ok(
          await idempotent({
            ctx,
            request: req,
            reply,
            userId: a.user.id,
            route: 'withdraw/create',
            body: withoutPassword(req.body),
            before: async () => {
              method = await service.prepareWithdrawal(ctx, a, req.body, req.hostname);
              await service.checkSafePassword(ctx, a.user.id, req.body.safePassword);
            },
            run: (trx) => {
              if (!method) throw new Error('withdraw: no method');
              return service.createWithdrawal(trx, ctx, a.user.id, req.body.amount, method);
            },
          }),
        );
      },
    );
    app.post(
      '/wallet/withdraw/list',
      {
        onRequest: auth,
        schema: { body: pageRequestSchema, response: { 200: envelopeSchema(withdrawalPageSchema) } },
      },
      async (req) => ok(await service.listWithdrawals(ctx, authOf(req), req.body.number, req.body.size)),
    );
    app.post(
      '/wallet/withdraw/detail',
      {
        onRequest: auth,
        schema: { body: idRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
      },
      async (req) => ok(await service.withdrawalDetail(ctx, authOf(req), req.body.id)),
    );

    // ---- safe

    app.post(
      '/wallet/safe/info',
      { onRequest: auth, schema: { response: { 200: envelopeSchema(safeInfoSchema) } } },
      async (req) => ok(await service.safeInfo(ctx, authOf(req))),
    );
    app.post(
      '/wallet/safe/setPassword',
      {
        onRequest: auth,
        schema: { body: safeSetPasswordRequestSchema, response: { 200: envelopeSchema(safeInfoSchema) } },
      },
      async (req) => ok(await service.setSafePassword(ctx, authOf(req), req.body.password)),
    );
    app.post(
      '/wallet/safe/changePassword',
      {
        onRequest: auth,
        schema: { body: safeChangePasswordRequestSchema, response: { 200: envelopeSchema(safeInfoSchema) } },
      },
      async (req) =>
        ok(await service.changeSafePassword(ctx, authOf(req), req.body.oldPassword, req.body.password)),
    );
    app.post(
      '/wallet/safe/deposit',
      {
        onRequest: auth,
        schema: { body: safeDepositRequestSchema, response: { 200: envelopeSchema(safeMoveResultSchema) } },
      },
      async (req, reply) => {
        const a = authOf(req);
        return ok(
          await idempotent({
            ctx,
            request: req,
            reply,
            userId: a.user.id,
            route: 'safe/deposit',
            body: req.body,
            before: () => service.ensureAccounts(ctx, a.user.id),
            run: (trx) => service.safeDeposit(trx, ctx, a.user.id, req.body.amount),
          }),
        );
      },
    );
    app.post(
      '/wallet/safe/withdraw',
      {
        onRequest: auth,
        schema: { body: safeWithdrawRequestSchema, response: { 200: envelopeSchema(safeMoveResultSchema) } },
      },
      async (req, reply) => {
        const a = authOf(req);
        return ok(
          await idempotent({
            ctx,
            request: req,
            reply,
            userId: a.user.id,
            route: 'safe/withdraw',
            body: withoutPassword(req.body),
            before: async () => {
              await service.ensureAccounts(ctx, a.user.id);
              await service.checkSafePassword(ctx, a.user.id, req.body.safePassword);
            },
            run: (trx) => service.safeWithdraw(trx, ctx, a.user.id, req.body.amount),
          }),
        );
      },
    );

    // ---- transfers

    app.post(
      '/wallet/transfer',
      {
        onRequest: auth,
        schema: { body: transferRequestSchema, response: { 200: envelopeSchema(transferResultSchema) } },
      },
      async (req, reply) => {
        const a = authOf(req);
        let receiverId = 0;
        return ok(
          await idempotent({
            ctx,
            request: req,
            reply,
            userId: a.user.id,
            route: 'transfer',
            body: withoutPassword(req.body),
            before: async () => {
              receiverId = await service.prepareTransfer(ctx, a, req.body, req.hostname);
              await service.checkSafePassword(ctx, a.user.id, req.body.safePassword);
            },
            run: (trx) =>
              service.transfer(
                trx,
                ctx,
                { id: a.user.id, uid: a.user.uid },
                { id: receiverId, uid: req.body.receiverUid },
                req.body.amount,
              ),
          }),
        );
      },
    );

    // ---- records

    app.post(
      '/wallet/records',
      {
        onRequest: auth,
        schema: { body: recordsRequestSchema, response: { 200: envelopeSchema(walletRecordPageSchema) } },
      },
      async (req) => {
        // Unpaid deposits past their expiry show as Fail here too.
        await sweepExpired(ctx);
        return ok(await service.records(ctx, authOf(req), req.body));
      },
    );
  };
