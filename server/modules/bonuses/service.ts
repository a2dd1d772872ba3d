import { createHash } from 'node:crypto';
import type { BonusClaimAnswer, BonusMine, BonusOffer, BonusOffersRequest, Forfeit } from '#contract/bonuses';
import { type ForfeitConsent, toMinor } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { conflict } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import { type Authenticated, userTimeZone } from '../auth/service';
import { accountBalance, ensureUserAccounts, requirementAccount, userAccount } from '../ledger/service';
import { type GrantResult, grant, payHeld, type Signal, signalsOf } from './grants';
import {
  AUTO_KINDS,
  CLAIM_KINDS,
  DEPOSIT_KINDS,
  ineligible,
  matchesDeposit,
  type Player,
  playerOf,
  toBonusOffer,
  toRequirements,
} from './offers';
import { endWithLoss } from './play';
import * as repo from './repository';

/*
 * The bonuses module's public face (decision 0052). Games calls the play functions re-exported below inside its
 * money transactions; payments tells of a deposit's opt-in and completion; the wallet asks what a withdrawal
 * forfeits; the console grants, cancels and decides held claims. Nothing outside reads the module's tables.
 */

export { BONUS_POSTING_TYPES } from './admin-repository';
export {
  countValidBet,
  type Funds,
  fundsOf,
  playableOf,
  releaseMet,
  requirementsMovedBy,
  stakeLegs,
  sweepEnded,
  takeBackTurnover,
  winLegs,
} from './play';

/** History entries a player sees. */
const HISTORY_LIMIT = 50;

async function currentVersion(db: Db, offer: repo.OfferRow): Promise<repo.VersionRow> {
  const version = await repo.findVersion(db, offer.id, offer.version);
  if (!version) throw new Error(`bonuses: offer ${offer.id} has no version ${offer.version}`);
  return version;
}

const mustPlayer = async (db: Db, userId: number): Promise<Player> => {
  const player = await playerOf(db, userId);
  if (!player) throw new Error(`bonuses: no user ${userId}`);
  return player;
};

// ---- the player's calls

/** The offers open to the caller: those taken by claim not claimed yet, and with `deposit` those it would get. */
export async function offersFor(
  ctx: AppContext,
  auth: Authenticated,
  req: BonusOffersRequest,
  locale: string,
  completedDeposits: number,
): Promise<BonusOffer[]> {
  const now = ctx.clock.now();
  const player = await mustPlayer(ctx.db, auth.user.id);
  const answer: BonusOffer[] = [];
  for (const offer of await repo.activeOffers(ctx.db, player.siteId)) {
    const version = await currentVersion(ctx.db, offer);
    if (await ineligible(ctx.db, offer, version, player, now)) continue;
    if (CLAIM_KINDS.includes(offer.kind)) {
      if (await repo.findLiveClaim(ctx.db, offer.id, player.id, '')) continue;
    } else if (DEPOSIT_KINDS.includes(offer.kind)) {
      const nth = completedDeposits + 1;
      if (req.deposit !== undefined && !matchesDeposit(offer, version, toMinor(req.deposit), nth)) continue;
      if (req.deposit === undefined && offer.kind === 'first_deposit' && nth !== 1) continue;
      if (offer.welcome === 1 && (await welcomeTaken(ctx.db, offer, player.id))) continue;
    } else if (!AUTO_KINDS.includes(offer.kind) || req.deposit !== undefined) continue;
    answer.push(await toBonusOffer(ctx.db, offer, version, locale));
  }
  return answer;
}

/** Whether the player's own signals already hold a claim of this welcome offer's family. */
async function welcomeTaken(db: Db, offer: repo.OfferRow, userId: number): Promise<boolean> {
  return (await repo.findLiveClaim(db, offer.id, userId, '')) !== undefined;
}

export async function mine(ctx: AppContext, auth: Authenticated, locale: string): Promise<BonusMine> {
  const { active, history } = await requirementsOf(ctx.db, auth.user.id, locale);
  return { active, history };
}

export async function requirementsOf(db: Db, userId: number, locale: string) {
  const { open, ended } = await repo.requirementsOfUser(db, userId, HISTORY_LIMIT);
  return { active: await toRequirements(db, open, locale), history: await toRequirements(db, ended, locale) };
}

const answerOf = async (db: Db, result: GrantResult, locale: string): Promise<BonusClaimAnswer> => {
  if (result.state === 'claimed') throw conflict('bonus_claimed');
  if (result.state !== 'granted') return { state: result.state, reason: result.reason, requirement: null };
  const row =
    result.requirementId === null ? undefined : await repo.findRequirement(db, result.requirementId);
  const [requirement] = row ? await toRequirements(db, [row], locale) : [];
  return { state: 'granted', reason: null, requirement: requirement ?? null };
};

