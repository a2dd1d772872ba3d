import { createHash } from 'node:crypto';
import type { z } from 'zod/mini';
import {
  type AdminClaim,
  type AdminOffer,
  type AdminOfferDetail,
  BONUS_GRANT_FOUR_EYES_MINOR,
  type BonusFigures,
  type BonusGrantAnswer,
  type BonusReport,
  type OfferVersion,
  type offerCreateRequestSchema,
  type offerEditRequestSchema,
  type UserBonuses,
} from '#contract/admin/bonuses';
import { REPORT_DEFAULT_DAYS } from '#contract/admin/report';
import type { OfferKind } from '#contract/bonuses';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import type { Page } from '#contract/paging';
import { toMinor, toMoney } from '#contract/wallet';
import { addDays, businessDay, type Day, dayStartMs, daysBetween } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, conflict, fieldError } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import { pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import {
  assertCanAccess,
  type CommandHandler,
  type Operator,
  type OperatorActing,
  pendingProposals,
  propose,
  visibleSites,
} from '../operators/service';
import { fourEyesThresholds, siteByDomain, siteDomains, siteTimeZone } from '../site/service';
import * as repo from './admin-repository';
import { cancelRequirement, decideHeldClaim, grantManual, requirementsOf } from './service';
import type { OfferState } from './tables';

/*
 * The console's bonuses (issue 33, decision 0052). Offers are per site (or every site) and versioned: an edit
 * writes version N+1 with its contributions and texts, and moves the offer's pointer only if it is still at
 * N, so two edits at once never write over one another and no version a player accepted is rewritten. Every
 * change is audited in its own transaction. A player's money moves only through the bonuses service
 * (grantManual, cancelRequirement, decideHeldClaim), inside the idempotent money call's transaction; a manual
 * grant above the player's site's threshold (bonus_grant_threshold) waits for a second operator (a four-eyes `bonus_grant` command,
 * whose handler the registry hands to the operators module).
 */

type CreateRequest = z.output<typeof offerCreateRequestSchema>;
type EditRequest = z.output<typeof offerEditRequestSchema>;
type Terms = Omit<EditRequest, 'id'>;

/** Deposit match and reload grant on a deposit the player could withdraw at once: forfeited by default. */
const FORFEITS_BY_DEFAULT: readonly OfferKind[] = ['deposit_match', 'reload'];

const orNull = (v: number | null): number | null => (v === null ? null : toMinor(v));
const moneyOrNull = (v: number | null): number | null => (v === null ? null : toMoney(v));

async function toAdminOffers(ctx: AppContext, rows: repo.OfferRow[], locale: string): Promise<AdminOffer[]> {
  const [titles, domains] = await Promise.all([repo.titlesOf(ctx.db, rows, locale), siteDomains(ctx)]);
  return rows.map((r) => ({
    id: r.id,
    site: r.site_id === null ? null : (domains.get(r.site_id) ?? null),
    kind: r.kind,
    welcome: r.welcome === 1,
    state: r.state,
    version: r.version,
    title: titles.get(r.id) ?? '',
    budget: moneyOrNull(r.budget),
    granted: toMoney(Number(r.granted)),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

async function offerOrThrow(db: Db, id: number): Promise<repo.OfferRow> {
  const offer = await repo.findOffer(db, id);
  if (!offer) throw codedError(404, 404, 'offer_not_found');
  return offer;
}

export async function listOffers(
  ctx: AppContext,
  operator: Operator,
  req: { state?: OfferState | undefined; number: number; size: number },
  locale: string,
): Promise<Page<AdminOffer>> {
  const sites = visibleSites(operator, 'read', 'bonus');
  const { rows, total } = await repo.listOffers(ctx.db, sites, req.state, req.number * req.size, req.size);
  return pageOf(await toAdminOffers(ctx, rows, locale), total, req.number, req.size);
}

async function detailOf(ctx: AppContext, offer: repo.OfferRow, locale: string): Promise<AdminOfferDetail> {
  const [[summary], versions] = await Promise.all([
    toAdminOffers(ctx, [offer], locale),
    repo.versionsOf(ctx.db, offer.id),
  ]);
  const uids = await repo.uidsOf(ctx.db, [
    ...versions.map((v) => v.version.created_by),
    ...versions.map((v) => v.version.agent_team),
  ]);
  const uidOf = (id: number | null) => (id === null ? null : (uids.get(Number(id)) ?? null));
  return {
    ...(summary as AdminOffer),
    versions: versions.map(({ version: v, contributions, texts }): OfferVersion => {
      const createdBy = uidOf(v.created_by);
      return {
        version: v.version,
        percent: v.percent,
        amount: moneyOrNull(v.amount),
        minDeposit: moneyOrNull(v.min_deposit),
        maxBonus: moneyOrNull(v.max_bonus),
        nthDeposit: v.nth_deposit,
        turnoverMultiplier: v.turnover_multiplier,
        turnoverBase: v.turnover_base,
        maxBet: moneyOrNull(v.max_bet),
        maxConversion: moneyOrNull(v.max_conversion),
        validityDays: v.validity_days,
        forfeitsOnWithdrawal: v.forfeits_on_withdrawal === 1,
        minLevel: Number(v.min_level),
        newPlayersOnly: Number(v.new_players_only) === 1,
        agentTeam: uidOf(v.agent_team),
        holdSameAddress: Number(v.hold_same_address) === 1,
        contributions,
        texts: Object.fromEntries(texts.map((t) => [t.locale, { title: t.title, terms: t.terms }])),
        createdAt: Number(v.created_at),
        createdBy: createdBy === null ? null : { uid: createdBy },
      };
    }),
  };
}

export async function offerDetail(
  ctx: AppContext,
  operator: Operator,
  id: number,
  locale: string,
): Promise<AdminOfferDetail> {
  const offer = await offerOrThrow(ctx.db, id);
  assertCanAccess(operator, 'read', 'bonus', { siteId: offer.site_id });
  return detailOf(ctx, offer, locale);
}

/** The version's rows from the terms, after checking what the contract cannot: channels and the agent exist. */
async function versionRows(
  ctx: AppContext,
  offerId: number,
  version: number,
  terms: Terms,
  by: number,
  now: number,
): Promise<repo.VersionRows> {
  const known = await repo.existingChannels(
    ctx.db,
    terms.contributions.map((c) => c.channel),
  );
  terms.contributions.forEach((c, i) => {
    if (!known.has(c.channel)) throw fieldError(`contributions.${i}.channel`, 'channel_not_found');
  });
  let agentTeam: number | null = null;
  if (terms.agentTeam !== null) {
    const agent = await repo.userByUid(ctx.db, terms.agentTeam);
    if (!agent) throw fieldError('agentTeam', 'user_not_found');
    agentTeam = Number(agent.id);
  }
  const texts = CONTENT_LOCALES.flatMap((locale: ContentLocale) => {
    const text = terms.texts[locale];
    return text ? [{ locale, title: text.title, terms: text.terms }] : [];
  });
  return {
    version: {
      offer_id: offerId,
      version,
      percent: terms.percent,
      amount: orNull(terms.amount),
      min_deposit: orNull(terms.minDeposit),
      max_bonus: orNull(terms.maxBonus),
      nth_deposit: terms.nthDeposit,
      turnover_multiplier: terms.turnoverMultiplier,
      turnover_base: terms.turnoverBase,
      max_bet: orNull(terms.maxBet),
      max_conversion: orNull(terms.maxConversion),
      validity_days: terms.validityDays,
      forfeits_on_withdrawal:
        (terms.forfeitsOnWithdrawal ?? FORFEITS_BY_DEFAULT.includes(terms.kind)) ? 1 : 0,
      min_level: terms.minLevel,
      new_players_only: terms.newPlayersOnly ? 1 : 0,
      agent_team: agentTeam,
      hold_same_address: terms.holdSameAddress ? 1 : 0,
      created_at: now,
      created_by: by,
    },
    contributions: terms.contributions,
    texts,
  };
}

/** What the audit log keeps of a version: its terms as written (money in minor units, as stored). */
const audited = (rows: repo.VersionRows) => ({
  ...rows.version,
  contributions: rows.contributions,
  texts: rows.texts,
});

export async function createOffer(
  ctx: AppContext,
  auth: OperatorAuth,
  req: CreateRequest,
  locale: string,
): Promise<AdminOfferDetail> {
  let siteId: number | null = null;
  if (req.site !== null) {
    const site = await siteByDomain(ctx, req.site);
    if (!site) throw fieldError('site', 'site_not_found');
    siteId = site.id;
  }
  assertCanAccess(auth.operator, 'write', 'bonus', { siteId });
  const now = ctx.clock.now();
  // Checked before the transaction: the rows are made with offer id 0 and given the real one inside.
  const rows = await versionRows(ctx, 0, 1, req, auth.user.id, now);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const offerId = await repo.insertOffer(trx, {
      siteId,
      kind: req.kind,
      welcome: req.welcome,
      budget: orNull(req.budget),
      now,
    });
    const version = { ...rows, version: { ...rows.version, offer_id: offerId } };
    await repo.insertVersion(trx, version);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId,
        action: 'bonus.offer.create',
        resource: 'bonus',
        recordId: offerId,
        after: { kind: req.kind, welcome: req.welcome, budget: orNull(req.budget), ...audited(version) },
      },
      now,
    );
    return offerId;
  });
  return detailOf(ctx, await offerOrThrow(ctx.db, id), locale);
}

export async function editOffer(
  ctx: AppContext,
  auth: OperatorAuth,
  req: EditRequest,
  locale: string,
): Promise<AdminOfferDetail> {
  const offer = await offerOrThrow(ctx.db, req.id);
  assertCanAccess(auth.operator, 'write', 'bonus', { siteId: offer.site_id });
  if (offer.state === 'ended') throw conflict('offer_ended');
  if (req.kind !== offer.kind) throw fieldError('kind', 'offer_kind_fixed');
  const budget = orNull(req.budget);
  if (budget !== null && budget < Number(offer.granted))
    throw fieldError('budget', 'offer_budget_below_granted');
  const now = ctx.clock.now();
  const rows = await versionRows(ctx, offer.id, offer.version + 1, req, auth.user.id, now);
  await ctx.db.transaction().execute(async (trx) => {
    // The pointer moves first, conditionally: an edit that raced another (or a grant past the new budget)
    // finds it moved and writes no version.
    if (!(await repo.advanceVersion(trx, offer.id, offer.version, budget, now))) {
      const now2 = await repo.findOffer(trx, offer.id);
      if (now2?.state === 'ended') throw conflict('offer_ended');
      if (budget !== null && now2 && Number(now2.granted) > budget)
        throw fieldError('budget', 'offer_budget_below_granted');
      throw conflict('offer_state_invalid');
    }
    await repo.insertVersion(trx, rows);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: offer.site_id,
        action: 'bonus.offer.edit',
        resource: 'bonus',
        recordId: offer.id,
        before: { version: offer.version, budget: offer.budget },
        after: { budget, ...audited(rows) },
      },
      now,
    );
  });
  return detailOf(ctx, await offerOrThrow(ctx.db, offer.id), locale);
}

