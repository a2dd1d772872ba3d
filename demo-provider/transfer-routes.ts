import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  recordsRequestSchema,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  transferBalanceRequestSchema,
  transferEndSessionsRequestSchema,
  transferLaunchRequestSchema,
  transferMoveRequestSchema,
  transferStatusRequestSchema,
} from '#contract/game-provider';
import { findGame } from './catalogue';
import type { FaultQueue } from './faults';
import { rawBody, readJson, sendSigned } from './http';
import { pause } from './outbox';
import { verifySignature } from './signing';
import type { ProviderDb } from './store';
import { createTransferSession, endTransferSessions } from './transfer-sessions';
import { applyMove, type MoveAction, recordsAfter, transferStatus, walletBalance } from './wallet-store';

export interface TransferRoutesOptions {
  db: ProviderDb;
  secret: string;
  code: string;
  publicUrl: () => string;
  faults: FaultQueue;
  /** Every records request, for /control/records-requests. */
  recordsRequests: { cursor: string; limit: number; at: number }[];
}

/**
 * The transfer wallet the platform calls (docs/games-protocol.md): every request's signature is
 * checked over its raw bytes before it is read, and every answer is signed.
 */
export function transferRoutes(app: FastifyInstance, options: TransferRoutesOptions): void {
  const { db, secret } = options;
  const answer = (reply: FastifyReply, body: unknown, httpStatus = 200) =>
    sendSigned(reply, secret, body, httpStatus);

  /** Checks the signature, then the body against the schema; answers the input or null (answered). */
  function accept<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  ): T | null {
    const failure = verifySignature(
      secret,
      request.headers[TIMESTAMP_HEADER.toLowerCase()] as string | undefined,
      request.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined,
      rawBody(request.body),
    );
    if (failure) {
      // The reason and the provider code are logged; never the secret or the signature.
      request.log.warn(
        { provider: options.code, reason: failure, path: request.url },
        'refused an unsigned call',
      );
      answer(reply, { status: 'INVALID_SIGNATURE', message: 'signature does not check' }, 401);
      return null;
    }
    const parsed = schema.safeParse(readJson(request.body));
    if (!parsed.success) {
      answer(reply, { status: 'INVALID_REQUEST', message: 'body does not match the protocol' }, 400);
      return null;
    }
    return parsed.data;
  }

  app.post('/transfer/balance', (request, reply) => {
    const input = accept(request, reply, transferBalanceRequestSchema);
    if (input) answer(reply, { status: 'OK', balance: walletBalance(db, input.playerId) });
    return reply;
  });

  for (const action of ['deposit', 'withdraw'] as const satisfies MoveAction[]) {
    app.post(`/transfer/${action}`, async (request, reply) => {
      const input = accept(request, reply, transferMoveRequestSchema);
      if (!input) return reply;
      const fault = options.faults.take(['drop-answer', 'late-answer', 'refuse-before-apply'], action);
      if (fault?.kind === 'refuse-before-apply') return dropConnection(reply);
      const moved = applyMove(db, action, input);
      if (fault?.kind === 'drop-answer') return dropConnection(reply);
      if (fault?.kind === 'late-answer') await pause(fault.delayMs, new AbortController().signal);
      return answer(reply, moved);
    });
  }

  app.post('/transfer/status', (request, reply) => {
    const input = accept(request, reply, transferStatusRequestSchema);
    if (input) answer(reply, transferStatus(db, input.transactionId));
    return reply;
  });

  app.post('/transfer/launch', (request, reply) => {
    const input = accept(request, reply, transferLaunchRequestSchema);
    if (!input) return reply;
    const game = findGame(input.gameCode, 'transfer');
    if (!game) return answer(reply, { status: 'INVALID_REQUEST', message: 'no such game' }, 400);
    const session = createTransferSession(db, {
      playerId: input.playerId,
      gameCode: game.code,
      lang: input.lang,
    });
    const query = new URLSearchParams({ session: session.sessionId, lang: input.lang });
    return answer(reply, { status: 'OK', url: `${options.publicUrl()}/tplay/${game.code}?${query}` });
  });

  // Deleted, not marked: a page's next round finds no session and is refused, like an expired one.
  app.post('/transfer/end-sessions', (request, reply) => {
    const input = accept(request, reply, transferEndSessionsRequestSchema);
    if (input) answer(reply, { status: 'OK', ended: endTransferSessions(db, input.playerId) });
    return reply;
  });

  app.post('/transfer/records', (request, reply) => {
    const input = accept(request, reply, recordsRequestSchema);
    if (!input) return reply;
    options.recordsRequests.push({ cursor: input.cursor, limit: input.limit, at: Date.now() });
    const page = recordsAfter(db, input.cursor, input.limit);
    if (!page) return answer(reply, { status: 'INVALID_REQUEST', message: 'unknown cursor' }, 400);
    return answer(reply, { status: 'OK', ...page });
  });
}

/** A fault: the connection closes with no answer at all, as when a process dies mid-call. */
function dropConnection(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.socket?.destroy();
  return reply;
}
