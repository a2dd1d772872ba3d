import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findGame } from './catalogue';
import { playRound, readChoice } from './engines/play';
import type { RandomInt } from './engines/weighted-draw';
import { type FaultQueue, faultSchema } from './faults';
import { readJson } from './http';
import { allCalls, attemptsOf } from './outbox';
import { authenticateLaunch } from './seamless-auth';
import type { WalletWire } from './seamless-client';
import type { RoundRunner, RoundView } from './seamless-rounds';
import { findSeamlessSession } from './seamless-sessions';
import type { ProviderDb } from './store';
import { settleTransferRound, walletBalance } from './wallet-store';

export interface ControlRoutesOptions {
  db: ProviderDb;
  client: WalletWire;
  rounds: RoundRunner;
  faults: FaultQueue;
  recordsRequests: readonly { cursor: string; limit: number; at: number }[];
  random?: RandomInt;
}

const roundsCount = z.number().int().min(1).max(200).default(1);
const playSchema = z.strictObject({
  session: z.string().min(1),
  gameCode: z.string().min(1),
  stake: z.number().int().min(0),
  choice: z.number().int().optional(),
  rounds: roundsCount,
});
const transferPlaySchema = z.strictObject({
  playerId: z.string().min(1).max(64),
  gameCode: z.string().min(1),
  stake: z.number().int().min(0),
  choice: z.number().int().optional(),
  rounds: roundsCount,
});

/**
 * Test-only endpoints (FAULTS=1): unsigned JSON to drive the provider like a player would and to
 * inject the faults of docs/games-protocol.md's failure cases. Unlike the page, /control/play does
 * not apply our own stake limits, so a test can reach the platform's LIMIT_REACHED.
 */
export function controlRoutes(app: FastifyInstance, options: ControlRoutesOptions): void {
  const { db, rounds, faults } = options;

  app.post('/control/authenticate', async (request, reply) => {
    const input = z.strictObject({ token: z.string().min(1).max(200) }).safeParse(readJson(request.body));
    if (!input.success) return reply.code(400).send({ error: input.error.message });
    const auth = await authenticateLaunch(db, options.client, {
      token: input.data.token,
      gameCode: '',
      lang: undefined,
    });
    if (auth.kind === 'lost') return reply.code(502).send({ error: auth.error });
    if (auth.kind === 'refused') return reply.code(409).send({ status: auth.status });
    return {
      session: auth.session.sessionId,
      balance: auth.session.balance,
      playerId: auth.session.playerId,
    };
  });

  app.post('/control/play', async (request, reply) => {
    const input = playSchema.safeParse(readJson(request.body));
    if (!input.success) return reply.code(400).send({ error: input.error.message });
    const { session: sessionId, gameCode, stake, choice: rawChoice } = input.data;
    const session = findSeamlessSession(db, sessionId);
    const game = findGame(gameCode, 'seamless');
    if (!session || !game) return reply.code(404).send({ error: 'unknown session or seamless game' });
    const choice = readChoice(game.engine, rawChoice);
    if (choice === null) return reply.code(400).send({ error: 'choice is not offered by this game' });
    const played: RoundView[] = [];
    for (let i = 0; i < input.data.rounds; i++) {
      const roundId = rounds.start(session, game, stake, choice);
      await rounds.run(roundId);
      const view = rounds.view(roundId);
      if (view) played.push(view);
    }
    return { rounds: played };
  });

  app.post('/control/transfer-play', async (request, reply) => {
    const input = transferPlaySchema.safeParse(readJson(request.body));
    if (!input.success) return reply.code(400).send({ error: input.error.message });
    const { playerId, gameCode, stake } = input.data;
    const game = findGame(gameCode, 'transfer');
    if (!game) return reply.code(404).send({ error: 'unknown transfer game' });
    const choice = readChoice(game.engine, input.data.choice);
    if (choice === null) return reply.code(400).send({ error: 'choice is not offered by this game' });
    const played = [];
    for (let i = 0; i < input.data.rounds; i++) {
      const { outcome, payout } = playRound(game.engine, stake, choice, options.random);
      const settled = settleTransferRound(db, { playerId, gameCode, stake, outcome, payout });
      played.push({
        status: settled.status,
        balance: settled.balance,
        roundId: settled.record?.roundId ?? null,
        recordId: settled.record?.recordId ?? null,
        bet: settled.record?.bet ?? 0,
        win: settled.record?.win ?? 0,
        outcome: settled.outcome,
      });
    }
    return { rounds: played };
  });

  app.post('/control/faults', async (request, reply) => {
    const input = z.strictObject({ faults: z.array(faultSchema) }).safeParse(readJson(request.body));
    if (!input.success) return reply.code(400).send({ error: input.error.message });
    faults.add(input.data.faults);
    return { pending: faults.pending() };
  });

  app.get('/control/calls', async () => ({
    calls: allCalls(db).map((call) => ({
      id: call.id,
      action: call.action,
      roundId: call.round_id,
      transactionId: call.transaction_id,
      state: call.state,
      body: JSON.parse(call.body) as unknown,
      attempts: call.attempts,
      answers: attemptsOf(call),
    })),
  }));

  app.get('/control/records-requests', async () => ({ requests: options.recordsRequests }));

  app.get<{ Params: { playerId: string } }>('/control/wallet/:playerId', async (request) => ({
    balance: walletBalance(db, request.params.playerId),
  }));
}
