/**
 * Operators' game providers and games (issue 16): list them, switch a provider or a game on and off.
 * Providers and games are platform-wide (one lobby for every site): any operator who may read games lists
 * all of them; only an administrator of every site changes them. Under /api/admin/games/.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { pageRequestSchema, pageSchema } from '../paging';

export const GAME_SEARCH_MAX = 50;

const required = (i: { input: unknown }) => (i.input === undefined ? 'required' : 'invalid_type');

/** A provider's code as configured (game_providers.code). */
const providerCodeSchema = z
  .string({ error: required })
  .check(z.trim(), z.minLength(1, 'required'), z.maxLength(32, 'too_long'));
const enabledSchema = z.boolean({ error: required });

export const adminProviderSchema = z.object({
  code: z.string(),
  name: z.string(),
  protocol: z.enum(['seamless', 'transfer']),
  /** A seamless provider's wire (decision 0054): Beacon's own, or an aggregator's. */
  wire: z.enum(['beacon', 'hub88', 'evolution', 'pragmatic']),
  enabled: z.boolean(),
  /** Its games, whether enabled or not. */
  games: z.int(),
  /** Its games that are enabled (they show in the lobby only while the provider is enabled too). */
  enabledGames: z.int(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const adminGameSchema = z.object({
  id: z.int(),
  providerCode: z.string(),
  /** The provider's code of the game. */
  code: z.string(),
  name: z.string(),
  category: z.string(),
  /** Return to player in basis points (9650 = 96.50%). */
  rtpBp: z.int(),
  enabled: z.boolean(),
  /** Lower first, as the lobby orders games. */
  sortOrder: z.int(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

/** Every provider, by code, with how many games it has and how many of them are enabled. */
export const adminProviderListCall = {
  method: 'POST',
  path: '/admin/games/providers',
  summary: 'List game providers with their game counts',
  answer: z.array(adminProviderSchema),
  access: operatorAccess('game', 'read'),
} as const satisfies Call;

export const adminGameListRequestSchema = z.extend(pageRequestSchema, {
  /** One provider's games; empty: every provider's. */
  provider: z._default(z.string('invalid_type').check(z.trim(), z.maxLength(32, 'too_long')), ''),
  /** Words of the game's name (case does not matter); empty: every game. */
  search: z._default(z.string('invalid_type').check(z.trim(), z.maxLength(GAME_SEARCH_MAX, 'too_long')), ''),
});
export type AdminGameListRequest = z.input<typeof adminGameListRequestSchema>;

/** Games, enabled or not, in the lobby's order (sort order, then id). */
export const adminGameListCall = {
  method: 'POST',
  path: '/admin/games/list',
  summary: 'List games in lobby order, enabled or not',
  input: adminGameListRequestSchema,
  answer: pageSchema(adminGameSchema),
  access: operatorAccess('game', 'read'),
} as const satisfies Call;

export const providerEnableRequestSchema = z.object({ code: providerCodeSchema, enabled: enabledSchema });

/**
 * Switches a provider on or off. Off, its games leave the lobby and cannot be launched, and a new bet is
 * refused; what players already staked is still settled (docs/games-protocol.md).
 */
export const providerEnableCall = {
  method: 'POST',
  path: '/admin/games/providers/enable',
  summary: 'Switch a game provider on or off',
  input: providerEnableRequestSchema,
  answer: adminProviderSchema,
  access: operatorAccess('game', 'write'),
} as const satisfies Call;

export const gameEnableRequestSchema = z.object({
  id: z.int({ error: required }).check(z.positive('invalid_type')),
  enabled: enabledSchema,
});

/** Switches one game on or off, with the same rules as a provider's. */
export const gameEnableCall = {
  method: 'POST',
  path: '/admin/games/enable',
  summary: 'Switch one game on or off',
  input: gameEnableRequestSchema,
  answer: adminGameSchema,
  access: operatorAccess('game', 'write'),
} as const satisfies Call;
