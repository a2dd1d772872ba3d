/**
 * Player protection's wire contract (issue 15, decision 0021): deposit limits, time-out and self-exclusion,
 * the reality check and the account history. Every call is POST under /api for a signed-in user and answers
 * the envelope. A limit's amount is decimal money like the wallet's; `null` removes the limit.
 *
 * A decrease (or a first limit) applies at once; an increase or a removal is pending for LIMIT_INCREASE_DELAY_MS
 * and shown with the time it applies. A time-out or self-exclusion applies at once and cannot be lifted
 * before its end; while it lasts, deposits, bets, game launches and transfers in, spins and marketing pushes
 * are refused (`protection_time_out` / `protection_self_excluded`); withdrawals stay possible.
 */
import { z } from 'zod/mini';
import type { Call } from './call';
import { money, moneyValue } from './wallet';

/** Rolling windows: 24 hours, 7 days, 30 days ("month"). */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_WINDOW_MS: Record<LimitPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};
/** How long an increase or removal waits before it applies. */
export const LIMIT_INCREASE_DELAY_MS = 24 * 3_600_000;
/** The largest limit one may set (decimal units). */
export const LIMIT_MAX = 10_000_000;

export const TIME_OUT_DURATIONS = ['24h', '7d', '30d', '6w'] as const;
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '2y', '5y'] as const;
export type TimeOutDuration = (typeof TIME_OUT_DURATIONS)[number];
export type SelfExclusionDuration = (typeof SELF_EXCLUSION_DURATIONS)[number];

/** Minutes between reality checks; 0 is off. */
export const REALITY_INTERVALS = [0, 15, 30, 60] as const;

const periodSchema = z.enum(LIMIT_PERIODS, { error: 'period_invalid' });

export const limitSetRequestSchema = z.object({
  period: periodSchema,
  amount: z.nullable(money.check(z.lte(LIMIT_MAX, 'amount_above_max'))),
});
export type LimitSetRequest = z.infer<typeof limitSetRequestSchema>;

export const blockRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('time_out'),
      duration: z.enum(TIME_OUT_DURATIONS, { error: 'duration_invalid' }),
      /** The confirmation step: the app sends true only after the player confirmed. */
      confirm: z.literal(true, { error: 'confirm_required' }),
    }),
    z.object({
      kind: z.literal('self_exclusion'),
      duration: z.enum(SELF_EXCLUSION_DURATIONS, { error: 'duration_invalid' }),
      confirm: z.literal(true, { error: 'confirm_required' }),
    }),
  ],
  { error: 'block_kind_invalid' },
);
export type BlockRequest = z.infer<typeof blockRequestSchema>;

export const realitySetRequestSchema = z.object({
  minutes: z.union(
    REALITY_INTERVALS.map((m) => z.literal(m)) as [z.ZodMiniLiteral<0>, ...z.ZodMiniLiteral<number>[]],
    { error: 'interval_invalid' },
  ),
});

export const realityCheckRequestSchema = z.object({
  /** When the game session began (the server's time, from the first check); absent: it begins now. */
  since: z.optional(z.int({ error: 'invalid_type' }).check(z.nonnegative('invalid_type'))),
});

export const limitSchema = z.object({
  period: periodSchema,
  /** In force now; null: none. */
  amount: z.nullable(moneyValue),
  /** Deposited (completed deposits, each from when it was paid) in the window ending now. */
  used: moneyValue,
  /** An increase or removal waiting for its time. */
  pending: z.nullable(z.object({ amount: z.nullable(moneyValue), effectiveFrom: z.number() })),
});
export type Limit = z.infer<typeof limitSchema>;

export const protectionStateSchema = z.object({
  limits: z.array(limitSchema),
  block: z.nullable(
    z.object({ kind: z.enum(['time_out', 'self_excluded']), from: z.number(), until: z.number() }),
  ),
  /**
   * Orders awaiting payment (not yet expired): not deposited, but held against every limit until they are
   * paid or expire, so a new order is refused when it would go over with them (decision 0043).
   */
  awaiting: moneyValue,
  realityMinutes: z.number(),
  now: z.number(),
});
export type ProtectionState = z.infer<typeof protectionStateSchema>;

export const realityCheckSchema = z.object({
  since: z.number(),
  now: z.number(),
  elapsedMs: z.number(),
  /** Wins minus bets of the rounds placed since `since`. */
  net: moneyValue,
  /** 0: the player turned the reality check off. */
  intervalMinutes: z.number(),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

export const historyMonthSchema = z.object({
  /** YYYY-MM in the site's time zone. */
  month: z.string(),
  deposits: moneyValue,
  withdrawals: moneyValue,
  net: moneyValue,
});
export const historySchema = z.object({ months: z.array(historyMonthSchema) });
export type HistoryMonth = z.infer<typeof historyMonthSchema>;

// ---- calls

export const protectionStateCall = {
  method: 'POST',
  path: '/protection/state',
  summary: "Read the caller's limits, blocks and reality check",
  answer: protectionStateSchema,
  access: 'user',
} satisfies Call;

export const limitSetCall = {
  method: 'POST',
  path: '/protection/limit',
  summary: 'Set a daily, weekly or monthly deposit limit',
  input: limitSetRequestSchema,
  answer: protectionStateSchema,
  access: 'user',
} satisfies Call;

/** A time-out or self-exclusion, at once; a longer one may follow, a shorter one changes nothing. */
export const blockCall = {
  method: 'POST',
  path: '/protection/block',
  summary: 'Take a time-out or self-exclusion',
  input: blockRequestSchema,
  answer: protectionStateSchema,
  access: 'user',
} satisfies Call;

export const realitySetCall = {
  method: 'POST',
  path: '/protection/reality',
  summary: 'Set the reality-check interval',
  input: realitySetRequestSchema,
  answer: protectionStateSchema,
  access: 'user',
} satisfies Call;

export const realityCheckCall = {
  method: 'POST',
  path: '/protection/reality/check',
  summary: 'Acknowledge a reality check',
  input: realityCheckRequestSchema,
  answer: realityCheckSchema,
  access: 'user',
} satisfies Call;

/** The last 12 months (this one included), oldest first. */
export const historyCall = {
  method: 'POST',
  path: '/protection/history',
  summary: 'Read twelve months of deposits and withdrawals',
  answer: historySchema,
  access: 'user',
} satisfies Call;
