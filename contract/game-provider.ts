/**
 * The game providers' wire (docs/games-protocol.md): the seamless wallet calls a provider makes to
 * Beacon, declared once here like every API call, and the transfer wallet calls Beacon makes to a
 * provider. Money is integer minor units. Both directions are signed (X-Beacon-Timestamp,
 * X-Beacon-Signature: HMAC-SHA256 of `<timestamp>.<raw body>`). Business errors answer HTTP 200 with a
 * status other than OK; a malformed request answers 400 with INVALID_REQUEST.
 */
import { z } from 'zod/mini';
import type { Call } from './call';

export const TIMESTAMP_HEADER = 'X-Beacon-Timestamp';
export const SIGNATURE_HEADER = 'X-Beacon-Signature';
export const PROVIDER_HEADER = 'X-Provider';
/** How far a signed call's timestamp may be from the receiver's clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;
/** A launch token is single-use and expires this long after it is issued. */
export const LAUNCH_TOKEN_SECONDS = 120;

export const PROVIDER_STATUSES = [
  'OK',
  'INVALID_REQUEST',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'USER_BLOCKED',
  'LIMIT_REACHED',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_NOT_FOUND',
  'ROUND_CLOSED',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
const statusSchema = z.enum(PROVIDER_STATUSES);

/** 1-128 visible ASCII characters: a transaction, round or record id. */
export const wireId = z.string().check(z.regex(/^[\x21-\x7e]{1,128}$/));
/** Integer minor units, at most 10^12 (exact in a double and in BIGINT). */
export const wireAmount = z.int().check(z.gte(0), z.lte(1_000_000_000_000));
const token = z.string().check(z.minLength(1), z.maxLength(200));
const playerId = z.string().check(z.minLength(1), z.maxLength(64));
const gameCode = z.string().check(z.minLength(1), z.maxLength(64));

// ---- seamless: the provider calls Beacon

export const authenticateRequestSchema = z.strictObject({ token });
export const balanceRequestSchema = z.strictObject({ sessionToken: token, playerId });
/** What a bet, a win and a rollback each name: the session, the player, the movement and its round. */
const roundMoveSchema = z.strictObject({
  sessionToken: token,
  playerId,
  transactionId: wireId,
  roundId: wireId,
  gameCode,
});
export const betRequestSchema = z.extend(roundMoveSchema, { amount: wireAmount });
export type BetRequest = z.infer<typeof betRequestSchema>;
export const winRequestSchema = z.extend(roundMoveSchema, { amount: wireAmount, roundClosed: z.boolean() });
export type WinRequest = z.infer<typeof winRequestSchema>;
export const rollbackRequestSchema = z.extend(roundMoveSchema, { referenceTransactionId: wireId });
export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;

/** Every seamless answer: a status, and the balance wherever the player is known. */
export const walletAnswerSchema = z.object({
  status: statusSchema,
  balance: z.optional(wireAmount),
  /** Beacon's id of the movement (bet, win, rollback answered OK). */
  transactionId: z.optional(z.string()),
  /** authenticate */
  sessionToken: z.optional(z.string()),
  playerId: z.optional(z.string()),
  currency: z.optional(z.string()),
  lang: z.optional(z.string()),
  /** Why, in words, for a refusal (logs only). */
  message: z.optional(z.string()),
});
export type WalletAnswer = z.infer<typeof walletAnswerSchema>;

const seamless = <P extends string, I extends z.ZodMiniType>(path: P, input: I, summary: string) =>
  ({
    method: 'POST',
    path,
    summary,
    input,
    answer: walletAnswerSchema,
    access: 'public',
    raw: true,
  }) as const;

export const seamlessAuthenticateCall = seamless(
  '/games/seamless/authenticate',
  authenticateRequestSchema,
  "Provider: authenticate a launch's player token",
) satisfies Call;
export const seamlessBalanceCall = seamless(
  '/games/seamless/balance',
  balanceRequestSchema,
  "Provider: read a player's balance",
) satisfies Call;
export const seamlessBetCall = seamless(
  '/games/seamless/bet',
  betRequestSchema,
  "Provider: debit a player's bet",
) satisfies Call;
export const seamlessWinCall = seamless(
  '/games/seamless/win',
  winRequestSchema,
  "Provider: credit a round's win",
) satisfies Call;
export const seamlessRollbackCall = seamless(
  '/games/seamless/rollback',
  rollbackRequestSchema,
  'Provider: roll back a bet',
) satisfies Call;

/** The seamless calls by the action each one names (the demo provider's client, the routes, the document). */
export const SEAMLESS_CALLS = {
  authenticate: seamlessAuthenticateCall,
  balance: seamlessBalanceCall,
  bet: seamlessBetCall,
  win: seamlessWinCall,
  rollback: seamlessRollbackCall,
} as const;

// ---- transfer: Beacon calls the provider

export const transferBalanceRequestSchema = z.strictObject({ playerId });
export const transferMoveRequestSchema = z.strictObject({
  playerId,
  transactionId: wireId,
  amount: wireAmount,
});
export const transferStatusRequestSchema = z.strictObject({ transactionId: wireId });
export const transferLaunchRequestSchema = z.strictObject({
  playerId,
  gameCode,
  lang: z.string().check(z.maxLength(10)),
});
/** Ends every game session the player has open at the provider (a time-out or self-exclusion began). */
export const transferEndSessionsRequestSchema = z.strictObject({ playerId });
export const recordsRequestSchema = z.strictObject({
  cursor: z.string().check(z.maxLength(200)),
  limit: z.int().check(z.gte(1), z.lte(500)),
});

export const transferAnswerSchema = z.object({
  status: statusSchema,
  balance: z.optional(wireAmount),
  message: z.optional(z.string()),
});
export const transferStatusAnswerSchema = z.object({
  status: statusSchema,
  state: z.enum(['applied', 'refused', 'unknown']),
  balance: z.optional(wireAmount),
});
export const transferLaunchAnswerSchema = z.object({ status: statusSchema, url: z.optional(z.string()) });
/** `ended`: how many sessions were still open (0 is an answer too: none was). */
export const transferEndSessionsAnswerSchema = z.object({
  status: statusSchema,
  ended: z.int().check(z.gte(0)),
});

export const providerRecordSchema = z.object({
  recordId: wireId,
  roundId: wireId,
  playerId,
  gameCode,
  bet: wireAmount,
  win: wireAmount,
  status: z.enum(['settled', 'cancelled', 'void']),
  placedAt: z.int(),
  settledAt: z.int(),
});
export type ProviderRecord = z.infer<typeof providerRecordSchema>;
export const recordsAnswerSchema = z.object({
  status: statusSchema,
  records: z.array(providerRecordSchema),
  nextCursor: z.string(),
});
