import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');
const secret = z.string().min(1);
const code = z.string().min(1).max(64);
const origin = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/** The demo provider's environment: its own port, data and secrets, and where the platform is. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data/demo-provider'),
  PLATFORM_URL: origin,
  PUBLIC_URL: origin.optional(),
  SEAMLESS_CODE: code.default('demo-seamless'),
  SEAMLESS_SECRET: secret,
  TRANSFER_CODE: code.default('demo-transfer'),
  TRANSFER_SECRET: secret,
  FAULTS: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** How long an unanswered bet is retried before it is rolled back; the protocol wants at least 2 minutes, tests shorten it. */
  BET_RETRY_MS: z.coerce.number().int().min(1_000).default(120_000),
  /**
   * Hub88 mode (decision 0054), on when HUB88_PRIVATE_KEY is set: Beacon's code of the provider, the operator
   * id Hub88 gave, Hub88's private key (PEM) and Beacon's public key (PEM).
   */
  HUB88_CODE: code.default('demo-hub88'),
  HUB88_OPERATOR_ID: z.coerce.number().int().positive().default(1),
  HUB88_PRIVATE_KEY: z.string().optional(),
  HUB88_BEACON_PUBLIC_KEY: z.string().optional(),
  /**
   * Evolution mode (decision 0054), on when EVOLUTION_AUTH_TOKEN is set: Beacon's code of the provider, the
   * casino key and API token Evolution gives a licensee, and the token it sends with wallet calls.
   */
  EVOLUTION_CODE: code.default('demo-evolution'),
  EVOLUTION_CASINO_KEY: z.string().min(1).max(64).default('beacondemo'),
  EVOLUTION_API_TOKEN: z.string().min(8).max(200).optional(),
  EVOLUTION_AUTH_TOKEN: z.string().min(8).max(200).optional(),
});

export interface ProviderConfig {
  port: number;
  host: string;
  dataDir: string;
  platformUrl: string;
  /** Unset: http://<host>:<port> once listening. */
  publicUrl: string | undefined;
  seamless: { code: string; secret: string };
  transfer: { code: string; secret: string };
  faults: boolean;
  logLevel: string;
  betRetryMs: number;
  hub88: { code: string; operatorId: number; privateKey: string; beaconPublicKey: string } | undefined;
  evolution: { code: string; casinoKey: string; apiToken: string; authToken: string } | undefined;
}

export class ProviderConfigError extends Error {}

function hub88Of(e: z.infer<typeof envSchema>): ProviderConfig['hub88'] {
  if (!e.HUB88_PRIVATE_KEY) return undefined;
  if (!e.HUB88_BEACON_PUBLIC_KEY)
    throw new ProviderConfigError('demo provider: HUB88_PRIVATE_KEY needs HUB88_BEACON_PUBLIC_KEY beside it');
  return {
    code: e.HUB88_CODE,
    operatorId: e.HUB88_OPERATOR_ID,
    privateKey: e.HUB88_PRIVATE_KEY,
    beaconPublicKey: e.HUB88_BEACON_PUBLIC_KEY,
  };
}

function evolutionOf(e: z.infer<typeof envSchema>): ProviderConfig['evolution'] {
  if (!e.EVOLUTION_AUTH_TOKEN) return undefined;
  if (!e.EVOLUTION_API_TOKEN)
    throw new ProviderConfigError('demo provider: EVOLUTION_AUTH_TOKEN needs EVOLUTION_API_TOKEN beside it');
  return {
    code: e.EVOLUTION_CODE,
    casinoKey: e.EVOLUTION_CASINO_KEY,
    apiToken: e.EVOLUTION_API_TOKEN,
    authToken: e.EVOLUTION_AUTH_TOKEN,
  };
}

export function loadProviderConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ProviderConfigError(`demo provider: invalid environment\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    platformUrl: e.PLATFORM_URL,
    publicUrl: e.PUBLIC_URL,
    seamless: { code: e.SEAMLESS_CODE, secret: e.SEAMLESS_SECRET },
    transfer: { code: e.TRANSFER_CODE, secret: e.TRANSFER_SECRET },
    faults: e.FAULTS,
    logLevel: e.LOG_LEVEL,
    betRetryMs: e.BET_RETRY_MS,
    hub88: hub88Of(e),
    evolution: evolutionOf(e),
  };
}
