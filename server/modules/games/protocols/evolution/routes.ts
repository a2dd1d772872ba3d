import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EVOLUTION_AUTH_PARAM,
  EVOLUTION_CALLS,
  type EvolutionAnswer,
  type EvolutionMethod,
  type EvolutionPromoPayoutRequest,
  type EvolutionTransactionRequest,
} from '#contract/game-evolution';
import type { AppContext } from '../../../../context';
import { serve } from '../../../../http/serve';
import { providerByCode } from '../../catalogue';
import { verifyKeys } from '../../provider-keys';
import { firstGameOf, type ProviderRow } from '../../repository';
import * as seamless from '../../seamless';
import { FINER_THAN_A_CENT, WRONG_CURRENCY } from '../../wallet-messages';
import { corePlayer } from '../players';
import { refusedHere, wrongCurrency } from '../refusals';
import { cancelId, evolutionAnswer, promoIds, toMinor } from './map';

/*
 * Evolution's One Wallet (decision 0054), under /api/games/evolution/<provider code>/: the authToken in the
 * query is checked against the provider's verify keys (a rotation's two) before the body is read; a body that
 * is not what Evolution sends answers INVALID_PARAMETER (HTTP 200, as every One Wallet answer). The calls
 * then go to the seamless core as Beacon's own would.
 */

declare module 'fastify' {
  interface FastifyRequest {
    evolutionProvider?: ProviderRow;
  }
}

const send = (reply: FastifyReply, body: EvolutionAnswer): FastifyReply =>
  reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));

/** The uuid to echo, read from a body that may not be valid. */
const uuidOf = (request: FastifyRequest): string => {
  const body = request.body as { uuid?: unknown } | undefined;
  return typeof body?.uuid === 'string' ? body.uuid.slice(0, 128) : '';
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Whether the token is one of the provider's, compared in constant time. */
function tokenMatches(tokens: readonly string[], given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const wanted = digest(given);
  return tokens.some((t) => timingSafeEqual(digest(t), wanted));
}

const sessionOf = (req: { sid: string; userId: string }) => ({
  sessionToken: req.sid,
  playerId: corePlayer(req.userId),
});

export async function evolutionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request, reply) => {
      const code = (request.params as { provider?: string }).provider ?? '';
      const provider = code ? await providerByCode(ctx.db, code) : undefined;
      const tokens = provider?.wire === 'evolution' ? await verifyKeys(ctx, provider.code, Date.now()) : [];
      const given = (request.query as Record<string, unknown> | undefined)?.[EVOLUTION_AUTH_PARAM];
      if (!tokenMatches(tokens, given)) {
        request.log.warn(
          { provider: code.slice(0, 32), known: tokens.length > 0, path: request.routeOptions.url },
          'evolution call refused: authToken',
        );
        return send(reply, { status: 'INVALID_TOKEN_ID', uuid: uuidOf(request) });
      }
      request.evolutionProvider = provider;
    });
    scope.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      if (err.validation || err.statusCode === 400)
        return send(reply, { status: 'INVALID_PARAMETER', uuid: uuidOf(request) });
      throw err;
    });

    const providerOf = (request: FastifyRequest): ProviderRow => {
      if (!request.evolutionProvider) throw new Error('evolution: no provider after the authToken check');
      return request.evolutionProvider;
    };
    const answer = (
      reply: FastifyReply,
      method: EvolutionMethod,
      result: seamless.SeamlessAnswer,
      uuid: string,
    ) => send(reply, evolutionAnswer(method, result.body, uuid, result.replay === true));

    serve(scope, ctx, EVOLUTION_CALLS.check, async ({ input, request, reply }) => {
      const result = await seamless.balance(ctx, providerOf(request), sessionOf(input));
      const body = evolutionAnswer('check', result.body, input.uuid);
      // The sid stays Beacon's session token: Beacon has no reason to hand a new one over.
      return send(reply, body.status === 'OK' ? { status: 'OK', sid: input.sid, uuid: input.uuid } : body);
    });
    serve(scope, ctx, EVOLUTION_CALLS.balance, async ({ input, request, reply }) =>
      answer(
        reply,
        'balance',
        await seamless.balance(ctx, providerOf(request), sessionOf(input)),
        input.uuid,
      ),
    );
    serve(scope, ctx, EVOLUTION_CALLS.debit, async ({ input, request, reply }) =>
      answer(reply, 'debit', await debit(ctx, providerOf(request), input), input.uuid),
    );
    serve(scope, ctx, EVOLUTION_CALLS.credit, async ({ input, request, reply }) =>
      answer(reply, 'credit', await credit(ctx, providerOf(request), input), input.uuid),
    );
    serve(scope, ctx, EVOLUTION_CALLS.cancel, async ({ input, request, reply }) =>
      answer(reply, 'cancel', await cancel(ctx, providerOf(request), input), input.uuid),
    );
    serve(scope, ctx, EVOLUTION_CALLS.promo_payout, async ({ input, request, reply }) =>
      answer(reply, 'promo_payout', await promoPayout(ctx, providerOf(request), input), input.uuid),
    );
  });
}