const MOVES = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  end: { from: ['active', 'paused'], to: 'ended' },
} as const satisfies Record<string, { from: readonly OfferState[]; to: OfferState }>;

export async function moveOffer(
  ctx: AppContext,
  auth: OperatorAuth,
  id: number,
  move: keyof typeof MOVES,
  locale: string,
): Promise<AdminOffer> {
  const offer = await offerOrThrow(ctx.db, id);
  assertCanAccess(auth.operator, 'write', 'bonus', { siteId: offer.site_id });
  const { from, to } = MOVES[move];
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.moveOffer(trx, id, from, to, now))) throw conflict('offer_state_invalid');
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: offer.site_id,
        action: `bonus.offer.${move}`,
        resource: 'bonus',
        recordId: id,
        before: { state: offer.state },
        after: { state: to },
      },
      now,
    );
  });
  const [moved] = await toAdminOffers(ctx, [await offerOrThrow(ctx.db, id)], locale);
  return moved as AdminOffer;
}

// ---- a player's bonuses

async function playerOf(db: Db, uid: number) {
  const user = await repo.userByUid(db, uid);
  if (!user) throw codedError(404, 404, 'user_not_found');
  return {
    id: Number(user.id),
    uid: Number(user.uid),
    siteId: user.site_id === null ? null : Number(user.site_id),
  };
}

