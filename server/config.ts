import { isIP } from 'node:net';
import { z } from 'zod';

/** The web push services of the browsers: Chrome (FCM), Firefox (autopush), Safari (Apple), Edge (WNS). */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

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
  {
    name: 'SMS_PROVIDER',
    default: 'dev',
    description: 'dev (log + dev outbox, demo mode only: without DEMO the server refuses to start) or http',
  },
  {
    name: 'SMS_IP_HOURLY_LIMIT',
    default: '20',
    description: 'Verification codes one client address may request per hour (behind a NAT, raise it)',
  },
  {
    name: 'LOGIN_IP_FAILURE_LIMIT',
    default: '300',
    description:
      'Failed logins one client address may make per 15 minutes before its logins are refused (accounts have their own backoff)',
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
    name: 'OPERATOR_SECRET_KEY',
    default: '(unset)',
    description:
      "The key operators' authenticator secrets are encrypted with in the database (32 random bytes, base64url); unset: generated once into DATA_DIR/operator-secret.key",
  },
  {
    name: 'OPERATOR_SECRET_KEY_PREVIOUS',
    default: '(unset)',
    description:
      'Keys replaced by OPERATOR_SECRET_KEY (comma-separated): secrets sealed with them are sealed again with the new key at start',
  },
  {
    name: 'AUDIT_KEY',
    default: '(unset)',
    description:
      "The key the operators' audit log is chained with (HMAC-SHA256; 32 random bytes, base64url); unset: generated once into DATA_DIR/audit.key",
  },
  {
    name: 'AUDIT_KEY_PREVIOUS',
    default: '(unset)',
    description:
      'Keys replaced by AUDIT_KEY (comma-separated): they verify the audit rows and checkpoints they signed, and sign nothing new',
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
  {
    name: 'PUSH_SERVICE_HOSTS',
    default: DEFAULT_PUSH_SERVICE_HOSTS,
    description:
      'Push services a subscription may point at (comma-separated host names, *.domain for its subdomains; https on port 443 only)',
  },
  {
    name: 'PUSH_TEST_HOSTS',
    default: '(unset)',
    description:
      'Tests only: hosts accepted as push endpoints on any port and at any address, private ones included (a local fake push service)',
  },
  {
    name: 'REQUEST_TIMEOUT_SECONDS',
    default: '15',
    description: 'A request (headers and body) must arrive within this; slower ones are cut off with 408',
  },
  {
    name: 'IDLE_TIMEOUT_SECONDS',
    default: '60',
    description: 'A connection with no traffic for this long is closed (longer than the slowest handler)',
  },
  {
    name: 'SERVE_SOURCE_MAPS',
    default: 'false',
    description: "Serve the build's .map files (1/true/0/false); off, they answer 404",
  },
  {
    name: 'VALIDATE_ANSWERS',
    default: 'true',
    description:
      'Check every API answer against its contract before sending it (1/true/0/false); set false in production, where tests have checked them',
  },
  {
    name: 'SANDBOX_SECRET',
    default: '(unset)',
    description:
      'Demo payment sandbox: the callback signing secret; unset: generated once per install and kept in the database',
  },
  {
    name: 'GAME_SESSION_TTL_SECONDS',
    default: '1800',
    description: 'A game session a provider authenticated lasts this long after its last balance or bet call',
  },
  {
    name: 'BUSINESS_TIME_ZONE',
    default: 'Asia/Manila',
    description:
      'The IANA time zone whose calendar days count valid bets (rake back, commissions, reports) on a site that has no zone of its own (decision 0033)',
  },
  {
    name: 'GAMES_WORKER',
    default: 'true',
    description: "Pull transfer providers' bet records in this process (1/true/0/false); lease-based",
  },
  {
    name: 'GAMES_PULL_SECONDS',
    default: '5',
    description: "Pause between pulls of a transfer provider's bet records",
  },
  {
    name: 'PROVIDER_TIMEOUT_MS',
    default: '5000',
    description: 'How long a call to a game provider may take before its answer counts as lost',
  },
  {
    name: 'BONUS_WORKER',
    default: 'true',
    description:
      'Expire bonuses, release those pulled records met and pay VIP monthly bonuses from this process (1/true/0/false); each change once, whichever process makes it',
  },
  {
    name: 'BONUS_WORKER_SECONDS',
    default: '30',
    description: "Pause between the bonuses worker's turns",
  },
  {
    name: 'AGENT_WORKER',
    default: 'true',
    description:
      'Settle ended business days (rake back, commissions) from this process (1/true/0/false); lease-based',
  },
  {
    name: 'AGENT_SETTLE_SECONDS',
    default: '60',
    description: 'Pause between looks for business days to settle',
  },
  {
    name: 'AGENT_SETTLE_DELAY_SECONDS',
    default: '600',
    description:
      'A business day is settled this long after it ends, so rounds placed before midnight and closed just after still count',
  },
  {
    name: 'AGENT_WITHDRAW_MIN',
    default: '100.00',
    description: 'The least commission an agent can move to the main balance (a decimal amount)',
  },
  {
    name: 'DEMO_PROVIDER',
    default: 'true',
    description:
      'Demo mode: start the demo game provider beside the server and configure it (1/true/0/false)',
  },
  {
    name: 'DEMO_PROVIDER_PORT',
    default: '0 (any free port)',
    description: 'Demo mode: the port of the demo game provider started beside the server',
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

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** An operator secret key: 32 random bytes in base64url. */
const secretKeyText = z
  .string()
  .trim()
  .refine(
    (v) => /^[A-Za-z0-9_-]{43}$/.test(v) && Buffer.from(v, 'base64url').toString('base64url') === v,
    `must be 32 random bytes in base64url (43 characters), such as the output of: node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`,
  );

/** A comma-separated list, lower-cased: host names or `*.domain` (patterns), host names or IP addresses (hosts). */
const hostList = (kind: 'patterns' | 'hosts') =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    )
    .superRefine((hosts, ctx) => {
      for (const h of hosts) {
        const name = kind === 'patterns' ? h.replace(/^\*\./, '') : h.replace(/^\[(.*)\]$/, '$1');
        const ok = HOST_NAME.test(name) || (kind === 'hosts' && isIP(name) !== 0);
        if (!ok)
          ctx.addIssue({
            code: 'custom',
            message:
              kind === 'patterns'
                ? `"${h}" is not a host name or *.domain`
                : `"${h}" is not a host name or IP address`,
          });
      }
    });

const seconds = (fallback: number, max: number) => z.coerce.number().positive().max(max).default(fallback);

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
    LOGIN_IP_FAILURE_LIMIT: z.coerce.number().int().positive().default(300),
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
    OPERATOR_SECRET_KEY: z.preprocess(emptyToUndefined, secretKeyText.optional()),
    OPERATOR_SECRET_KEY_PREVIOUS: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((k) => k.trim() !== '') : []),
      z.array(secretKeyText),
    ),
    AUDIT_KEY: z.preprocess(emptyToUndefined, secretKeyText.optional()),
    AUDIT_KEY_PREVIOUS: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((k) => k.trim() !== '') : []),
      z.array(secretKeyText),
    ),
    PUSH_WORKER: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    PUSH_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    PUSH_SERVICE_HOSTS: z.preprocess(
      emptyToUndefined,
      hostList('patterns').default(hostList('patterns').parse(DEFAULT_PUSH_SERVICE_HOSTS)),
    ),
    PUSH_TEST_HOSTS: z.preprocess(emptyToUndefined, hostList('hosts').default([])),
    REQUEST_TIMEOUT_SECONDS: seconds(15, 600),
    IDLE_TIMEOUT_SECONDS: seconds(60, 3600),
    SERVE_SOURCE_MAPS: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
    VALIDATE_ANSWERS: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    SANDBOX_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
    GAME_SESSION_TTL_SECONDS: seconds(1800, 7 * 24 * 3600),
    BUSINESS_TIME_ZONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine((zone) => {
          try {
            new Intl.DateTimeFormat('en-CA', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        }, 'must be an IANA time zone such as Asia/Manila')
        .default('Asia/Manila'),
    ),
    GAMES_WORKER: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    GAMES_PULL_SECONDS: seconds(5, 3600),
    PROVIDER_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(50).max(60_000).default(5000),
    ),
    BONUS_WORKER: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    BONUS_WORKER_SECONDS: seconds(30, 3600),
    AGENT_WORKER: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    AGENT_SETTLE_SECONDS: seconds(60, 24 * 3600),
    AGENT_SETTLE_DELAY_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 3600)
        .default(600),
    ),
    AGENT_WITHDRAW_MIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount such as 100.00')
        .default('100.00'),
    ),
    DEMO_PROVIDER: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    DEMO_PROVIDER_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(0)),
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
    // The dev provider only logs codes: without demo mode nobody would receive one, silently.
    if (env.SMS_PROVIDER === 'dev' && !(env.DEMO ?? env.DATABASE_URL === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message:
          'the dev provider sends no SMS and is for demo mode only: set SMS_PROVIDER=http with SMS_HTTP_URL and SMS_HTTP_TOKEN, or DEMO=1',
      });
    if (env.IDLE_TIMEOUT_SECONDS < env.REQUEST_TIMEOUT_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['IDLE_TIMEOUT_SECONDS'],
        message: 'must be at least REQUEST_TIMEOUT_SECONDS',
      });
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
  loginIpFailureLimit: number;
  /** Milliseconds: the whole request must arrive within `requestTimeoutMs`; a silent connection closes after `idleTimeoutMs`. */
  http: { requestTimeoutMs: number; idleTimeoutMs: number };
  serveSourceMaps: boolean;
  /** Answers are parsed by their contract and must match it exactly (server/http/answers.ts). */
  validateAnswers: boolean;
  /** The demo payment sandbox's callback secret; undefined: generated once per install (database). */
  sandboxSecret: string | undefined;
  sms: { provider: 'dev' } | { provider: 'http'; url: string; token: string };
  games: {
    sessionTtlMs: number;
    businessTimeZone: string;
    /** The platform's one currency, told to providers. */
    currency: string;
    worker: boolean;
    pullIntervalMs: number;
    providerTimeoutMs: number;
    /** Demo mode only: start the demo provider (tests that start their own turn it off). */
    demoProvider: boolean;
    demoProviderPort: number;
  };
  /** The bonuses worker (decision 0052). */
  bonuses: { worker: boolean; intervalMs: number };
  /** The agent programme (decision 0017). */
  agent: {
    /** Minor units: the least commission moved to the main balance at once. */
    withdrawMin: number;
    worker: boolean;
    settleIntervalMs: number;
    /** How long after a business day's end its settlement waits (rounds closing just after midnight). */
    settleDelayMs: number;
  };
  operators: {
    /** Base64url, 32 bytes; null: generated once and kept in the data folder (operators/totp-secrets.ts). */
    secretKey: string | null;
    /** Keys secrets were sealed with before the current one: they open them, to seal them again (rotation). */
    previousSecretKeys: string[];
  };
  audit: {
    /** Base64url, 32 bytes; null: generated once and kept in the data folder (audit/keys.ts). */
    key: string | null;
    /** Keys that signed rows and checkpoints before the current one: they verify, never sign. */
    previousKeys: string[];
  };
  push: {
    /** Both from the environment, or null: generated once and kept in the data folder. */
    vapidKeys: { publicKey: string; privateKey: string } | null;
    subject: string;
    worker: boolean;
    concurrency: number;
    leaseMs: number;
    /** Host names and `*.domain` patterns a subscription endpoint may name (https, port 443). */
    serviceHosts: string[];
    /** Tests only: hosts accepted on any port and at any address. */
    testHosts: string[];
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
    loginIpFailureLimit: e.LOGIN_IP_FAILURE_LIMIT,
    http: {
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(e.IDLE_TIMEOUT_SECONDS * 1000),
    },
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    validateAnswers: e.VALIDATE_ANSWERS,
    sandboxSecret: e.SANDBOX_SECRET,
    sms:
      e.SMS_PROVIDER === 'http'
        ? { provider: 'http', url: e.SMS_HTTP_URL ?? '', token: e.SMS_HTTP_TOKEN ?? '' }
        : { provider: 'dev' },
    games: {
      sessionTtlMs: Math.round(e.GAME_SESSION_TTL_SECONDS * 1000),
      businessTimeZone: e.BUSINESS_TIME_ZONE,
      currency: 'PHP',
      worker: e.GAMES_WORKER,
      pullIntervalMs: Math.round(e.GAMES_PULL_SECONDS * 1000),
      providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
      demoProvider: e.DEMO_PROVIDER,
      demoProviderPort: e.DEMO_PROVIDER_PORT,
    },
    bonuses: { worker: e.BONUS_WORKER, intervalMs: Math.round(e.BONUS_WORKER_SECONDS * 1000) },
    agent: {
      withdrawMin: Math.round(Number(e.AGENT_WITHDRAW_MIN) * 100),
      worker: e.AGENT_WORKER,
      settleIntervalMs: Math.round(e.AGENT_SETTLE_SECONDS * 1000),
      settleDelayMs: e.AGENT_SETTLE_DELAY_SECONDS * 1000,
    },
    operators: {
      secretKey: e.OPERATOR_SECRET_KEY ?? null,
      previousSecretKeys: e.OPERATOR_SECRET_KEY_PREVIOUS,
    },
    audit: { key: e.AUDIT_KEY ?? null, previousKeys: e.AUDIT_KEY_PREVIOUS },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT,
      worker: e.PUSH_WORKER,
      concurrency: e.PUSH_CONCURRENCY,
      leaseMs: e.PUSH_LEASE_SECONDS * 1000,
      serviceHosts: e.PUSH_SERVICE_HOSTS,
      testHosts: e.PUSH_TEST_HOSTS.map((h) => h.replace(/^\[(.*)\]$/, '$1')),
    },
  };
}