/** The wire's own refusal, as the core's answer shape. */
const refusal = async (
  ctx: AppContext,
  provider: ProviderRow,
  req: { sid: string; userId: string },
  status: 'INVALID_REQUEST' | 'LIMIT_REACHED',
  message: string,
): Promise<seamless.SeamlessAnswer> => ({
  http: 200,
  body: await refusedHere(ctx, provider, sessionOf(req), status, message),
});

/** A money call's amount in minor units (and what is below the cent), or the wire's own refusal of it. */
async function amountOf(
  ctx: AppContext,
  provider: ProviderRow,
  req: { sid: string; userId: string; currency: string },
  amount: number,
): Promise<{ minor: number; fraction: number } | seamless.SeamlessAnswer> {
  if (wrongCurrency(ctx, req.currency)) return refusal(ctx, provider, req, 'INVALID_REQUEST', WRONG_CURRENCY);
  return toMinor(amount) ?? refusal(ctx, provider, req, 'INVALID_REQUEST', 'not an amount');
}

async function debit(
  ctx: AppContext,
  provider: ProviderRow,
  req: EvolutionTransactionRequest,
): Promise<seamless.SeamlessAnswer> {
  const amount = await amountOf(ctx, provider, req, req.transaction.amount);
  if ('body' in amount) return amount;
  // Beacon cannot debit what its ledger cannot hold: a stake finer than a cent moves nothing (decision 0054).
  if (amount.fraction !== 0) return refusal(ctx, provider, req, 'LIMIT_REACHED', FINER_THAN_A_CENT);
  return seamless.bet(ctx, provider, {
    ...sessionOf(req),
    transactionId: req.transaction.id,
    // Evolution settles each bet, not the game round: its refId is the core's round (decision 0054).
    roundId: req.transaction.refId,
    gameCode: req.game.details.table.id,
    amount: amount.minor,
  });
}

async function credit(
  ctx: AppContext,
  provider: ProviderRow,
  req: EvolutionTransactionRequest,
): Promise<seamless.SeamlessAnswer> {
  const amount = await amountOf(ctx, provider, req, req.transaction.amount);
  if ('body' in amount) return amount;
  return seamless.win(ctx, provider, {
    ...sessionOf(req),
    transactionId: req.transaction.id,
    roundId: req.transaction.refId,
    gameCode: req.game.details.table.id,
    amount: amount.minor,
    // A credit settles its bet: no second credit follows.
    roundClosed: true,
    ...(amount.fraction === 0 ? {} : { fraction: amount.fraction }),
  });
}

function cancel(
  ctx: AppContext,
  provider: ProviderRow,
  req: EvolutionTransactionRequest,
): Promise<seamless.SeamlessAnswer> {
  // The amount is the debit's, as Evolution repeats it: what is reversed is the debit as it was applied.
  return seamless.rollback(ctx, provider, {
    ...sessionOf(req),
    transactionId: cancelId(req.transaction.id),
    roundId: req.transaction.refId,
    gameCode: req.game.details.table.id,
    referenceTransactionId: req.transaction.id,
  });
}

/**
 * A promotion's payout (free rounds spent, a jackpot) is money with no stake behind it: in the core, a free
 * bet opening a round of its own and the win closing it, each under an id derived from the promotion's, so a
 * repeated payout is the same two calls answered again. Its game is the one named, or the first the provider
 * has when Evolution names none.
 */
async function promoPayout(
  ctx: AppContext,
  provider: ProviderRow,
  req: EvolutionPromoPayoutRequest,
): Promise<seamless.SeamlessAnswer> {
  const amount = await amountOf(ctx, provider, req, req.promoTransaction.amount);
  if ('body' in amount) return amount;
  const gameCode = req.game?.details.table.id ?? (await firstGameOf(ctx.db, provider.code))?.code;
  if (!gameCode) return refusal(ctx, provider, req, 'INVALID_REQUEST', 'unknown game');
  const ids = promoIds(req.promoTransaction.id);
  const common = { ...sessionOf(req), roundId: ids.round, gameCode };
  const opened = await seamless.bet(ctx, provider, {
    ...common,
    transactionId: ids.stake,
    amount: 0,
    free: true,
  });
  if (opened.body.status !== 'OK') return opened;
  return seamless.win(ctx, provider, {
    ...common,
    transactionId: ids.win,
    amount: amount.minor,
    roundClosed: true,
    referenceTransactionId: ids.stake,
    ...(amount.fraction === 0 ? {} : { fraction: amount.fraction }),
  });
}