async function toClaims(db: Db, rows: repo.ClaimRow[], locale: string): Promise<AdminClaim[]> {
  const [titles, operators] = await Promise.all([
    repo.titlesOf(
      db,
      rows.map((r) => ({ id: Number(r.offer_id), version: r.version })),
      locale,
    ),
    repo.uidsOf(
      db,
      rows.map((r) => r.operator_id),
    ),
  ]);
  return rows.map((r) => {
    const operator = r.operator_id === null ? undefined : operators.get(Number(r.operator_id));
    return {
      id: Number(r.id),
      user: { uid: Number(r.uid) },
      offerId: Number(r.offer_id),
      version: r.version,
      // A title of the version the claim was made under (titlesOf keys by offer; versions of one offer differ
      // only by what the operator rewrote).
      title: titles.get(Number(r.offer_id)) ?? '',
      period: r.period,
      state: r.state,
      reason: r.reason,
      amount: toMoney(Number(r.amount)),
      base: toMoney(Number(r.base)),
      note: r.note,
      operator: operator === undefined ? null : { uid: operator },
      createdAt: Number(r.created_at),
      decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    };
  });
}

/** How many claims a player's page shows. */
const CLAIMS_SHOWN = 100;

export async function userBonuses(
  ctx: AppContext,
  operator: Operator,
  uid: number,
  locale: string,
): Promise<UserBonuses> {
  const player = await playerOf(ctx.db, uid);
  assertCanAccess(operator, 'read', 'bonus', { siteId: player.siteId });
  const [requirements, claims] = await Promise.all([
    requirementsOf(ctx.db, player.id, locale),
    repo.claimsOfUser(ctx.db, player.id, CLAIMS_SHOWN),
  ]);
  return { ...requirements, claims: await toClaims(ctx.db, claims, locale) };
}

