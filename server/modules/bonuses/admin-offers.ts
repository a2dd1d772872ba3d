import type { z } from 'zod/mini';
import type {
  AdminOffer,
  AdminOfferDetail,
  OfferVersion,
  offerCreateRequestSchema,
  offerEditRequestSchema,
} from '#contract/admin/bonuses';
import type { OfferKind } from '#contract/bonuses';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import type { Page } from '#contract/paging';
import { toMinor, toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { codedError, conflict, fieldError } from '../../http/envelope';
import { pageOf } from '../../http/page';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import { siteByDomain, siteDomains } from '../site/service';
import * as repo from './admin-repository';
import { findOffer, insertOffer, insertVersion, type OfferRow, type OfferSpec } from './repository';
import type { OfferState } from './tables';

/*
 * The console's offers (issue 33, decision 0052). Offers are per site (or every site) and versioned: an edit
 * writes version N+1 with its contributions and texts, and moves the offer's pointer only if it is still at
 * N, so two edits at once never write over one another and no version a player accepted is rewritten. Every
 * change is audited in its own transaction.
 */

type CreateRequest = z.output<typeof offerCreateRequestSchema>;
type EditRequest = z.output<typeof offerEditRequestSchema>;
type Terms = Omit<EditRequest, 'id'>;

/** Deposit match and reload grant on a deposit the player could withdraw at once: forfeited by default. */
const FORFEITS_BY_DEFAULT: readonly OfferKind[] = ['deposit_match', 'reload'];

const orNull = (v: number | null): number | null => (v === null ? null : toMinor(v));
const moneyOrNull = (v: number | null): number | null => (v === null ? null : toMoney(v));

async function toAdminOffers(ctx: AppContext, rows: OfferRow[], locale: string): Promise<AdminOffer[]> {
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

async function offerOrThrow(db: Db, id: number): Promise<OfferRow> {
  const offer = await findOffer(db, id);
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

async function detailOf(ctx: AppContext, offer: OfferRow, locale: string): Promise<AdminOfferDetail> {
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

/** A version as the module writes one (repository.ts) */
type VersionSpec = Pick<OfferSpec, 'version' | 'contributions' | 'texts'>;

/** A version's terms as stored, after checking what the contract cannot: the channels and the agent exist. */
async function versionSpec(ctx: AppContext, terms: Terms, by: number, now: number): Promise<VersionSpec> {
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
    return text ? [[locale, { title: text.title, terms: text.terms }] as const] : [];
  });
  return {
    version: {
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
    // The contract refuses a channel listed twice.
    contributions: Object.fromEntries(terms.contributions.map((c) => [c.channel, c.percent])),
    texts: Object.fromEntries(texts),
  };
}

/** What the audit log keeps of a version: its terms as written (money in minor units, as stored). */
const audited = (spec: VersionSpec) => ({
  ...spec.version,
  contributions: spec.contributions,
  texts: spec.texts,
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
  const spec = await versionSpec(ctx, req, auth.user.id, now);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const offerId = await insertOffer(trx, {
      offer: {
        site_id: siteId,
        kind: req.kind,
        welcome: req.welcome ? 1 : 0,
        state: 'active',
        budget: orNull(req.budget),
        created_at: now,
        updated_at: now,
      },
      ...spec,
    });
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId,
        action: 'bonus.offer.create',
        resource: 'bonus',
        recordId: offerId,
        after: {
          kind: req.kind,
          welcome: req.welcome,
          budget: orNull(req.budget),
          version: 1,
          ...audited(spec),
        },
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
  const spec = await versionSpec(ctx, req, auth.user.id, now);
  await ctx.db.transaction().execute(async (trx) => {
    // The pointer moves first, conditionally: an edit that raced another (or a grant past the new budget)
    // finds it moved and writes no version.
    if (!(await repo.advanceVersion(trx, offer.id, offer.version, budget, now))) {
      const now2 = await findOffer(trx, offer.id);
      if (now2?.state === 'ended') throw conflict('offer_ended');
      if (budget !== null && now2 && Number(now2.granted) > budget)
        throw fieldError('budget', 'offer_budget_below_granted');
      throw conflict('offer_state_invalid');
    }
    await insertVersion(trx, offer.id, offer.version + 1, spec);
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: offer.site_id,
        action: 'bonus.offer.edit',
        resource: 'bonus',
        recordId: offer.id,
        before: { version: offer.version, budget: offer.budget },
        after: { budget, version: offer.version + 1, ...audited(spec) },
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
