import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  HUB88_CALLS,
  HUB88_SIGNATURE_HEADER,
  type Hub88Answer,
  type Hub88BetRequest,
  type Hub88RollbackRequest,
  type Hub88WinRequest,
} from '#contract/game-hub88';
import type { WalletAnswer } from '#contract/game-provider';
import type { AppContext } from '../../../../context';
import { serve } from '../../../../http/serve';
import { providerByCode } from '../../catalogue';
import { verifyKeys } from '../../provider-keys';
import { keepRawJson } from '../../raw-json';
import type { ProviderRow } from '../../repository';
import * as seamless from '../../seamless';
import { FINER_THAN_A_CENT, WRONG_CURRENCY } from '../../wallet-messages';
import { corePlayer } from '../players';
import { refusedHere, wrongCurrency } from '../refusals';
import { hub88Details } from './info';
import { type Hub88Action, hub88Answer, toMinor } from './map';
import { verifiesHub88 } from './signing';

/*
 * Hub88's Wallet API (decision 0054), under /api/games/hub88/<provider code>/: the raw body is kept for the
 * signature, which is checked against the provider's verify keys before the body is read; a body that is not
 * what Hub88 sends answers RS_ERROR_WRONG_SYNTAX (HTTP 200, as every Hub88 answer). The calls then go to the
 * seamless core as Beacon's own would.
 */

declare module 'fastify' {
  interface FastifyRequest {
    hub88Provider?: ProviderRow;
  }
}

const send = (reply: FastifyReply, body: Hub88Answer): FastifyReply =>
  reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));

/** The request id to echo, read from a body that may not be valid. */
const requestUuidOf = (request: FastifyRequest): string => {
  const body = request.body as { request_uuid?: unknown } | undefined;
  return typeof body?.request_uuid === 'string' ? body.request_uuid.slice(0, 128) : '';
};

export async function hub88Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    keepRawJson(scope);
    scope.addHook('preValidation', async (request, reply) => {
      const code = (request.params as { provider?: string }).provider ?? '';
      const provider = code ? await providerByCode(ctx.db, code) : undefined;
      const signature = request.headers[HUB88_SIGNATURE_HEADER.toLowerCase()];
      const keys = provider?.wire === 'hub88' ? await verifyKeys(ctx, provider.code, Date.now()) : [];
      if (!verifiesHub88(keys, request.rawBody ?? '', Array.isArray(signature) ? signature[0] : signature)) {
        request.log.warn(
          { provider: code.slice(0, 32), known: keys.length > 0, path: request.url },
          'hub88 call refused: signature',
        );
        return send(reply, { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuidOf(request) });
      }
      request.hub88Provider = provider;
    });
    scope.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      if (err.validation || err.statusCode === 400)
        return send(reply, { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuidOf(request) });
      throw err;
    });

    const providerOf = (request: FastifyRequest): ProviderRow => {
      if (!request.hub88Provider) throw new Error('hub88: no provider after the signature check');
      return request.hub88Provider;
    };
    const currency = ctx.config.games.currency;
    const answer = (
      reply: FastifyReply,
      action: Hub88Action,
      result: WalletAnswer,
      echo: { request_uuid: string; user: string },
    ) => send(reply, hub88Answer(action, result, echo, currency));

    serve(scope, ctx, HUB88_CALLS.info, async ({ input, request, reply }) =>
      send(reply, await hub88Details(ctx, providerOf(request), input, currency)),
    );
    serve(scope, ctx, HUB88_CALLS.balance, async ({ input, request, reply }) => {
      const result = await seamless.balance(ctx, providerOf(request), {
        sessionToken: input.token,
        playerId: corePlayer(input.user),
      });
      return answer(reply, 'balance', result.body, input);
    });
    serve(scope, ctx, HUB88_CALLS.bet, async ({ input, request, reply }) =>
      answer(reply, 'bet', await bet(ctx, providerOf(request), input), input),
    );
    serve(scope, ctx, HUB88_CALLS.win, async ({ input, request, reply }) =>
      answer(reply, 'win', await win(ctx, providerOf(request), input), input),
    );
    serve(scope, ctx, HUB88_CALLS.rollback, async ({ input, request, reply }) =>
      answer(reply, 'rollback', await rollback(ctx, providerOf(request), input), input),
    );
  });
}

const sessionOf = (req: { token: string; user: string }) => ({
  sessionToken: req.token,
  playerId: corePlayer(req.user),
});

async function bet(ctx: AppContext, provider: ProviderRow, req: Hub88BetRequest): Promise<WalletAnswer> {
  if (wrongCurrency(ctx, req.currency))
    return refusedHere(ctx, provider, sessionOf(req), 'INVALID_REQUEST', WRONG_CURRENCY);
  const { minor, fraction } = toMinor(req.amount);
  // Beacon cannot debit what its ledger cannot hold: a stake finer than a cent moves nothing (decision 0054).
  if (fraction !== 0 && !req.is_free)
    return refusedHere(ctx, provider, sessionOf(req), 'LIMIT_REACHED', FINER_THAN_A_CENT);
  const result = await seamless.bet(ctx, provider, {
    ...sessionOf(req),
    transactionId: req.transaction_uuid,
    roundId: req.round,
    gameCode: req.game_code,
    ...(req.is_free ? { amount: 0, free: true as const } : { amount: minor }),
  });
  return result.body;
}

async function win(ctx: AppContext, provider: ProviderRow, req: Hub88WinRequest): Promise<WalletAnswer> {
  if (wrongCurrency(ctx, req.currency))
    return refusedHere(ctx, provider, sessionOf(req), 'INVALID_REQUEST', WRONG_CURRENCY);
  const { minor, fraction } = toMinor(req.amount);
  const result = await seamless.win(ctx, provider, {
    ...sessionOf(req),
    transactionId: req.transaction_uuid,
    roundId: req.round,
    gameCode: req.game_code,
    amount: minor,
    roundClosed: req.round_closed === true,
    referenceTransactionId: req.reference_transaction_uuid,
    ...(fraction === 0 ? {} : { fraction }),
  });
  return result.body;
}

async function rollback(
  ctx: AppContext,
  provider: ProviderRow,
  req: Hub88RollbackRequest,
): Promise<WalletAnswer> {
  const result = await seamless.rollback(ctx, provider, {
    ...sessionOf(req),
    transactionId: req.transaction_uuid,
    roundId: req.round,
    gameCode: req.game_code,
    referenceTransactionId: req.reference_transaction_uuid,
  });
  return result.body;
}