export interface GrantPayload {
  uid: number;
  offerId: number;
  /** Decimal, as the maker typed it. */
  amount: number;
  note: string;
  /** The grant's own key (the maker's idempotency key): a command applies it once. */
  key: string;
}

/** The offer may be granted to the player: of their site (or every site) and not ended. */
async function checkGrantable(db: Db, offerId: number, player: { siteId: number | null }) {
  const offer = await repo.findOffer(db, offerId);
  if (!offer) throw fieldError('offerId', 'offer_not_found');
  if (offer.site_id !== null && offer.site_id !== player.siteId) throw conflict('offer_site_mismatch');
  if (offer.state === 'ended') throw conflict('offer_ended');
  return offer;
}

/** Grants and audits, in `trx` (the money call's, or the approval's). */
async function applyGrant(
  ctx: AppContext,
  trx: Db,
  by: OperatorActing,
  payload: GrantPayload,
  now: number,
  approvedBy?: number,
) {
  const player = await playerOf(trx, payload.uid);
  await checkGrantable(trx, payload.offerId, player);
  const granted = await grantManual(trx, ctx, {
    offerId: payload.offerId,
    userId: player.id,
    amount: toMinor(payload.amount),
    note: payload.note,
    operatorId: by.operator.userId,
    key: payload.key,
    now,
  });
  await recordAudit(
    trx,
    by.actor,
    {
      siteId: player.siteId,
      action: 'bonus.grant',
      resource: 'bonus',
      recordId: granted.claimId,
      after: {
        uid: payload.uid,
        offerId: payload.offerId,
        amount: toMinor(payload.amount),
        note: payload.note,
        requirementId: granted.requirementId,
        ...(approvedBy === undefined ? {} : { commandApprovedBy: approvedBy }),
      },
    },
    now,
  );
  return granted;
}

/**
 * A grant's key from the maker and their idempotency key (up to 100 characters): hashed to 32 characters,
 * because the claim's period (`manual:<key>`, 40 characters) carries it, so one action grants once.
 */
const grantKey = (operatorId: number, idempotencyKey: string) =>
  createHash('sha256').update(`${operatorId}:${idempotencyKey}`).digest('hex').slice(0, 32);

const grantTarget = (uid: number, offerId: number) => `user:${uid}:offer:${offerId}`;