/** An offer taken by claim, once (idempotentCall): its version must be the one the player read. */
export function claim(
  ctx: AppContext,
  auth: Authenticated,
  req: { offerId: number; version: number },
  client: { ip: string; device: string | undefined },
  locale: string,
): MoneyWork<BonusClaimAnswer> {
  return {
    run: async (trx) => {
      const now = ctx.clock.now();
      const userId = auth.user.id;
      const offer = await repo.findOffer(trx, req.offerId);
      if (!offer || !CLAIM_KINDS.includes(offer.kind)) throw conflict('offer_unavailable');
      if (offer.version !== req.version) throw conflict('offer_changed');
      const version = await currentVersion(trx, offer);
      if (await ineligible(trx, offer, version, await mustPlayer(trx, userId), now))
        throw conflict('offer_unavailable');
      await ensureUserAccounts(trx, userId, now);
      const result = await grant(trx, {
        offer,
        version,
        userId,
        period: '',
        base: 0,
        signals: [...(await signalsOf(trx, userId)), ...clientSignals(client)],
        timeZone: await userTimeZone(ctx, userId, trx),
        now,
      });
      return answerOf(trx, result, locale);
    },
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The request's address and device, hashed as the agent programme hashes what it records (signals.ts). */
function clientSignals(client: { ip: string; device: string | undefined }): Signal[] {
  const out: Signal[] = [];
  const ip = client.ip.trim();
  if (ip) out.push({ kind: 'address', hash: sha256(ip) });
  const device = client.device?.trim();
  if (device && device.length <= 128) out.push({ kind: 'device', hash: sha256(device) });
  return out;
}

// ---- deposits (payments calls these)

/**
 * Checks a deposit's opt-in when the order is made: the offer must be one this deposit gets, at the version the
 * player read. 409 `offer_unavailable` / `offer_changed`.
 */
export async function checkDepositOptIn(
  db: Db,
  userId: number,
  optIn: { id: number; version: number },
  amount: number,
  completedDeposits: number,
  now: number,
): Promise<void> {
  const offer = await repo.findOffer(db, optIn.id);
  if (!offer) throw conflict('offer_unavailable');
  if (offer.version !== optIn.version) throw conflict('offer_changed');
  const version = await currentVersion(db, offer);
  const player = await mustPlayer(db, userId);
  if (
    (await ineligible(db, offer, version, player, now)) ||
    !matchesDeposit(offer, version, amount, completedDeposits + 1)
  )
    throw conflict('offer_unavailable');
}

/**
 * A deposit completed (in the crediting transaction, after the money reached withdrawable): the offer it opted
 * in to is granted if it still applies (else the refusal is recorded), and under the site's deposit turnover
 * the deposit itself moves into a requirement of its own. `nth`: this deposit's rank among the completed ones.
 */
export async function depositCompleted(
  trx: Db,
  ctx: AppContext,
  deposit: {
    userId: number;
    orderNo: string;
    amount: number;
    nth: number;
    optIn: { id: number; version: number } | null;
    now: number;
  },
): Promise<void> {
  const { userId, now } = deposit;
  const player = await mustPlayer(trx, userId);
  const timeZone = await userTimeZone(ctx, userId, trx);
  if (deposit.optIn) {
    const offer = await repo.findOffer(trx, deposit.optIn.id);
    const version = offer && (await repo.findVersion(trx, offer.id, deposit.optIn.version));
    if (offer && version) {
      const why =
        (await ineligible(trx, offer, version, player, now)) ??
        (matchesDeposit(offer, version, deposit.amount, deposit.nth) ? undefined : 'offer_unavailable');
      if (why)
        await repo.insertClaim(trx, {
          offer_id: offer.id,
          version: version.version,
          user_id: userId,
          period: deposit.orderNo,
          state: 'refused',
          reason: why,
          amount: 0,
          base: deposit.amount,
          note: null,
          operator_id: null,
          created_at: now,
          decided_at: now,
        });
      else
        await grant(trx, {
          offer,
          version,
          userId,
          // A welcome offer is once per person; another deposit offer once per deposit.
          period: offer.welcome === 1 ? '' : deposit.orderNo,
          base: deposit.amount,
          signals: offer.welcome === 1 ? await signalsOf(trx, userId) : [],
          timeZone,
          now,
        });
    }
  }
  for (const offer of await repo.activeOffers(trx, player.siteId)) {
    if (offer.kind !== 'deposit_turnover') continue;
    const version = await currentVersion(trx, offer);
    await grant(trx, {
      offer,
      version,
      userId,
      period: deposit.orderNo,
      base: deposit.amount,
      timeZone,
      now,
    });
    break;
  }
}

// ---- withdrawals (the wallet calls these)

/** The open requirements a withdrawal now would forfeit, with what each holds (none holding money: none). */
export async function forfeitsOf(db: Db, userId: number, locale: string): Promise<Forfeit[]> {
  const { open } = await repo.requirementsOfUser(db, userId, 0);
  const views = await toRequirements(
    db,
    open.filter((r) => r.forfeits_on_withdrawal === 1),
    locale,
  );
  return views
    .filter((v) => v.balance > 0)
    .map((v) => ({ requirementId: v.id, title: v.title, amount: v.balance }));
}

/**
 * Inside a withdrawal's money transaction, before its hold: forfeits each open requirement that forfeits on
 * withdrawal and holds money, if the player consented to exactly it for at least what it holds now. 409
 * `bonus_forfeit_required` with no consent, `bonus_forfeit_changed` when the consent does not cover them.
 */
export async function forfeitForWithdrawal(
  trx: Db,
  userId: number,
  consents: readonly ForfeitConsent[] | undefined,
  now: number,
): Promise<number> {
  await accountBalance(trx, userAccount(userId, 'main'), { lock: true });
  const { open } = await repo.requirementsOfUser(trx, userId, 0);
  const due: { id: number; balance: number }[] = [];
  for (const r of open.filter((x) => x.forfeits_on_withdrawal === 1)) {
    const balance = await accountBalance(trx, requirementAccount(userId, r.id), { lock: true });
    if (balance > 0) due.push({ id: r.id, balance });
  }
  if (due.length === 0) return 0;
  if (!consents || consents.length === 0) throw conflict('bonus_forfeit_required');
  const covered = due.every((d) => {
    const consent = consents.find((c) => c.requirementId === d.id);
    return consent !== undefined && toMinor(consent.amount) >= d.balance;
  });
  if (!covered) throw conflict('bonus_forfeit_changed');
  let removed = 0;
  for (const d of due) removed += (await endWithLoss(trx, userId, d.id, 'forfeit', now)) ?? 0;
  return removed;
}

// ---- the console (admin.ts calls these)

/** A manual grant of `amount` under an offer's current terms, once per `key`. */
export async function grantManual(
  trx: Db,
  ctx: AppContext,
  input: {
    offerId: number;
    userId: number;
    amount: number;
    note: string;
    operatorId: number;
    key: string;
    now: number;
  },
): Promise<{ claimId: number; requirementId: number | null }> {
  const offer = await repo.findOffer(trx, input.offerId);
  if (!offer || offer.state === 'ended' || offer.kind === 'deposit_turnover')
    throw conflict('offer_unavailable');
  const version = await currentVersion(trx, offer);
  await ensureUserAccounts(trx, input.userId, input.now);
  const result = await grant(trx, {
    offer,
    version,
    userId: input.userId,
    // A key may be as long as an idempotency key (100): the period column holds its digest.
    period: `manual:${sha256(input.key).slice(0, 32)}`,
    base: 0,
    amount: input.amount,
    operatorId: input.operatorId,
    note: input.note,
    timeZone: await userTimeZone(ctx, input.userId, trx),
    now: input.now,
  });
  if (result.state === 'claimed') {
    // The same key again: the first grant's answer.
    return {
      claimId: result.claimId,
      requirementId: (await repo.requirementOfClaim(trx, result.claimId)) ?? null,
    };
  }
  if (result.state !== 'granted') throw conflict('offer_budget_exhausted');
  return { claimId: result.claimId, requirementId: result.requirementId };
}

/** Cancels an open requirement: what it holds goes back to the bonuses account. */
export async function cancelRequirement(
  trx: Db,
  _ctx: AppContext,
  input: { requirementId: number; operatorId: number; note: string; now: number },
): Promise<{ removed: number }> {
  const requirement = await repo.findRequirement(trx, input.requirementId);
  if (!requirement) throw conflict('requirement_not_open');
  await accountBalance(trx, userAccount(requirement.user_id, 'main'), { lock: true });
  const removed = await endWithLoss(trx, requirement.user_id, requirement.id, 'cancel', input.now);
  if (removed === undefined) throw conflict('requirement_not_open');
  return { removed };
}

/** An operator's decision on a held claim: approved, it is paid now (if the budget still allows). */
export async function decideHeldClaim(
  trx: Db,
  ctx: AppContext,
  input: { claimId: number; approve: boolean; operatorId: number; note: string; now: number },
): Promise<'granted' | 'refused'> {
  const claimRow = await repo.findClaim(trx, input.claimId);
  if (claimRow?.state !== 'held') throw conflict('state_changed');
  if (!input.approve) {
    if (
      !(await repo.setClaimState(trx, claimRow.id, 'held', 'refused', {
        note: input.note,
        operator_id: input.operatorId,
        decided_at: input.now,
      }))
    )
      throw conflict('state_changed');
    return 'refused';
  }
  const offer = await repo.findOffer(trx, claimRow.offer_id);
  const version = offer && (await repo.findVersion(trx, offer.id, claimRow.version));
  if (!offer || !version) throw conflict('offer_unavailable');
  await ensureUserAccounts(trx, claimRow.user_id, input.now);
  const result = await payHeld(
    trx,
    claimRow,
    offer,
    version,
    await userTimeZone(ctx, claimRow.user_id, trx),
    input.now,
  );
  await repo.noteClaim(trx, claimRow.id, input.note, input.operatorId);
  return result.state === 'granted' ? 'granted' : 'refused';
}
