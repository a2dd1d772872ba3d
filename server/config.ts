import { z } from 'zod';

/** Every environment variable the server reads, with its default; the README documents this list. */
export const ENV_VARS = [
  { name: 'PORT', default: '8080', description: 'TCP port to listen on' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the SQLite database file' },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'Unset: SQLite file DATA_DIR/beacon.db; postgres://… : PostgreSQL',
  },
  {
    name: 'DEMO',
    default: 'on when DATABASE_URL is unset, else off',
    description:
      'Seed demo sites and accounts into an empty database and expose the dev SMS outbox (1/true/0/false)',
  },
  { name: 'STATIC_DIR', default: './dist', description: 'Built app to serve (npm run build)' },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers: true/false, a hop count, or a comma-separated list of proxy addresses',
  },
  { name: 'SESSION_TTL_DAYS', default: '30', description: 'Sliding session lifetime in days' },
  { name: 'SMS_PROVIDER', default: 'dev', description: 'dev (log + dev outbox) or http' },
  {
    name: 'SMS_IP_HOURLY_LIMIT',
    default: '20',
    description: 'Verification codes one client address may request per hour (behind a NAT, raise it)',
  },
  {
    name: 'SMS_HTTP_URL',
    default: '(unset)',
    description: 'http provider: URL that receives POST {to, text}',
  },
  {
    name: 'SMS_HTTP_TOKEN',
    default: '(unset)',
    description: 'http provider: sent as Authorization: Bearer <token> (required when SMS_PROVIDER=http)',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(unset)',
    description:
      'Web push key pair (base64url, with VAPID_PRIVATE_KEY); unset: generated once into DATA_DIR/vapid-keys.json',
  },
  { name: 'VAPID_PRIVATE_KEY', default: '(unset)', description: 'Web push private key (base64url)' },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto:push@beacon.invalid',
    description: 'Contact the push services may use: a mailto: or https: URL',
  },
  {
    name: 'PUSH_WORKER',
    default: 'true',
    description: 'Send queued push deliveries from this process (1/true/0/false)',
  },
  { name: 'PUSH_CONCURRENCY', default: '4', description: 'Push deliveries one process sends at a time' },
  {
    name: 'PUSH_LEASE_SECONDS',
    default: '60',
    description: 'How long a claimed delivery stays reserved for the process that claimed it',
  },
] as const;

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', 'true', '0', 'false'].includes(v), 'must be 1, true, 0 or false')
  .transform((v) => v === '1' || v === 'true');

const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string => {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0' || lower === '') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL (leave unset for SQLite)')
        .optional(),
    ),
    DEMO: z.preprocess(emptyToUndefined, booleanFlag.optional()),
    STATIC_DIR: z.string().min(1).default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    SESSION_TTL_DAYS: z.coerce.number().positive().max(3650).default(30),
    SMS_PROVIDER: z.enum(['dev', 'http']).default('dev'),
    SMS_IP_HOURLY_LIMIT: z.coerce.number().int().positive().default(20),
    SMS_HTTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    SMS_HTTP_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url uncompressed P-256 public key (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url 32-byte P-256 private key (43 characters)')
        .optional(),
    ),
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
        .default('mailto:push@beacon.invalid'),
    ),
    PUSH_WORKER: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    PUSH_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'http') {
      if (!env.SMS_HTTP_URL)
        ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required when SMS_PROVIDER=http' });
      if (!env.SMS_HTTP_TOKEN)
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_HTTP_TOKEN'],
          message: 'required when SMS_PROVIDER=http',
        });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set both VAPID keys or neither',
      });
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean | number | string;
  sessionTtlDays: number;
  smsIpHourlyLimit: number;
  sms: { provider: 'dev' } | { provider: 'http'; url: string; token: string };
  push: {
    /** Both from the environment, or null: generated once and kept in the data folder. */
    vapidKeys: { publicKey: string; privateKey: string } | null;
    subject: string;
    worker: boolean;
    concurrency: number;
    leaseMs: number;
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO ?? e.DATABASE_URL === undefined,
    staticDir: e.STATIC_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    smsIpHourlyLimit: e.SMS_IP_HOURLY_LIMIT,
    sms:
      e.SMS_PROVIDER === 'http'
        ? { provider: 'http', url: e.SMS_HTTP_URL ?? '', token: e.SMS_HTTP_TOKEN ?? '' }
        : { provider: 'dev' },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT,
      worker: e.PUSH_WORKER,
      concurrency: e.PUSH_CONCURRENCY,
      leaseMs: e.PUSH_LEASE_SECONDS * 1000,
    },
  };
}
