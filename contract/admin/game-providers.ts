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
export const CONSOLE_WIRES = ['hub88', 'evolution'] as const;
export type ConsoleWire = (typeof CONSOLE_WIRES)[number];

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

/** A token an aggregator gives or is given (Evolution's API token, its authToken): visible ASCII, no spaces. */
const tokenText = z
  .string({ error: required })
  .check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(200, 'too_long'),
    z.regex(/^[\x21-\x7e]{8,}$/, 'provider_token_invalid'),
  );

/** What every aggregator's provider has: its code and name, the aggregator's API base, its games' channel. */
const providerBase = {
  code: providerCode,
  name: text(100),
  baseUrl,
  /** The channel its games go in unless their category is mapped. */
  defaultChannel: channelCode,
};

const hub88CreateSchema = z.object({
  ...providerBase,
  wire: z.literal('hub88'),
  /** The operator id Hub88 gave. */
  operatorId: z.int({ error: required }).check(z.positive('invalid_type')),
  /** Each site's sub-partner id at Hub88 (optional per site). */
  subPartners: z._default(
    z.array(z.object({ site: text(255), subPartnerId: text(64) })).check(z.maxLength(100, 'too_long')),
    [],
  ),
  /** Hub88's public key, which checks its calls. */
  verifyKey: publicKeyPem,
});

const evolutionCreateSchema = z.object({
  ...providerBase,
  wire: z.literal('evolution'),
  /** The casino key Evolution gave (its User Authentication and lobby name it). */
  casinoKey: z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, 'required'),
      z.maxLength(64, 'too_long'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'provider_casino_key_invalid'),
    ),
  /** The API token Evolution gave, which Beacon launches games with. */
  signKey: tokenText,
});

/**
 * A provider of one of the console's wires: Hub88 (Beacon makes its key pair; Hub88's public key checks its
 * calls) or Evolution (Evolution's API token launches games; Beacon makes the authToken that checks its calls).
 */
export const providerCreateRequestSchema = z.discriminatedUnion(
  'wire',
  [hub88CreateSchema, evolutionCreateSchema],
  {
    // A wire the console does not add, or none: the field's own code, as any other field's.
    error: (i) =>
      (i.input as { wire?: unknown } | undefined)?.wire === undefined ? 'required' : 'invalid_type',
  },
);
export type ProviderCreateRequest = z.input<typeof providerCreateRequestSchema>;

export const providerCreatedSchema = z.object({
  provider: adminProviderSchema,
  /**
   * What Beacon made that the aggregator must be given, shown once: Hub88, the public half of the key pair
   * that signs Beacon's calls (its private half is stored sealed and never shown); Evolution, the authToken
   * its calls must carry (stored sealed).
   */
  handOver: z.string(),
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
  /**
   * `verify`: what checks the aggregator's calls (Hub88: its new public key; Evolution: a new authToken Beacon
   * makes); `sign`: what Beacon's calls carry (Hub88: a new key pair of Beacon's; Evolution: its new API token).
   */
  purpose: z.enum(['verify', 'sign'], { error: required }),
  /** The aggregator's new key as it gave it (Hub88 `verify`: a PEM public key; Evolution `sign`: a token). */
  value: z.optional(text(10_000)),
  /**
   * Hours both keys count: the old verify key is ended that long from now; a new sign key starts then, so the
   * aggregator has its public half before Beacon signs with it.
   */
  overlapHours: z.int({ error: required }).check(z.gte(0, 'invalid_type'), z.lte(720, 'too_long')),
});

export const providerKeyAnswerSchema = z.object({
  /** What Beacon made to give the aggregator (Hub88 `sign`: the new public half; Evolution `verify`: the new authToken). */
  handOver: z.nullable(z.string()),
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
