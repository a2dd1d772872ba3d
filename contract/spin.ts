/**
 * The spin wheel (issue 15, spec sections 4 and 9, decision 0022): a completed recharge opens 7 days of one
 * spin a day; a missed day is lost; once the run's recharges add up to 2000, later spins pay double. The draw
 * happens on the server over the published weights; one spin per user and business day, so a replay answers
 * the first. Cash prizes are paid to the main balance; an item (a cell phone) is a follow-up for customer
 * service within 24 hours. Money is the wallet's (decimal, shown rounded down); days are business days
 * `YYYY-MM-DD`; times epoch milliseconds. The operator's follow-ups of item prizes are in admin/spin.ts.
 */
import { z } from 'zod/mini';
import type { Call } from './call';
import { daySchema } from './day';
import { moneyValue } from './wallet';

/** Spins a recharge opens: one a day, for this many business days (spec section 9). */
export const SPIN_DAYS = 7;
/** What a run's recharges must add up to (money) before its spins pay double (spec section 9). */
export const SPIN_DOUBLE_AT = 2000;
export const SPIN_DOUBLE_MULTIPLIER = 2;
/** Customer service is in touch about an item prize within this many hours. */
export const SPIN_FOLLOW_UP_HOURS = 24;

export const SPIN_PRIZE_KINDS = ['cash', 'item'] as const;

export const spinPrizeSchema = z.object({
  code: z.string(),
  kind: z.enum(SPIN_PRIZE_KINDS),
  /** Its English name (an item's; the app words known codes itself). */
  name: z.string(),
  /** Cash: what it pays before doubling; 0 for an item. */
  amount: moneyValue,
  /** Its chance is weight / the sum of all prizes' weights. */
  weight: z.int(),
});
export type SpinPrize = z.infer<typeof spinPrizeSchema>;

export const spinDrawSchema = z.object({
  day: z.string(),
  /** The prize as it was when drawn. */
  prize: z.object({ code: z.string(), kind: z.enum(SPIN_PRIZE_KINDS), name: z.string(), amount: moneyValue }),
  /** 2 when the run's recharges had reached SPIN_DOUBLE_AT, else 1. */
  multiplier: z.int(),
  /** Cash paid (prize amount times multiplier); 0 for an item. */
  amount: moneyValue,
  createdAt: z.int(),
  /** Items only: customer service's deadline, and when it was done. */
  followUp: z.nullable(z.object({ dueAt: z.int(), doneAt: z.nullable(z.int()) })),
});
export type SpinDraw = z.infer<typeof spinDrawSchema>;

export const SPIN_DAY_STATES = ['spun', 'missed', 'open', 'upcoming'] as const;
export const spinDaySchema = z.object({
  day: z.string(),
  state: z.enum(SPIN_DAY_STATES),
  draw: z.nullable(spinDrawSchema),
});
export type SpinDay = z.infer<typeof spinDaySchema>;

export const spinStateSchema = z.object({
  /** The business day now. */
  today: z.string(),
  /** The current run (null: no wheel, none open or it ended). */
  run: z.nullable(
    z.object({
      firstDay: z.string(),
      lastDay: z.string(),
      recharged: moneyValue,
      /** Spins from now on pay double. */
      doubled: z.boolean(),
      days: z.array(spinDaySchema),
    }),
  ),
  prizes: z.array(spinPrizeSchema),
  /** Who runs the promotion (the site's name), for the terms. */
  operator: z.string(),
  /** The player's item prizes of any run, newest first, with their follow-up. */
  followUps: z.array(spinDrawSchema),
});
export type SpinState = z.infer<typeof spinStateSchema>;

/** The day the player spins for: the one the page showed, so a retry after midnight answers the same spin. */
export const spinDrawRequestSchema = z.object({ day: daySchema });
export type SpinDrawRequest = z.input<typeof spinDrawRequestSchema>;

export const spinDrawAnswerSchema = z.object({
  draw: spinDrawSchema,
  /** This day was spun before: the first spin's answer, nothing moved. */
  replayed: z.boolean(),
});
export type SpinDrawAnswer = z.infer<typeof spinDrawAnswerSchema>;

export const spinStateCall = {
  method: 'POST',
  path: '/spin/state',
  summary: "Read the day's lucky spin",
  answer: spinStateSchema,
  access: 'user',
} satisfies Call;

/**
 * Today's spin, once: a second one (a double tap, a replay, a retry) answers the first. 409 `spin_unavailable`
 * when the day has no spin (no run, or a past day not spun: missed); a time-out or self-exclusion refuses it.
 */
export const spinDrawCall = {
  method: 'POST',
  path: '/spin/draw',
  summary: 'Spin the lucky wheel',
  input: spinDrawRequestSchema,
  answer: spinDrawAnswerSchema,
  access: 'user',
} satisfies Call;
