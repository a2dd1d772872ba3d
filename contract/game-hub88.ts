/**
 * Hub88's Operator API as Beacon speaks it (decision 0054; Hub88's own documentation, docs.hub88.io,
 * "Operator API": the Wallet API the operator hosts and the Games API it calls). Hub88 calls the wallet
 * endpoints under `/api/games/hub88/<provider code>/`, each body signed by Hub88: `X-Hub88-Signature` is the
 * base64 RSA-SHA256 signature of the raw body with Hub88's private key, checked with its public key. Every
 * answer is HTTP 200 with an `RS_*` status and echoes the request's `request_uuid`. Amounts are integers of
 * 1/100,000 of the currency unit (3.56 is 356000). The Games API calls Beacon makes are signed the same way
 * with Beacon's private key.
 */
import { z } from 'zod/mini';
import type { Call } from './call';

export const HUB88_SIGNATURE_HEADER = 'X-Hub88-Signature';
/** Hub88's amounts are this many per unit of the currency (Beacon's ledger: 100). */
export const HUB88_UNITS = 100_000;

export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
/** Hub88's ids (UUIDs in practice): visible ASCII, as Beacon's own transaction ids. */
const hub88Id = z.string().check(z.regex(/^[\x21-\x7e]{1,128}$/));
/** An amount in Hub88's units: a whole number, never negative, exact in a double. */
export const hub88Amount = z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER));

/*
 * Request bodies are objects whose unknown fields are ignored, not refused: Hub88 adds optional fields to its
 * calls (is_supplier_promo in 2025, is_billable in 2026) without a new version, and a wallet that refused
 * them would stop taking bets the day they appear.
 */
const base = {
  user: text(64),
  request_uuid: text(128),
};
const session = { ...base, token: text(255) };
const move = {
  ...session,
  transaction_uuid: hub88Id,
  supplier_transaction_id: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  round: hub88Id,
  round_closed: z.optional(z.nullable(z.boolean())),
  game_code: text(64),
  meta: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
};

export const hub88InfoRequestSchema = z.object(base);
export const hub88BalanceRequestSchema = z.object({
  ...session,
  game_code: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export const hub88BetRequestSchema = z.object({
  ...move,
  currency: text(8),
  amount: hub88Amount,
  is_free: z.optional(z.nullable(z.boolean())),
  reward_uuid: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  bet: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
});
export type Hub88BetRequest = z.infer<typeof hub88BetRequestSchema>;
export const hub88WinRequestSchema = z.extend(hub88BetRequestSchema, {
  reference_transaction_uuid: hub88Id,
});
export type Hub88WinRequest = z.infer<typeof hub88WinRequestSchema>;
export const hub88RollbackRequestSchema = z.object({ ...move, reference_transaction_uuid: hub88Id });
export type Hub88RollbackRequest = z.infer<typeof hub88RollbackRequestSchema>;

/** Every wallet answer: the status, the echoed request id, and (wherever the player is known) the balance. */
export const hub88AnswerSchema = z.object({
  status: z.enum(HUB88_STATUSES),
  request_uuid: z.string(),
  user: z.optional(z.string()),
  currency: z.optional(z.string()),
  balance: z.optional(hub88Amount),
  /** /user/info: the site's partner id at Hub88, and the player's country. */
  sub_partner_id: z.optional(z.string()),
  country: z.optional(z.string()),
});
export type Hub88Answer = z.infer<typeof hub88AnswerSchema>;

const wallet = <P extends string, I extends z.ZodMiniType>(path: P, input: I, summary: string) =>
  ({
    method: 'POST',
    path: `/games/hub88/:provider${path}`,
    summary,
    input,
    answer: hub88AnswerSchema,
    access: 'public',
    raw: true,
  }) as const;

export const hub88InfoCall = wallet(
  '/user/info',
  hub88InfoRequestSchema,
  "Hub88: read a player's details",
) satisfies Call;
export const hub88BalanceCall = wallet(
  '/user/balance',
  hub88BalanceRequestSchema,
  "Hub88: read a player's balance",
) satisfies Call;
export const hub88BetCall = wallet(
  '/transaction/bet',
  hub88BetRequestSchema,
  "Hub88: debit a player's bet",
) satisfies Call;
export const hub88WinCall = wallet(
  '/transaction/win',
  hub88WinRequestSchema,
  "Hub88: credit a round's win",
) satisfies Call;
export const hub88RollbackCall = wallet(
  '/transaction/rollback',
  hub88RollbackRequestSchema,
  'Hub88: roll back a bet',
) satisfies Call;

/** Hub88's wallet calls by their path after the provider (the routes, the peer's client, the document). */
export const HUB88_CALLS = {
  info: hub88InfoCall,
  balance: hub88BalanceCall,
  bet: hub88BetCall,
  win: hub88WinCall,
  rollback: hub88RollbackCall,
} as const;
export type Hub88Action = keyof typeof HUB88_CALLS;

// ---- the Games API Beacon calls (paths after the provider's base URL)

export const HUB88_GAME_LIST_PATH = '/operator/generic/v2/game/list';
export const HUB88_GAME_URL_PATH = '/operator/generic/v2/game/url';

export const hub88GameListRequestSchema = z.object({ operator_id: z.int() });
/** A game of Hub88's list: the fields Beacon imports (the list carries more, ignored). */
export const hub88GameSchema = z.object({
  game_code: text(64),
  name: text(200),
  category: z.string().check(z.maxLength(64)),
  product: z.optional(z.string()),
  enabled: z.optional(z.boolean()),
});
export type Hub88Game = z.infer<typeof hub88GameSchema>;
export const hub88GameListSchema = z.array(hub88GameSchema);

export const hub88GameUrlRequestSchema = z.object({
  user: text(64),
  token: text(255),
  sub_partner_id: z.optional(z.string()),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']),
  operator_id: z.int(),
  lobby_url: z.optional(z.string()),
  lang: z.string(),
  ip: z.optional(z.string()),
  game_code: text(64),
  currency: text(8),
  game_currency: z.optional(z.string()),
  country: z.optional(z.string()),
});
export type Hub88GameUrlRequest = z.infer<typeof hub88GameUrlRequestSchema>;
export const hub88GameUrlAnswerSchema = z.object({ url: z.string() });