/**
 * A manual grant. At or below the four-eyes threshold it is granted in the money call's transaction; above,
 * it becomes a `bonus_grant` command (one pending per player and offer: asking again answers the same one).
 */
export const grant = (
  ctx: AppContext,
  auth: OperatorAuth,
  req: { uid: number; offerId: number; amount: number; note: string },
  idempotencyKey: string,
): MoneyWork<BonusGrantAnswer> => ({
  before: async () => {
    const player = await playerOf(ctx.db, req.uid);
    assertCanAccess(auth.operator, 'write', 'bonus', { siteId: player.siteId });
    await checkGrantable(ctx.db, req.offerId, player);
  },
  run: async (trx) => {
    const now = ctx.clock.now();
    const payload: GrantPayload = { ...req, key: grantKey(auth.user.id, idempotencyKey) };
    const player = await playerOf(trx, req.uid);
    const site = await fourEyesThresholds(trx, player.siteId);
    if (toMinor(req.amount) > (site?.bonus_grant_threshold ?? BONUS_GRANT_FOUR_EYES_MINOR)) {
      const target = grantTarget(req.uid, req.offerId);
      await propose(
        trx,
        auth.actor,
        { kind: 'bonus_grant', resource: 'bonus', siteId: player.siteId, target, payload: { ...payload } },
        now,
      );
      const waiting = (await pendingProposals(trx, 'bonus_grant', [target])).get(target);
      return { claimId: null, requirementId: null, secondApproval: { commandId: waiting?.commandId ?? 0 } };
    }
    const granted = await applyGrant(ctx, trx, auth, payload, now);
    return { ...granted, secondApproval: null };
  },
});

/** A large manual grant approved by a second operator: granted then, the offer checked again. */
export const bonusGrantCommand = (ctx: AppContext): CommandHandler => ({
  resource: 'bonus',
  execute: async (trx, payload, checker, now) => {
    const grantPayload = payload as unknown as GrantPayload;
    // The grant is the maker's (they asked for it, with its reason); the checker is who approved it.
    const granted = await applyGrant(ctx, trx, checker, grantPayload, now, checker.operator.userId);
    return granted;
  },
});

export const cancel = (
  ctx: AppContext,
  auth: OperatorAuth,
  req: { requirementId: number; note: string },
): MoneyWork<{ requirementId: number; removed: number }> => ({
  run: async (trx) => {
    const found = await repo.findRequirement(trx, req.requirementId);
    if (!found) throw codedError(404, 404, 'requirement_not_found');
    assertCanAccess(auth.operator, 'write', 'bonus', { siteId: found.site_id });
    if (found.state !== 'open') throw conflict('requirement_not_open');
    const now = ctx.clock.now();
    const { removed } = await cancelRequirement(trx, ctx, {
      requirementId: req.requirementId,
      operatorId: auth.user.id,
      note: req.note,
      now,
    });
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: found.site_id,
        action: 'bonus.cancel',
        resource: 'bonus',
        recordId: req.requirementId,
        before: { state: 'open' },
        after: { state: 'cancelled', uid: Number(found.uid), removed, note: req.note },
      },
      now,
    );
    return { requirementId: req.requirementId, removed: toMoney(removed) };
  },
});

export async function heldClaims(
  ctx: AppContext,
  operator: Operator,
  page: { number: number; size: number },
  locale: string,
): Promise<Page<AdminClaim>> {
  const { rows, total } = await repo.heldClaims(
    ctx.db,
    visibleSites(operator, 'read', 'bonus'),
    page.number * page.size,
    page.size,
  );
  return pageOf(await toClaims(ctx.db, rows, locale), total, page.number, page.size);
}

export const decide = (
  ctx: AppContext,
  auth: OperatorAuth,
  req: { claimId: number; approve: boolean; note: string },
): MoneyWork<{ claimId: number; state: 'granted' | 'refused' }> => ({
  run: async (trx) => {
    const claim = await repo.findClaim(trx, req.claimId);
    if (!claim) throw codedError(404, 404, 'claim_not_found');
    assertCanAccess(auth.operator, 'write', 'bonus', { siteId: claim.site_id });
    if (claim.state !== 'held') throw conflict('claim_not_held');
    const now = ctx.clock.now();
    const state = await decideHeldClaim(trx, ctx, {
      claimId: req.claimId,
      approve: req.approve,
      operatorId: auth.user.id,
      note: req.note,
      now,
    });
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: claim.site_id,
        action: req.approve ? 'bonus.claim.approve' : 'bonus.claim.refuse',
        resource: 'bonus',
        recordId: req.claimId,
        before: { state: 'held', reason: claim.reason },
        after: { state, uid: Number(claim.uid), note: req.note },
      },
      now,
    );
    return { claimId: req.claimId, state };
  },
});

