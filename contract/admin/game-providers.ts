/**
 * Operators' aggregator providers (issue 34, decision 0054): add one of a wire Beacon speaks (Hub88 today),
 * import its game list, rotate its keys, read its last wallet calls. Like every provider they are
 * platform-wide: only an administrator of every site changes them. Under /api/admin/games/providers/.
 */
import { z } from 'zod/mini';
import { type Call, operatorAccess } from '../call';
import { pageRequestSchema, pageSchema } from '../paging';
import { adminProviderSchema } from './game';

/** The aggregator wires a provider can be added with from the console. */
export const CONSOLE_WIRES = ['hub88'] as const;

const required = (i: { input: unknown }) => (i.input === undefined ? 'required' : 'invalid_type');
const text = (max: number) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'));

const providerCode = z
  .string({ error: required })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'required'),
    z.maxLength(32, 'too_long'),
    z.regex(/^[a-z0-9][a-z0-9-]*$/, 'provider_code_invalid'),
  );
const channelCode = text(32);
/** An aggregator's public key as it hands it over: PEM, as Hub88's own examples make them. */
const publicKeyPem = z
  .string({ error: required })
  .check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(10_000, 'too_long'),
    z.regex(
      /^-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]+-----END (RSA )?PUBLIC KEY-----$/,
      'provider_key_invalid',
    ),
  );
const baseUrl = z
  .string({ error: required })
  .check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(500, 'too_long'),
    z.regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'provider_url_invalid'),
  );

export const providerCreateRequestSchema = z.object({
  code: providerCode,
  name: text(100),
  wire: z.enum(CONSOLE_WIRES, { error: required }),
  /** Hub88's API base (its Games API is under it): https://api.hub88.io, say, or its staging address. */
  baseUrl,
  /** The operator id Hub88 gave. */
  operatorId: z.int({ error: required }).check(z.positive('invalid_type')),
  /** Each site's sub-partner id at Hub88 (optional per site). */
  subPartners: z._default(
    z.array(z.object({ site: text(255), subPartnerId: text(64) })).check(z.maxLength(100, 'too_long')),
    [],
  ),
  /** The channel its games go in unless their category is mapped. */
  defaultChannel: channelCode,
  /** Hub88's public key, which checks its calls. */
  verifyKey: publicKeyPem,
});
export type ProviderCreateRequest = z.input<typeof providerCreateRequestSchema>;

export const providerCreatedSchema = z.object({
  provider: adminProviderSchema,
  /**
   * The public half of the key pair Beacon made to sign its calls to the aggregator: give it to them (Hub88:
   * HubConnect). The private half is stored sealed and never shown.
   */
  signPublicKey: z.string(),
  /** Where the aggregator calls Beacon's wallet, after Beacon's public address: give it to them with the key. */
  walletPath: z.string(),
});

/** Adds an aggregator's provider, off until its games are imported and an operator switches it on. */
export const providerCreateCall = {
  method: 'POST',
  path: '/admin/games/providers/create',
  summary: "Add an aggregator's game provider",
  input: providerCreateRequestSchema,
  answer: providerCreatedSchema,
  access: operatorAccess('game', 'write'),
} as const satisfies Call;

const codeOnly = z.object({ code: text(32) });

export const providerImportedSchema = z.object({
  provider: adminProviderSchema,
  /** Games new to Beacon, added enabled. */
  added: z.int(),
  /** Games Beacon had, their name and category refreshed (their switch and order kept). */
  refreshed: z.int(),
  /** Games Beacon had that the list no longer holds: switched off (never deleted: rounds name them). */
  removed: z.int(),
});

/** Reads the aggregator's game list and writes it into the lobby's games. */
export const providerImportCall = {
  method: 'POST',
  path: '/admin/games/providers/import',
  summary: "Import or refresh an aggregator's game list",
  input: codeOnly,
  answer: providerImportedSchema,
  access: operatorAccess('game', 'write'),
} as const satisfies Call;

export const providerKeyRequestSchema = z.object({
  code: text(32),
  /** `verify`: the aggregator's new public key; `sign`: a new key pair of Beacon's. */
  purpose: z.enum(['verify', 'sign'], { error: required }),
  /** The aggregator's new public key (purpose `verify`). */
  value: z.optional(publicKeyPem),
  /**
   * Hours both keys count: the old verify key is ended that long from now; a new sign key starts then, so the
   * aggregator has its public half before Beacon signs with it.
   */
  overlapHours: z.int({ error: required }).check(z.gte(0, 'invalid_type'), z.lte(720, 'too_long')),
});

export const providerKeyAnswerSchema = z.object({
  /** A new sign key's public half (purpose `sign`), to give the aggregator. */
  signPublicKey: z.nullable(z.string()),
  validFrom: z.int(),
});

/** Rotates one of a provider's keys with an overlap (decision 0054). */
export const providerKeyCall = {
  method: 'POST',
  path: '/admin/games/providers/keys',
  summary: "Rotate a game provider's key with an overlap",
  input: providerKeyRequestSchema,
  answer: providerKeyAnswerSchema,
  access: operatorAccess('game', 'write'),
} as const satisfies Call;

export const providerCallsRequestSchema = z.extend(pageRequestSchema, { code: text(32) });

/** One wallet call the provider made, as recorded: ids, amounts and statuses, never a key or a signature. */
export const providerCallSchema = z.object({
  transactionId: z.string(),
  action: z.enum(['bet', 'win', 'rollback']),
  /** The provider's round id; null for a bet known only from its early rollback. */
  round: z.nullable(z.string()),
  /** Decimal amount as the wallet moved it; a win's part below the cent is in `fraction`. */
  amount: z.number(),
  /** A win's part below the cent, in the wire's units (Hub88: 1/100,000), not credited. */
  fraction: z.int(),
  state: z.enum(['applied', 'rolled_back', 'refused', 'cancelled_unseen']),
  /** The status Beacon answered (Beacon's own words; the wire's are mapped from them). */
  status: z.nullable(z.string()),
  at: z.int(),
});
export type ProviderCall = z.infer<typeof providerCallSchema>;

/** The provider's latest wallet calls first. */
export const providerCallsCall = {
  method: 'POST',
  path: '/admin/games/providers/calls',
  summary: "List a game provider's latest wallet calls",
  input: providerCallsRequestSchema,
  answer: pageSchema(providerCallSchema),
  access: operatorAccess('game', 'read'),
} as const satisfies Call;
