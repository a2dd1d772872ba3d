import type { BonusOffer, OfferKind, Requirement } from '#contract/bonuses';
import { toMoney } from '#contract/wallet';
import type { Db } from '../../db/create-db';
import { gameChannels, requirementAccount, sumsByType } from '../ledger/service';
import * as repo from './repository';

/*
 * Offers and requirements as a player reads them (decision 0052): every rule of the version they would take,
 * in their language (the offer's text in it, else en-US, else any), and who may take it.
 */

/** The kinds a player takes with a deposit, and the ones claimed from the Bonuses page. */
export const DEPOSIT_KINDS: readonly OfferKind[] = ['deposit_match', 'first_deposit', 'reload'];
export const CLAIM_KINDS: readonly OfferKind[] = ['registration'];
/** The kinds paid when due, by the bonuses worker (decision 0053); the VIP ones at the level's amount. */
export const AUTO_KINDS: readonly OfferKind[] = ['cashback', 'vip_birthday', 'vip_monthly'];
const VIP_KINDS: readonly OfferKind[] = ['vip_birthday', 'vip_monthly'];

/** "New players only": registered within this many days. */
export const NEW_PLAYER_DAYS = 30;
const DAY_MS = 86_400_000;

export interface Player {
  id: number;
  siteId: number | null;
  level: number;
  createdAt: number;
}

export async function playerOf(db: Db, userId: number): Promise<Player | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'site_id', 'level', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { id: row.id, siteId: row.site_id, level: row.level, createdAt: row.created_at };
}

/** Whether the player is in this agent's team (the agent programme's tree, read as data). */
async function inTeam(db: Db, agentId: number, userId: number): Promise<boolean> {
  if (agentId === userId) return false;
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why an offer's version is not open to a player now (undefined: it is). */
export async function ineligible(
  db: Db,
  offer: repo.OfferRow,
  version: repo.VersionRow,
  player: Player,
  now: number,
): Promise<string | undefined> {
  if (offer.state !== 'active') return 'offer_unavailable';
  if (offer.site_id !== null && offer.site_id !== player.siteId) return 'offer_unavailable';
  if (player.level < version.min_level) return 'offer_unavailable';
  if (version.new_players_only === 1 && now - player.createdAt > NEW_PLAYER_DAYS * DAY_MS)
    return 'offer_unavailable';
  if (version.agent_team !== null && !(await inTeam(db, version.agent_team, player.id)))
    return 'offer_unavailable';
  if (offer.budget !== null && offer.granted >= offer.budget) return 'offer_unavailable';
  return undefined;
}

/** Whether a deposit of `amount`, the player's `nth` completed one, is what this version matches. */
export function matchesDeposit(
  offer: repo.OfferRow,
  version: repo.VersionRow,
  amount: number,
  nth: number,
): boolean {
  if (!DEPOSIT_KINDS.includes(offer.kind)) return false;
  if (version.min_deposit !== null && amount < version.min_deposit) return false;
  if (offer.kind === 'first_deposit') return nth === 1;
  if (offer.kind === 'reload') return nth === (version.nth_deposit ?? 2);
  return true;
}

const pick = <T extends { locale: string }>(rows: readonly T[], locale: string): T | undefined =>
  rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en-US') ?? rows[0];

export async function toBonusOffer(
  db: Db,
  offer: repo.OfferRow,
  version: repo.VersionRow,
  locale: string,
): Promise<BonusOffer> {
  const [texts, contributions, channels] = await Promise.all([
    repo.textsOf(db, offer.id, version.version),
    repo.contributionsOf(db, offer.id, version.version),
    gameChannels(db, locale),
  ]);
  const text = pick(texts, locale);
  const money = (v: number | null) => (v === null ? null : toMoney(v));
  return {
    id: offer.id,
    version: version.version,
    kind: offer.kind,
    takenBy: DEPOSIT_KINDS.includes(offer.kind)
      ? 'deposit'
      : AUTO_KINDS.includes(offer.kind)
        ? 'auto'
        : 'claim',
    title: text?.title ?? '',
    terms: text?.terms ?? '',
    percent: version.percent,
    amount: VIP_KINDS.includes(offer.kind) ? null : money(version.amount),
    minDeposit: money(version.min_deposit),
    maxBonus: money(version.max_bonus),
    nthDeposit: version.nth_deposit,
    turnoverMultiplier: version.turnover_multiplier,
    turnoverBase: version.turnover_base,
    maxBet: money(version.max_bet),
    maxConversion: money(version.max_conversion),
    validityDays: version.validity_days,
    forfeitsOnWithdrawal: version.forfeits_on_withdrawal === 1,
    contributions: channels
      .filter((c) => contributions.some((x) => x.channel_code === c.code))
      .map((c) => ({
        channel: c.code,
        name: c.name,
        percent: contributions.find((x) => x.channel_code === c.code)?.percent ?? 0,
      })),
  };
}

/** What a player's requirements show: their money now, what became withdrawable and what was removed. */
export async function toRequirements(
  db: Db,
  rows: readonly repo.RequirementRow[],
  locale: string,
): Promise<Requirement[]> {
  const codes = rows.map((r) => requirementAccount(r.user_id, r.id));
  const sums = await sumsByType(db, codes);
  const titles = new Map<string, string>();
  for (const r of rows) {
    const key = `${r.offer_id}:${r.version}`;
    if (!titles.has(key))
      titles.set(key, pick(await repo.textsOf(db, r.offer_id, r.version), locale)?.title ?? '');
  }
  return rows.map((r, i) => {
    const mine = sums.filter((s) => s.account === codes[i]);
    const sum = (types: readonly string[]) =>
      -mine.filter((s) => types.includes(s.type)).reduce((total, s) => total + s.amount, 0);
    const balance = mine.reduce((total, s) => total + s.amount, 0);
    return {
      id: r.id,
      offerId: r.offer_id,
      kind: r.kind,
      title: titles.get(`${r.offer_id}:${r.version}`) ?? '',
      state: r.state,
      amount: toMoney(r.amount),
      balance: toMoney(balance),
      required: toMoney(r.required),
      wagered: toMoney(r.wagered),
      maxBet: r.max_bet === null ? null : toMoney(r.max_bet),
      maxConversion: r.max_conversion === null ? null : toMoney(r.max_conversion),
      forfeitsOnWithdrawal: r.forfeits_on_withdrawal === 1,
      grantedAt: r.granted_at,
      expiresAt: r.expires_at,
      endedAt: r.ended_at,
      released: toMoney(sum(['bonus_release'])),
      removed: toMoney(sum(['bonus_cap', 'bonus_expire', 'bonus_forfeit', 'bonus_cancel'])),
    };
  });
}
