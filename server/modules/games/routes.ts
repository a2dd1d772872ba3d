import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_HEADER, SEAMLESS_CALLS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '#contract/game-provider';
import { gamesCall, launchGameCall, lobbyCall, roundCall, roundsCall } from '#contract/games';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import { drawnIcon } from '../media/service';
import { assertAllowed } from '../protection/service';
import { providerByCode } from './catalogue';
import * as lobby from './lobby';
import { WIRES, wireRoutes } from './protocols';
import { keepRawJson } from './raw-json';
import * as repo from './repository';
import * as seamless from './seamless';
import { signatureProblem, signedHeaders } from './signing';
import { launchTransferGame } from './transfers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a provider's call, which its signature covers. */
    rawBody?: string;
    /** The provider whose signature a seamless call carries (checked before validation). */
    provider?: repo.ProviderRow;
  }
}

/** The app's calls: the lobby, launching a game, the betting record. */
export function gameRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Channels are named in the caller's language (a visitor's: Accept-Language).
  serve(app, ctx, lobbyCall, ({ request, reply }) => lobby.lobby(ctx, answerLocale(request, reply)));
  serve(app, ctx, gamesCall, ({ input }) => lobby.games(ctx, input));
  serve(app, ctx, launchGameCall, async ({ auth, input }) => {
    const { game, provider } = await lobby.playableGame(ctx, input.gameId);
    // No game during a time-out or self-exclusion (decision 0021): refused with its message before any launch.
    await assertAllowed(ctx, auth.user.id, 'bet');
    // An aggregator's wire launches through the aggregator (decision 0054); Beacon's own hands the provider a
    // launch token.
    const wire = provider.protocol === 'seamless' ? WIRES[provider.wire] : undefined;
    if (wire)
      return { url: await wire.launch(ctx, auth.user.id, provider, game, input.lang), name: game.name };
    if (provider.protocol === 'seamless') return lobby.launchSeamless(ctx, auth, game, provider, input.lang);
    // A transfer provider makes its own page address for the player (after any pending transfer is settled).
    return { url: await launchTransferGame(ctx, auth.user.id, provider, game, input.lang), name: game.name };
  });
  serve(app, ctx, roundsCall, ({ auth, input, request, reply }) =>
    lobby.rounds(ctx, auth, input, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, roundCall, ({ auth, input, request, reply }) =>
    lobby.round(ctx, auth, input.id, answerLocale(request, reply, auth.user.locale)),
  );
}

/** A game's picture, drawn here from its name (no stored file, no network). */
export function registerGamePictures(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { file: string } }>('/media/games/:file', async (request, reply) => {
    const id = /^(\d{1,12})\.svg$/.exec(request.params.file)?.[1];
    const game = id ? await repo.findGame(ctx.db, Number(id)) : undefined;
    if (!game) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply
      .type('image/svg+xml; charset=utf-8')
      .send(drawnIcon(`game:${game.provider_code}:${game.code}`, game.name));
  });
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** A seamless answer, signed with the provider's secret when the provider is known. */
function sendAnswer(
  reply: FastifyReply,
  provider: repo.ProviderRow | undefined,
  result: seamless.SeamlessAnswer,
): FastifyReply {
  const body = JSON.stringify(result.body);
  if (provider) reply.headers(signedHeaders(provider.secret, body, Date.now()));
  return reply.code(result.http).type('application/json; charset=utf-8').send(body);
}

/**
 * The seamless wallet calls providers make (docs/games-protocol.md), in a scope of their own: its JSON
 * parser keeps the raw body for the signature, the signature is checked before the body is validated
 * (an unsigned call learns nothing, not even which field is wrong), and a malformed call answers 400
 * `INVALID_REQUEST` in the protocol's shape rather than the app's envelope.
 */
export async function seamlessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await wireRoutes(app, ctx);
  await app.register(async (scope) => {
    keepRawJson(scope);
    scope.addHook('preValidation', async (request, reply) => {
      const code = header(request, PROVIDER_HEADER) ?? '';
      const provider = code ? await providerByCode(ctx.db, code) : undefined;
      // A disabled provider is still known: its signed calls are heard, so that what players staked before
      // it was switched off is settled (seamless.ts refuses its new bets).
      const problem =
        provider?.protocol !== 'seamless' || provider.wire !== 'beacon'
          ? 'unknown provider'
          : signatureProblem(
              provider.secret,
              header(request, TIMESTAMP_HEADER),
              header(request, SIGNATURE_HEADER),
              request.rawBody ?? '',
              // The wall clock, not the app's: the window is about two machines' clocks, whatever time
              // the business rules run on.
              Date.now(),
            );
      if (problem) {
        // Who and why, never the secret or the signature.
        request.log.warn(
          { provider: code.slice(0, 32), problem, path: request.url },
          'seamless call refused',
        );
        return sendAnswer(reply, undefined, { http: 200, body: { status: 'INVALID_SIGNATURE' } });
      }
      request.provider = provider;
    });
    scope.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      if (err.validation || err.statusCode === 400)
        return sendAnswer(reply, request.provider, {
          http: 400,
          body: { status: 'INVALID_REQUEST', message: err.message.slice(0, 200) },
        });
      throw err;
    });

    const providerOf = (request: FastifyRequest): repo.ProviderRow => {
      if (!request.provider) throw new Error('seamless: no provider after the signature check');
      return request.provider;
    };
    serve(scope, ctx, SEAMLESS_CALLS.authenticate, async ({ input, request, reply }) =>
      sendAnswer(
        reply,
        providerOf(request),
        await seamless.authenticate(ctx, providerOf(request), input.token),
      ),
    );
    serve(scope, ctx, SEAMLESS_CALLS.balance, async ({ input, request, reply }) =>
      sendAnswer(reply, providerOf(request), await seamless.balance(ctx, providerOf(request), input)),
    );
    serve(scope, ctx, SEAMLESS_CALLS.bet, async ({ input, request, reply }) =>
      sendAnswer(reply, providerOf(request), await seamless.bet(ctx, providerOf(request), input)),
    );
    serve(scope, ctx, SEAMLESS_CALLS.win, async ({ input, request, reply }) =>
      sendAnswer(reply, providerOf(request), await seamless.win(ctx, providerOf(request), input)),
    );
    serve(scope, ctx, SEAMLESS_CALLS.rollback, async ({ input, request, reply }) =>
      sendAnswer(reply, providerOf(request), await seamless.rollback(ctx, providerOf(request), input)),
    );
  });
}
