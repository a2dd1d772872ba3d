/**
 * Bonuses, the player's side (issue 33, decision 0052): the offers a player may take, their requirements
 * (a bonus credited as locked money with valid bets to make before it is withdrawable) and their history.
 * An offer that matches a deposit is taken on the deposit page (`bonusOffer` of /wallet/deposit/create) and
 * granted when the deposit completes; one that needs no deposit is claimed here. A withdrawal while a
 * requirement that forfeits on withdrawal is open needs the player's consent to each forfeit
 * (/bonus/forfeits, then `forfeits` of /wallet/withdraw/create). Money is the wallet's (decimal, shown
 * rounded down); times are epoch milliseconds. The operators' side is in admin/bonuses.ts.
 */
import { z } from 'zod/mini';
import type { Call } from './call';
import { money, moneyValue } from './wallet';

export const OFFER_KINDS = [
  'deposit_match',
  'registration',
  'first_deposit',
  'reload',
  'cashback',
  'vip_birthday',
  'vip_monthly',
  'deposit_turnover',
  'manual',
] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** What a requirement's valid bets are counted against: the bonus, the bonus and the deposit, the deposit. */
export const TURNOVER_BASES = ['bonus', 'bonus_deposit', 'deposit'] as const;
export type TurnoverBase = (typeof TURNOVER_BASES)[number];

/**
 * How a player takes an offer: on the deposit page with a deposit, here with /bonus/claim, or not at all:
 * `auto` is paid by Beacon when it is due (the weekly cashback, the VIP birthday and monthly bonuses), listed so
 * the player reads its rules before it is paid (decision 0053).
 */
export const OFFER_TAKEN_BY = ['deposit', 'claim', 'auto'] as const;

export const REQUIREMENT_STATES = ['open', 'released', 'expired', 'forfeited', 'cancelled'] as const;
export type RequirementState = (typeof REQUIREMENT_STATES)[number];

const id = z.int().check(z.positive('invalid_type'));

export const contributionSchema = z.object({
  channel: z.string(),
  /** The channel's name in the caller's language. */
  name: z.string(),
  /** 0-100: the part of a valid bet in this channel that counts. */
  percent: z.int(),
});

/** An offer as a player reads it before taking it: every rule that applies, in the caller's language. */
export const bonusOfferSchema = z.object({
  id: z.int(),
  version: z.int(),
  kind: z.enum(OFFER_KINDS),
  takenBy: z.enum(OFFER_TAKEN_BY),
  title: z.string(),
  terms: z.string(),
  /** Deposit match, reload, cashback: the percent paid. */
  percent: z.nullable(z.int()),
  /** A fixed bonus; null for the VIP bonuses, whose amount is the player's level's (/vip/tutorial). */
  amount: z.nullable(moneyValue),
  minDeposit: z.nullable(moneyValue),
  maxBonus: z.nullable(moneyValue),
  nthDeposit: z.nullable(z.int()),
  turnoverMultiplier: z.int(),
  turnoverBase: z.enum(TURNOVER_BASES),
  /** The largest bet while its requirement holds money. */
  maxBet: z.nullable(moneyValue),
  /** The most that becomes withdrawable when its requirement is met; the rest is removed. */
  maxConversion: z.nullable(moneyValue),
  validityDays: z.int(),
  forfeitsOnWithdrawal: z.boolean(),
  contributions: z.array(contributionSchema),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

/** The offers the caller may take now; with `deposit`, only those a deposit of that amount would get. */
export const bonusOffersRequestSchema = z.object({ deposit: z.optional(money) });
export type BonusOffersRequest = z.input<typeof bonusOffersRequestSchema>;
export const bonusOffersSchema = z.array(bonusOfferSchema);

export const requirementSchema = z.object({
  id: z.int(),
  offerId: z.int(),
  kind: z.enum(['bonus', 'deposit']),
  title: z.string(),
  state: z.enum(REQUIREMENT_STATES),
  /** Credited at the grant. */
  amount: moneyValue,
  /** In its account now (locked money); 0 once it ended. */
  balance: moneyValue,
  /** Weighted valid bets needed, and counted so far. */
  required: moneyValue,
  wagered: moneyValue,
  maxBet: z.nullable(moneyValue),
  maxConversion: z.nullable(moneyValue),
  forfeitsOnWithdrawal: z.boolean(),
  grantedAt: z.number(),
  /** Null: it never expires (a deposit's own turnover). */
  expiresAt: z.nullable(z.number()),
  endedAt: z.nullable(z.number()),
  /** What became withdrawable when it was met. */
  released: moneyValue,
  /** What it lost: over the maximum conversion, expired, forfeited or cancelled. */
  removed: moneyValue,
});
export type Requirement = z.infer<typeof requirementSchema>;

export const bonusMineSchema = z.object({
  active: z.array(requirementSchema),
  /** Ended ones, newest first, at most 50. */
  history: z.array(requirementSchema),
});
export type BonusMine = z.infer<typeof bonusMineSchema>;

/** The version is the one whose terms the player read: a newer version is refused (`offer_changed`). */
export const bonusClaimRequestSchema = z.object({ offerId: id, version: id });
export type BonusClaimRequest = z.input<typeof bonusClaimRequestSchema>;

/** Why a claim was held or refused (recorded with it). */
export const CLAIM_REASONS = ['same_phone', 'same_device', 'same_address', 'budget_exhausted'] as const;

export const bonusClaimAnswerSchema = z.object({
  /**
   * granted: credited now; held: an operator decides (another claim of the welcome family came from the same
   * address); refused: the same person claimed a welcome offer before, or the budget is spent.
   */
  state: z.enum(['granted', 'held', 'refused']),
  reason: z.nullable(z.enum(CLAIM_REASONS)),
  requirement: z.nullable(requirementSchema),
});
export type BonusClaimAnswer = z.infer<typeof bonusClaimAnswerSchema>;

/** What a withdrawal now would forfeit: give these back as `forfeits` of /wallet/withdraw/create. */
export const forfeitSchema = z.object({ requirementId: z.int(), title: z.string(), amount: moneyValue });
export type Forfeit = z.infer<typeof forfeitSchema>;
export const bonusForfeitsSchema = z.array(forfeitSchema);

export const bonusOffersCall = {
  method: 'POST',
  path: '/bonus/offers',
  summary: 'List the bonus offers the caller may take',
  input: bonusOffersRequestSchema,
  answer: bonusOffersSchema,
  access: 'user',
} satisfies Call;

export const bonusMineCall = {
  method: 'POST',
  path: '/bonus/mine',
  summary: "List the caller's bonuses: active requirements and history",
  answer: bonusMineSchema,
  access: 'user',
} satisfies Call;

/**
 * Claims an offer taken by claim (a registration bonus), once: a second claim answers 409 `bonus_claimed`;
 * an offer not open to the caller 409 `offer_unavailable`; a version older than the offer's 409
 * `offer_changed`. A claim decided against (same person, spent budget) is recorded and answered `refused`.
 */
export const bonusClaimCall = {
  method: 'POST',
  path: '/bonus/claim',
  summary: 'Claim a bonus offer',
  input: bonusClaimRequestSchema,
  answer: bonusClaimAnswerSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

export const bonusForfeitsCall = {
  method: 'POST',
  path: '/bonus/forfeits',
  summary: 'List what a withdrawal now would forfeit',
  answer: bonusForfeitsSchema,
  access: 'user',
} satisfies Call;
