import { createHash } from 'node:crypto';
import {
  type AdminClaim,
  BONUS_GRANT_FOUR_EYES_MINOR,
  type BonusGrantAnswer,
  type UserBonuses,
} from '#contract/admin/bonuses';
import type { Page } from '#contract/paging';
import { toMinor, toMoney } from '#contract/wallet';
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
import { fourEyesThresholds } from '../site/service';
import * as repo from './admin-repository';
import { findOffer } from './repository';
import { cancelRequirement, decideHeldClaim, grantManual, requirementsOf } from './service';

/*
 * A player's bonuses in the console (issue 33, decision 0052): what they have, manual grants, cancellations
 * and held claims. A player's money moves only through the bonuses service (grantManual, cancelRequirement,
 * decideHeldClaim), inside the idempotent money call's transaction; a manual grant above the player's site's
 * threshold (bonus_grant_threshold) waits for a second operator (a four-eyes `bonus_grant` command, whose
 * handler the registry hands to the operators module). Every change is audited in its transaction.
 */

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
  const offer = await findOffer(db, offerId);
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
