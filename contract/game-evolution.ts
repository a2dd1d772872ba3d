/**
 * Evolution's One Wallet as Beacon hosts it (decision 0054; Evolution's "One Wallet API", as its licensee
 * tests and public integrations use it): Evolution calls `/api/games/evolution/<provider code>/<method>`
 * with `?authToken=<the token agreed with Evolution>`, a JSON body and, for every answer, HTTP 200 with a
 * `status` of its own and the request's `uuid` echoed. Amounts are decimal numbers of the currency unit
 * with up to six decimals (Beacon's ledger holds cents). The player's `sid` is the game session Beacon
 * handed Evolution at launch (User Authentication, `player.session.id`).
 */
import { z } from 'zod/mini';
import type { Call } from './call';

/** The query parameter Evolution authenticates itself with. */
export const EVOLUTION_AUTH_PARAM = 'authToken';
/** Evolution's amounts carry at most this many decimals. */
export const EVOLUTION_DECIMALS = 6;

export const EVOLUTION_STATUSES = [
  'OK',
  'TEMPORARY_ERROR',
  'INVALID_TOKEN_ID',
  'INVALID_SID',
  'ACCOUNT_LOCKED',
  'FATAL_ERROR_CLOSE_USER_SESSION',
  'UNKNOWN_ERROR',
  'INVALID_PARAMETER',
  'BET_DOES_NOT_EXIST',
  'BET_ALREADY_EXIST',
  'BET_ALREADY_SETTLED',
  'INSUFFICIENT_FUNDS',
  'FINAL_ERROR_ACTION_FAILED',
  'BONUS_LIMIT_EXCEEDED',
  'CASINO_LIMIT_EXCEEDED_STAKE',
] as const;
export type EvolutionStatus = (typeof EVOLUTION_STATUSES)[number];

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
/** Evolution's ids: visible ASCII; 120 at most, so a cancel's `cancel:<id>` is still a core id. */
const evolutionId = z.string().check(z.regex(/^[\x21-\x7e]{1,120}$/));
/** An amount as Evolution sends it: a decimal number, never negative (the six decimals are checked when mapped). */
export const evolutionAmount = z.number().check(z.gte(0), z.lte(1_000_000_000));

/*
 * Unknown fields are ignored, not refused: Evolution adds optional fields to its calls (game details,
 * channel, jackpot fields) without a new version, and a wallet that refused them would stop taking bets.
 */
const player = { sid: text(255), userId: text(64), uuid: text(128) };
const gameSchema = z.object({
  /** Evolution's game round id. */
  id: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  type: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  details: z.object({
    table: z.object({
      /** The table: Beacon's game code. */
      id: text(64),
      vid: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    }),
  }),
});

export const evolutionCheckRequestSchema = z.object({
  ...player,
  channel: z.optional(z.nullable(z.object({ type: z.optional(z.string()) }))),
});
export type EvolutionCheckRequest = z.infer<typeof evolutionCheckRequestSchema>;
export const evolutionBalanceRequestSchema = z.object({
  ...player,
  currency: z.optional(z.string().check(z.maxLength(8))),
  game: z.optional(z.nullable(gameSchema)),
});
export type EvolutionBalanceRequest = z.infer<typeof evolutionBalanceRequestSchema>;
export const evolutionTransactionRequestSchema = z.object({
  ...player,
  currency: text(8),
  game: gameSchema,
  transaction: z.object({
    /** The transaction's id; a cancel repeats the debit's. */
    id: evolutionId,
    /** The bet it belongs to: a credit or cancel names its debit's. */
    refId: evolutionId,
    amount: evolutionAmount,
  }),
});
export type EvolutionTransactionRequest = z.infer<typeof evolutionTransactionRequestSchema>;
export const evolutionPromoPayoutRequestSchema = z.object({
  ...player,
  currency: text(8),
  game: z.optional(z.nullable(gameSchema)),
  promoTransaction: z.object({
    /** FreeRoundPlayableSpent, JackpotWin, RewardGamePlayableSpent, ... */
    type: text(64),
    id: evolutionId,
    amount: evolutionAmount,
  }),
});
export type EvolutionPromoPayoutRequest = z.infer<typeof evolutionPromoPayoutRequestSchema>;

/** Every answer: the status, the echoed uuid, and (wherever the player is known) the balance and bonus. */
export const evolutionAnswerSchema = z.object({
  status: z.enum(EVOLUTION_STATUSES),
  uuid: z.optional(z.nullable(z.string())),
  balance: z.optional(z.number()),
  bonus: z.optional(z.number()),
  /** check: the sid to use from now on (Beacon's stays the same). */
  sid: z.optional(z.string()),
});
export type EvolutionAnswer = z.infer<typeof evolutionAnswerSchema>;

const wallet = <P extends string, I extends z.ZodMiniType>(method: P, input: I, summary: string) =>
  ({
    method: 'POST',
    path: `/games/evolution/:provider/${method}`,
    summary,
    input,
    answer: evolutionAnswerSchema,
    access: 'public',
    raw: true,
  }) as const;

/** Evolution's wallet calls by their method (the routes, the peer's client, the document). */
export const EVOLUTION_CALLS = {
  check: wallet('check', evolutionCheckRequestSchema, "Evolution: check a player's session") satisfies Call,
  balance: wallet(
    'balance',
    evolutionBalanceRequestSchema,
    "Evolution: read a player's balance",
  ) satisfies Call,
  debit: wallet('debit', evolutionTransactionRequestSchema, "Evolution: debit a player's bet") satisfies Call,
  credit: wallet('credit', evolutionTransactionRequestSchema, "Evolution: credit a bet's win") satisfies Call,
  cancel: wallet('cancel', evolutionTransactionRequestSchema, 'Evolution: cancel a bet') satisfies Call,
  promo_payout: wallet(
    'promo_payout',
    evolutionPromoPayoutRequestSchema,
    'Evolution: pay a promotion (free rounds, a jackpot)',
  ) satisfies Call,
} as const;
export type EvolutionMethod = keyof typeof EVOLUTION_CALLS;

// ---- the calls Beacon makes (paths after the provider's base URL)

/** User Authentication: the player's session handed over, the game's entry address answered. */
export const evolutionLaunchPath = (casinoKey: string, apiToken: string) =>
  `/ua/v1/${encodeURIComponent(casinoKey)}/${encodeURIComponent(apiToken)}`;

export const evolutionLaunchRequestSchema = z.object({
  uuid: text(128),
  player: z.object({
    id: text(64),
    update: z.boolean(),
    language: z.string(),
    currency: text(8),
    session: z.object({ id: text(255), ip: z.string() }),
  }),
  config: z.object({
    game: z.object({ table: z.object({ id: text(64) }) }),
    channel: z.object({ wrapped: z.boolean(), mobile: z.boolean() }),
  }),
});
export type EvolutionLaunchRequest = z.infer<typeof evolutionLaunchRequestSchema>;
/** The game's entry, a path under the provider's base URL. */
export const evolutionLaunchAnswerSchema = z.object({ entry: text(2000) });

/** Lobby state (Evolution's game list): the tables this casino may offer, by table id. */
export const evolutionLobbyPath = (casinoKey: string) =>
  `/api/lobby/v1/${encodeURIComponent(casinoKey)}/state`;
export const evolutionTableSchema = z.object({
  name: text(200),
  gameType: z.string().check(z.maxLength(64)),
  open: z.optional(z.boolean()),
});
export const evolutionLobbySchema = z.object({ tables: z.record(z.string(), evolutionTableSchema) });
