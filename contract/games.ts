/**
 * The games' wire contract for the app (issue 13): the lobby, launching a game, moving money in and out
 * of a transfer channel, a channel's balance at its provider, and the betting record. The providers'
 * own protocol (seamless wallet calls, signed) is in game-provider.ts and docs/games-protocol.md.
 *
 * Money is the wallet's (wallet.ts: decimal on the wire with at most 2 decimals, stored as integer minor
 * units, displayed rounded down). Times are epoch milliseconds.
 */
import { z } from 'zod/mini';
import type { Call } from './call';
import { pageRequestSchema, pageSchema } from './paging';
import { money } from './wallet';

const moneyValue = z.number();
const code = z.string().check(z.maxLength(32, 'too_long'));

// ---- lobby

/** A channel of the lobby (spec channelData): transfer channels have a card to move money in and out. */
export const lobbyChannelSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** A transfer provider keeps this channel's money: the player moves it in and out. */
  transfer: z.boolean(),
  categories: z.array(z.string()),
});
export type LobbyChannel = z.infer<typeof lobbyChannelSchema>;
export const lobbySchema = z.object({ channels: z.array(lobbyChannelSchema) });

export const gameSchema = z.object({
  id: z.int(),
  name: z.string(),
  channel: z.string(),
  category: z.string(),
  provider: z.string(),
  /** A picture drawn for the game on this server (no network). */
  picture: z.string(),
  /** Return to player as the provider states it, percent with 2 decimals (96.5 = 96.50%). */
  rtp: z.number(),
  minBet: moneyValue,
  maxBet: moneyValue,
});
export type Game = z.infer<typeof gameSchema>;

export const gamesRequestSchema = z.extend(pageRequestSchema, {
  /** '' or omitted: every channel. */
  channel: z._default(code, ''),
  category: z._default(code, ''),
  /** Contained in the game's name, case-insensitively; no length rule beyond 100. */
  search: z._default(z.string().check(z.maxLength(100, 'too_long')), ''),
});
export type GamesRequest = z.input<typeof gamesRequestSchema>;

// ---- launch

export const launchRequestSchema = z.object({
  gameId: z.int({ error: (i) => (i.input === undefined ? 'game_required' : 'invalid_type') }),
  /** The player's locale, passed to the provider's game page. */
  lang: z._default(z.string().check(z.maxLength(10, 'too_long')), 'en-US'),
});
export const launchSchema = z.object({
  /** The provider's game page, opened in the full-screen frame dialog. */
  url: z.string(),
  name: z.string(),
});
export type Launch = z.infer<typeof launchSchema>;

// ---- transfer channels

export const channelTransferRequestSchema = z.object({
  channel: code,
  direction: z.enum(['in', 'out'], { error: 'invalid_type' }),
  amount: money,
});
export type ChannelTransferRequest = z.input<typeof channelTransferRequestSchema>;
export const channelTransferSchema = z.object({
  /** `pending`: the provider's answer was lost; it is resolved before anything else on the channel. */
  state: z.enum(['applied', 'pending']),
  /** The main balance (withdrawable) after the move. */
  canWithdrawCoin: moneyValue,
  /** The channel's balance at its provider after the move. */
  channelBalance: moneyValue,
});

export const channelBalanceRequestSchema = z.object({ channel: code });
export const channelBalanceSchema = z.object({ channel: z.string(), balance: moneyValue });

// ---- betting record

export const ROUND_STATUSES = ['pending', 'settled', 'cancelled', 'void'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const roundSchema = z.object({
  id: z.int(),
  roundId: z.string(),
  game: z.string(),
  channel: z.string(),
  channelName: z.string(),
  bet: moneyValue,
  validBet: moneyValue,
  win: moneyValue,
  /** win - bet; 0 for a cancelled or void round. */
  net: moneyValue,
  status: z.enum(ROUND_STATUSES),
  placedAt: z.number(),
  settledAt: z.nullable(z.number()),
});
export type Round = z.infer<typeof roundSchema>;

export const roundsRequestSchema = z.extend(pageRequestSchema, {
  channel: z._default(code, ''),
  /** Inclusive epoch-ms bounds on the round's bet time. */
  from: z.optional(z.int({ error: 'invalid_type' }).check(z.gte(0, 'invalid_type'))),
  to: z.optional(z.int({ error: 'invalid_type' }).check(z.gte(0, 'invalid_type'))),
});
export type RoundsRequest = z.input<typeof roundsRequestSchema>;

/** One money movement of a round, as the provider sent it. */
export const roundMoveSchema = z.object({
  action: z.enum(['bet', 'win', 'rollback']),
  transactionId: z.string(),
  amount: moneyValue,
  /** A bet that a rollback cancelled. */
  rolledBack: z.boolean(),
  at: z.number(),
});
export const roundDetailSchema = z.extend(roundSchema, {
  provider: z.string(),
  moves: z.array(roundMoveSchema),
});
export type RoundDetail = z.infer<typeof roundDetailSchema>;

// ---- the calls

export const lobbyCall = {
  method: 'POST',
  path: '/games/lobby',
  summary: 'Read the games lobby',
  answer: lobbySchema,
  access: 'public',
} satisfies Call;

export const gamesCall = {
  method: 'POST',
  path: '/games/list',
  summary: 'List games by provider or category',
  input: gamesRequestSchema,
  answer: pageSchema(gameSchema),
  access: 'public',
} satisfies Call;

export const launchGameCall = {
  method: 'POST',
  path: '/games/launch',
  summary: 'Launch a game',
  input: launchRequestSchema,
  answer: launchSchema,
  access: 'user',
} satisfies Call;

export const channelTransferCall = {
  method: 'POST',
  path: '/games/transfer',
  summary: 'Move money between the main balance and a game channel',
  input: channelTransferRequestSchema,
  answer: channelTransferSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

export const channelBalanceCall = {
  method: 'POST',
  path: '/games/channel-balance',
  summary: "Read a game channel's balance",
  input: channelBalanceRequestSchema,
  answer: channelBalanceSchema,
  access: 'user',
} satisfies Call;

export const roundsCall = {
  method: 'POST',
  path: '/games/rounds',
  summary: "List the caller's game rounds",
  input: roundsRequestSchema,
  answer: pageSchema(roundSchema),
  access: 'user',
} satisfies Call;

export const roundCall = {
  method: 'POST',
  path: '/games/round',
  summary: 'Read one game round',
  input: z.object({ id: z.int({ error: 'invalid_type' }) }),
  answer: roundDetailSchema,
  access: 'user',
} satisfies Call;
