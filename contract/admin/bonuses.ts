/**
 * Bonuses, the operators' side (issue 33, decision 0052), under /api/admin/bonus/: offers (versioned: an edit
 * writes the next version with its contributions and texts, never rewrites one a player accepted), a
 * player's bonuses (their requirements and claims, a manual grant, a cancel), the claims held for review and
 * the report by business day and offer. Money is the wallet's (decimal, at most 2 decimals); times are epoch
 * milliseconds. The player's side is ../bonuses.ts.
 */
import { z } from 'zod/mini';
import { OFFER_KINDS, type OfferKind, requirementSchema, TURNOVER_BASES } from '../bonuses';
import { type Call, operatorAccess } from '../call';
import { contentLocaleSchema, perLocale } from '../locales';
import { pageRequestSchema, pageSchema } from '../paging';
import { siteTargetSchema } from '../site';
import { money, moneyValue } from '../wallet';
import { adminReportRequestSchema, REPORT_RANGE_MAX_DAYS } from './report';

export const OFFER_TITLE_MAX = 80;
export const OFFER_TERMS_MAX = 4000;
/** An operator's reason for a grant, a cancel or a decision (bonus_claims.note). */
export const BONUS_NOTE_MAX = 200;
export const OFFER_PERCENT_MAX = 1000;
export const OFFER_MULTIPLIER_MAX = 100;
/** Ten years: a longer validity is a typing mistake, not an offer. */
export const OFFER_VALIDITY_MAX_DAYS = 3650;
export const OFFER_CONTRIBUTIONS_MAX = 50;
export const OFFER_STATES = ['active', 'paused', 'ended'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/**
 * A manual grant above this (minor units, 1,000.00) waits for a second operator (four-eyes), for a player of no
 * site; a site's own is its `bonusGrantThreshold` setting (decision 0053), this until an operator changes it.
 */
export const BONUS_GRANT_FOUR_EYES_MINOR = 100_000;

const requiredOr = (code: string) => (i: { input: unknown }) => (i.input === undefined ? 'required' : code);
const id = z.int({ error: requiredOr('invalid_type') }).check(z.positive('invalid_type'));
const note = z
  .string({ error: requiredOr('invalid_type') })
  .check(z.trim(), z.minLength(1, 'required'), z.maxLength(BONUS_NOTE_MAX, 'too_long'));
/** An optional amount: absent or null is none. */
const optionalMoney = z._default(z.nullable(money), null);
/** A whole number in [min, max], else `code`. */
const bounded = (min: number, max: number, code: string) =>
  z.int({ error: requiredOr(code) }).check(z.gte(min, code), z.lte(max, code));

// Kinds that pay a percent of a deposit (or of the week's net loss), and those that pay a fixed amount. The
// VIP bonuses pay the player's level's amount, as vip_benefits lists it (decision 0053): they need neither.
const PERCENT_KINDS: readonly OfferKind[] = ['deposit_match', 'reload', 'cashback'];
const AMOUNT_KINDS: readonly OfferKind[] = ['registration', 'first_deposit'];

export const offerTextSchema = z.object({
  title: z
    .string({ error: requiredOr('invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(OFFER_TITLE_MAX, 'too_long')),
  terms: z
    .string({ error: requiredOr('invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(OFFER_TERMS_MAX, 'too_long')),
});

export const offerContributionInputSchema = z.object({
  channel: z
    .string({ error: requiredOr('invalid_type') })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(32, 'too_long')),
  percent: bounded(0, 100, 'offer_contribution_invalid'),
});

/** An offer version's terms, as an operator writes them (create and edit). */
const termsFields = {
  kind: z.enum(OFFER_KINDS, { error: requiredOr('invalid_type') }),
  /** deposit_match, reload, cashback: the percent paid, 1-1000. */
  percent: z._default(z.nullable(bounded(1, OFFER_PERCENT_MAX, 'offer_percent_invalid')), null),
  /** registration, first_deposit: the fixed bonus (a VIP bonus pays the level's). */
  amount: optionalMoney,
  minDeposit: optionalMoney,
  maxBonus: optionalMoney,
  /** reload: the deposit's order number it pays on (2: the second deposit). */
  nthDeposit: z._default(z.nullable(bounded(1, 1000, 'invalid_type')), null),
  turnoverMultiplier: bounded(0, OFFER_MULTIPLIER_MAX, 'offer_multiplier_invalid'),
  turnoverBase: z._default(z.enum(TURNOVER_BASES, 'invalid_type'), 'bonus'),
  maxBet: optionalMoney,
  maxConversion: optionalMoney,
  validityDays: bounded(1, OFFER_VALIDITY_MAX_DAYS, 'offer_validity_invalid'),
  /** Absent: on for deposit match and reload (their base includes the deposit withdrawn), else off. */
  forfeitsOnWithdrawal: z.optional(z.boolean('invalid_type')),
  minLevel: z._default(bounded(0, 100, 'invalid_type'), 0),
  newPlayersOnly: z._default(z.boolean('invalid_type'), false),
  /** Only members of this agent's team (the agent's UID); null: anyone. */
  agentTeam: z._default(z.nullable(id), null),
  holdSameAddress: z._default(z.boolean('invalid_type'), false),
  /** Per game channel, 0-100; a channel not listed contributes 0. */
  contributions: z._default(
    z.array(offerContributionInputSchema).check(z.maxLength(OFFER_CONTRIBUTIONS_MAX, 'too_long')),
    [],
  ),
  /** Title and terms per language (at least one): what a player reads before taking the offer. */
  texts: perLocale(offerTextSchema),
  /** What the offer may grant in all; null: no budget. */
  budget: optionalMoney,
};

type Terms = z.output<z.ZodMiniObject<typeof termsFields>>;

/** The kind's own rules, each on the field the operator has to fill in. */
function checkTerms(t: Terms, ctx: z.core.$RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (PERCENT_KINDS.includes(t.kind) && t.percent === null) issue(['percent'], 'offer_percent_required');
  if (AMOUNT_KINDS.includes(t.kind) && t.amount === null) issue(['amount'], 'offer_amount_required');
  if (t.kind === 'reload' && t.nthDeposit === null) issue(['nthDeposit'], 'offer_nth_deposit_required');
  if (Object.keys(t.texts).length === 0) issue(['texts'], 'offer_text_required');
  const seen = new Set<string>();
  t.contributions.forEach((c, i) => {
    if (seen.has(c.channel)) issue(['contributions', i, 'channel'], 'offer_contribution_duplicate');
    seen.add(c.channel);
  });
}

export const offerCreateRequestSchema = z
  .object({
    /** A site's domain, or null: every site. */
    site: siteTargetSchema,
    /** One welcome offer per person (phone, device, address): a second claim is refused or held. */
    welcome: z._default(z.boolean('invalid_type'), false),
    ...termsFields,
  })
  .check(z.superRefine(checkTerms));
export type OfferCreateRequest = z.input<typeof offerCreateRequestSchema>;

/** An edit writes version N+1 with every term (the kind cannot change); the budget may move, not below granted. */
export const offerEditRequestSchema = z.object({ id, ...termsFields }).check(z.superRefine(checkTerms));
export type OfferEditRequest = z.input<typeof offerEditRequestSchema>;

export const offerIdRequestSchema = z.object({ id });

export const offerContributionSchema = z.object({ channel: z.string(), percent: z.int() });

export const offerVersionSchema = z.object({
  version: z.int(),
  percent: z.nullable(z.int()),
  amount: z.nullable(moneyValue),
  minDeposit: z.nullable(moneyValue),
  maxBonus: z.nullable(moneyValue),
  nthDeposit: z.nullable(z.int()),
  turnoverMultiplier: z.int(),
  turnoverBase: z.enum(TURNOVER_BASES),
  maxBet: z.nullable(moneyValue),
  maxConversion: z.nullable(moneyValue),
  validityDays: z.int(),
  forfeitsOnWithdrawal: z.boolean(),
  minLevel: z.int(),
  newPlayersOnly: z.boolean(),
  agentTeam: z.nullable(z.int()),
  holdSameAddress: z.boolean(),
  contributions: z.array(offerContributionSchema),
  texts: z.partialRecord(contentLocaleSchema, z.object({ title: z.string(), terms: z.string() })),
  createdAt: z.number(),
  createdBy: z.nullable(z.object({ uid: z.int() })),
});
export type OfferVersion = z.infer<typeof offerVersionSchema>;

/** An offer in the console's list: its current version's title (the operator's language, else another). */
export const adminOfferSchema = z.object({
  id: z.int(),
  site: z.nullable(z.string()),
  kind: z.enum(OFFER_KINDS),
  welcome: z.boolean(),
  state: z.enum(OFFER_STATES),
  version: z.int(),
  title: z.string(),
  budget: z.nullable(moneyValue),
  granted: moneyValue,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

export const adminOfferDetailSchema = z.object({
  ...adminOfferSchema.shape,
  /** Every version, newest first. */
  versions: z.array(offerVersionSchema),
});
export type AdminOfferDetail = z.infer<typeof adminOfferDetailSchema>;

export const offerListRequestSchema = z.extend(pageRequestSchema, {
  /** Omitted: every state. */
  state: z.optional(z.enum(OFFER_STATES, 'invalid_type')),
});
export type OfferListRequest = z.input<typeof offerListRequestSchema>;

/** The offers of the sites the operator may see (platform-wide ones with a grant on every site), newest first. */
export const adminOfferListCall = {
  method: 'POST',
  path: '/admin/bonus/offers',
  summary: 'List bonus offers',
  input: offerListRequestSchema,
  answer: pageSchema(adminOfferSchema),
  access: operatorAccess('bonus', 'read'),
} satisfies Call;

export const adminOfferDetailCall = {
  method: 'POST',
  path: '/admin/bonus/offers/detail',
  summary: 'Read a bonus offer with every version',
  input: offerIdRequestSchema,
  answer: adminOfferDetailSchema,
  access: operatorAccess('bonus', 'read'),
} satisfies Call;

export const adminOfferCreateCall = {
  method: 'POST',
  path: '/admin/bonus/offers/create',
  summary: 'Create a bonus offer (version 1, active)',
  input: offerCreateRequestSchema,
  answer: adminOfferDetailSchema,
  access: operatorAccess('bonus', 'write'),
} satisfies Call;

/** Writes the next version; an ended offer is not edited (409 `offer_ended`). */
export const adminOfferEditCall = {
  method: 'POST',
  path: '/admin/bonus/offers/edit',
  summary: "Write a bonus offer's next version",
  input: offerEditRequestSchema,
  answer: adminOfferDetailSchema,
  access: operatorAccess('bonus', 'write'),
} satisfies Call;

/** active -> paused; otherwise 409 `offer_state_invalid`. A paused offer grants nothing new. */
export const adminOfferPauseCall = {
  method: 'POST',
  path: '/admin/bonus/offers/pause',
  summary: 'Pause a bonus offer',
  input: offerIdRequestSchema,
  answer: adminOfferSchema,
  access: operatorAccess('bonus', 'write'),
} satisfies Call;

/** paused -> active; otherwise 409 `offer_state_invalid`. */
export const adminOfferResumeCall = {
  method: 'POST',
  path: '/admin/bonus/offers/resume',
  summary: 'Resume a paused bonus offer',
  input: offerIdRequestSchema,
  answer: adminOfferSchema,
  access: operatorAccess('bonus', 'write'),
} satisfies Call;

/** active or paused -> ended, for good; requirements already granted run on under their own terms. */
export const adminOfferEndCall = {
  method: 'POST',
  path: '/admin/bonus/offers/end',
  summary: 'End a bonus offer',
  input: offerIdRequestSchema,
  answer: adminOfferSchema,
  access: operatorAccess('bonus', 'write'),
} satisfies Call;

// ---- a player's bonuses

export const CLAIM_STATES = ['granted', 'held', 'refused'] as const;

export const adminClaimSchema = z.object({
  id: z.int(),
  user: z.object({ uid: z.int() }),
  offerId: z.int(),
  version: z.int(),
  title: z.string(),
  period: z.string(),
  state: z.enum(CLAIM_STATES),
  /** Why it was held or refused (`same_phone`, `budget_exhausted`, ...). */
  reason: z.nullable(z.string()),
  amount: moneyValue,
  /** The deposit it matched, 0 for none. */
  base: moneyValue,
  /** The operator's reason of a manual grant or a decision. */
  note: z.nullable(z.string()),
  operator: z.nullable(z.object({ uid: z.int() })),
  createdAt: z.number(),
  decidedAt: z.nullable(z.number()),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const userBonusesRequestSchema = z.object({ uid: id });

export const userBonusesSchema = z.object({
  /** Open requirements, then ended ones (newest first, at most 50). */
  active: z.array(requirementSchema),
  history: z.array(requirementSchema),
  /** The player's claims, newest first, at most 100. */
  claims: z.array(adminClaimSchema),
});
export type UserBonuses = z.infer<typeof userBonusesSchema>;

export const adminUserBonusesCall = {
  method: 'POST',
  path: '/admin/bonus/user',
  summary: "List a player's bonus requirements and claims",
  input: userBonusesRequestSchema,
  answer: userBonusesSchema,
  access: operatorAccess('bonus', 'read'),
} satisfies Call;

export const bonusGrantRequestSchema = z.object({
  uid: id,
  offerId: id,
  amount: money,
  note,
});
export type BonusGrantRequest = z.input<typeof bonusGrantRequestSchema>;

export const bonusGrantAnswerSchema = z.object({
  /** Null while it waits for a second operator. */
  claimId: z.nullable(z.int()),
  requirementId: z.nullable(z.int()),
  /** Above the player's site's bonusGrantThreshold: the four-eyes command that grants once approved. */
  secondApproval: z.nullable(z.object({ commandId: z.int() })),
});
export type BonusGrantAnswer = z.infer<typeof bonusGrantAnswerSchema>;

/**
 * Grants a bonus of an offer to a player by hand, with a reason. The offer must be of the player's site (or
 * every site) and not ended (409 `offer_site_mismatch`, `offer_ended`); above 1,000.00 it is a four-eyes
 * command instead.
 */
export const adminBonusGrantCall = {
  method: 'POST',
  path: '/admin/bonus/grant',
  summary: 'Grant a bonus to a player by hand',
  input: bonusGrantRequestSchema,
  answer: bonusGrantAnswerSchema,
  access: operatorAccess('bonus', 'write'),
  movesMoney: true,
} satisfies Call;

export const requirementCancelRequestSchema = z.object({ requirementId: id, note });

/** An open requirement's money goes back to the bonuses account; 409 `requirement_not_open` once ended. */
export const adminRequirementCancelCall = {
  method: 'POST',
  path: '/admin/bonus/requirements/cancel',
  summary: "Cancel a player's open bonus requirement",
  input: requirementCancelRequestSchema,
  answer: z.object({ requirementId: z.int(), removed: moneyValue }),
  access: operatorAccess('bonus', 'write'),
  movesMoney: true,
} satisfies Call;

export const heldClaimListRequestSchema = pageRequestSchema;

/** Claims held for review (a welcome claim from an address another claim used), oldest first. */
export const adminHeldClaimListCall = {
  method: 'POST',
  path: '/admin/bonus/claims/held',
  summary: 'List bonus claims held for review',
  input: heldClaimListRequestSchema,
  answer: pageSchema(adminClaimSchema),
  access: operatorAccess('bonus', 'read'),
} satisfies Call;

export const claimDecideRequestSchema = z.object({
  claimId: id,
  approve: z.boolean({ error: requiredOr('invalid_type') }),
  note,
});
export type ClaimDecideRequest = z.input<typeof claimDecideRequestSchema>;

/** held -> granted (credited now) or refused; 409 `claim_not_held` once decided. */
export const adminClaimDecideCall = {
  method: 'POST',
  path: '/admin/bonus/claims/decide',
  summary: 'Approve or refuse a held bonus claim',
  input: claimDecideRequestSchema,
  answer: z.object({ claimId: z.int(), state: z.enum(['granted', 'refused']) }),
  access: operatorAccess('bonus', 'write'),
  movesMoney: true,
} satisfies Call;

// ---- report

const dayNumber = (text: string): number => Date.parse(`${text}T00:00:00Z`) / 86_400_000;

/** The console reports' days (both or neither; neither: the last seven up to today), for one site. */
export const bonusReportRequestSchema = z
  .object({
    site: z
      .string({ error: requiredOr('invalid_type') })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, 'required'), z.maxLength(255, 'too_long')),
    from: adminReportRequestSchema.shape.from,
    to: adminReportRequestSchema.shape.to,
  })
  .check(
    z.superRefine((r, ctx) => {
      if (r.from === undefined && r.to === undefined) return;
      if (r.from === undefined) return ctx.addIssue({ code: 'custom', path: ['from'], message: 'required' });
      if (r.to === undefined) return ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
      const days = dayNumber(r.to) - dayNumber(r.from) + 1;
      // NaN (a day already refused) passes: its own issue says what is wrong.
      if (days < 1 || days > REPORT_RANGE_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_invalid' });
    }),
  );
export type BonusReportRequest = z.input<typeof bonusReportRequestSchema>;

/**
 * Sums of the bonuses account's postings: granted (bonus_grant), released to withdrawable (bonus_release),
 * removed over the maximum conversion (bonus_cap), expired, forfeited on a withdrawal, cancelled by an
 * operator. cost = granted - capped - expired - forfeited - cancelled; conversion = released / granted
 * (null when nothing was granted).
 */
export const bonusFiguresSchema = z.object({
  granted: moneyValue,
  released: moneyValue,
  capped: moneyValue,
  expired: moneyValue,
  forfeited: moneyValue,
  cancelled: moneyValue,
  cost: moneyValue,
  conversion: z.nullable(z.number()),
});
export type BonusFigures = z.infer<typeof bonusFiguresSchema>;

export const bonusReportSchema = z.object({
  site: z.string(),
  /** The site's business time zone, in which the days are cut. */
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** A row per day and offer that moved anything, oldest day first. */
  rows: z.array(
    z.object({ day: z.string(), offerId: z.int(), title: z.string(), ...bonusFiguresSchema.shape }),
  ),
  /** Per offer over the range. */
  offers: z.array(z.object({ offerId: z.int(), title: z.string(), ...bonusFiguresSchema.shape })),
  totals: bonusFiguresSchema,
});
export type BonusReport = z.infer<typeof bonusReportSchema>;

export const adminBonusReportCall = {
  method: 'POST',
  path: '/admin/bonus/report',
  summary: "Read a site's bonus figures per business day and offer",
  input: bonusReportRequestSchema,
  answer: bonusReportSchema,
  access: operatorAccess('bonus', 'read'),
} satisfies Call;