// ---- report

type Minor = Omit<BonusFigures, 'cost' | 'conversion'>;
const ZERO: Minor = { granted: 0, released: 0, capped: 0, expired: 0, forfeited: 0, cancelled: 0 };

/** cost and conversion from the sums (minor units), then money as the wallet's decimals. */
const answered = (f: Minor): BonusFigures => ({
  granted: toMoney(f.granted),
  released: toMoney(f.released),
  capped: toMoney(f.capped),
  expired: toMoney(f.expired),
  forfeited: toMoney(f.forfeited),
  cancelled: toMoney(f.cancelled),
  cost: toMoney(f.granted - f.capped - f.expired - f.forfeited - f.cancelled),
  conversion: f.granted === 0 ? null : Math.round((f.released / f.granted) * 10_000) / 10_000,
});

const add = (a: Minor, b: Minor): Minor => ({
  granted: a.granted + b.granted,
  released: a.released + b.released,
  capped: a.capped + b.capped,
  expired: a.expired + b.expired,
  forfeited: a.forfeited + b.forfeited,
  cancelled: a.cancelled + b.cancelled,
});

/**
 * A site's bonus figures per business day (in the site's zone, decision 0033) and offer: the sums of the
 * bonuses module's postings for its players. A grant is money leaving `sys:bonuses`, so its sum is negated.
 */
export async function bonusReport(
  ctx: AppContext,
  operator: Operator,
  req: { site: string; from?: Day | undefined; to?: Day | undefined },
  locale: string,
): Promise<BonusReport> {
  const site = await siteByDomain(ctx, req.site);
  if (!site) throw fieldError('site', 'site_not_found');
  assertCanAccess(operator, 'read', 'bonus', { siteId: site.id });
  const timeZone = await siteTimeZone(ctx, site.id);
  const to = req.to ?? businessDay(ctx.clock.now(), timeZone);
  const from = req.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS);
  const days = daysBetween(from, to).map((day) => ({ day, end: dayStartMs(addDays(day, 1), timeZone) }));
  const span = { start: dayStartMs(from, timeZone), end: days.at(-1)?.end ?? 0, days };
  const postings = await repo.postingsByDay(ctx.db, site.id, span);

  const byDayOffer = new Map<string, { day: Day; offerId: number; figures: Minor }>();
  for (const p of postings) {
    const key = `${p.day}|${p.offerId}`;
    const row = byDayOffer.get(key) ?? { day: p.day, offerId: p.offerId, figures: { ...ZERO } };
    const figure = repo.POSTING_FIGURES[p.type];
    row.figures[figure] += p.type === 'bonus_grant' ? -p.amount : p.amount;
    byDayOffer.set(key, row);
  }
  const rows = [...byDayOffer.values()].sort((a, b) => a.day.localeCompare(b.day) || a.offerId - b.offerId);
  const offerIds = [...new Set(rows.map((r) => r.offerId))].sort((a, b) => a - b);
  const titles = await repo.titlesOf(ctx.db, await repo.offerVersions(ctx.db, offerIds), locale);
  const title = (id: number) => titles.get(id) ?? '';
  const perOffer = new Map<number, Minor>();
  for (const r of rows) perOffer.set(r.offerId, add(perOffer.get(r.offerId) ?? ZERO, r.figures));
  return {
    site: site.domain,
    timeZone,
    from,
    to,
    rows: rows.map((r) => ({
      day: r.day,
      offerId: r.offerId,
      title: title(r.offerId),
      ...answered(r.figures),
    })),
    offers: offerIds.map((id) => ({ offerId: id, title: title(id), ...answered(perOffer.get(id) ?? ZERO) })),
    totals: answered(rows.reduce((sum, r) => add(sum, r.figures), ZERO)),
  };
}
