import { type Selectable, sql } from 'kysely';
import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';
import type { OfferRow } from './repository';
import type { BonusOfferVersionsTable, OfferState } from './tables';

/*
 * The console's SQL over the bonuses tables (admin-offers.ts, admin-players.ts and admin-report.ts have the
 * rules). Offers are written by repository.ts's insertOffer and insertVersion, the one way the module writes
 * one (the demo seed and the tests too): an edit is a new version, so what a player accepted is never
 * rewritten.
 */

/** Offers of these sites (null: every offer; platform-wide offers only then). */
export type Sites = readonly number[] | null;

const ofSites = (sites: readonly number[]) => (sites.length > 0 ? [...sites] : [-1]);

export async function listOffers(
  db: Db,
  sites: Sites,
  state: OfferState | undefined,
  offset: number,
  size: number,
): Promise<{ rows: OfferRow[]; total: number }> {
  let query = db.selectFrom('bonus_offers');
  if (sites !== null) query = query.where('site_id', 'in', ofSites(sites));
  if (state) query = query.where('state', '=', state);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query.selectAll().orderBy('id', 'desc').limit(size).offset(offset).execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Each offer's title at a version (one query): the language asked, else English, else any written. */
export async function titlesOf(
  db: Db,
  offers: readonly { id: number; version: number }[],
  locale: string,
): Promise<Map<number, string>> {
  if (offers.length === 0) return new Map();
  const rows = await db
    .selectFrom('bonus_offer_texts')
    .select(['offer_id', 'version', 'locale', 'title'])
    .where(
      'offer_id',
      'in',
      offers.map((o) => o.id),
    )
    .execute();
  const wanted = new Map(offers.map((o) => [o.id, o.version]));
  const rank = (l: string) => (l === locale ? 0 : l === 'en-US' ? 1 : 2);
  const best = new Map<number, { rank: number; title: string }>();
  for (const r of rows) {
    if (wanted.get(r.offer_id) !== r.version) continue;
    const had = best.get(r.offer_id);
    if (!had || rank(r.locale) < had.rank) best.set(r.offer_id, { rank: rank(r.locale), title: r.title });
  }
  return new Map([...best].map(([id, b]) => [id, b.title]));
}

export interface VersionRows {
  version: Selectable<BonusOfferVersionsTable>;
  contributions: { channel: string; percent: number }[];
  texts: { locale: string; title: string; terms: string }[];
}

/** Every version of an offer with its contributions and texts, newest first. */
export async function versionsOf(db: Db, offerId: number): Promise<VersionRows[]> {
  const [versions, contributions, texts] = await Promise.all([
    db
      .selectFrom('bonus_offer_versions')
      .selectAll()
      .where('offer_id', '=', offerId)
      .orderBy('version', 'desc')
      .execute(),
    db
      .selectFrom('bonus_offer_contributions')
      .select(['version', 'channel_code', 'percent'])
      .where('offer_id', '=', offerId)
      .orderBy('channel_code')
      .execute(),
    db
      .selectFrom('bonus_offer_texts')
      .select(['version', 'locale', 'title', 'terms'])
      .where('offer_id', '=', offerId)
      .orderBy('locale')
      .execute(),
  ]);
  return versions.map((version) => ({
    version,
    contributions: contributions
      .filter((c) => c.version === version.version)
      .map((c) => ({ channel: c.channel_code, percent: c.percent })),
    texts: texts
      .filter((t) => t.version === version.version)
      .map((t) => ({ locale: t.locale, title: t.title, terms: t.terms })),
  }));
}

/**
 * Moves the offer to its next version, if it is still at `from` (two edits at once: the second finds the
 * version moved and writes nothing). False when it was not.
 */
export async function advanceVersion(
  trx: Db,
  id: number,
  from: number,
  budget: number | null,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('bonus_offers')
    .set({ version: from + 1, budget, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', from)
    .where('state', '<>', 'ended')
    .where((eb) => (budget === null ? eb.lit(true) : eb('granted', '<=', budget)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the offer between states, if it is in one of `from`; false when it was not. */
export async function moveOffer(
  trx: Db,
  id: number,
  from: readonly OfferState[],
  to: OfferState,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('bonus_offers')
    .set({ state: to, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The codes of these channels that exist. */
export async function existingChannels(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('game_channels')
    .select('code')
    .where('code', 'in', [...codes])
    .execute();
  return new Set(rows.map((r) => r.code));
}

export const userByUid = (db: Db, uid: number) =>
  db.selectFrom('users').select(['id', 'uid', 'site_id']).where('uid', '=', uid).executeTakeFirst();

export async function uidsOf(db: Db, ids: readonly (number | null)[]): Promise<Map<number, number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'uid']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.uid)]));
}

const claimColumns = [
  'c.id',
  'c.offer_id',
  'c.version',
  'c.user_id',
  'c.period',
  'c.state',
  'c.reason',
  'c.amount',
  'c.base',
  'c.note',
  'c.operator_id',
  'c.created_at',
  'c.decided_at',
  'u.uid',
  'u.site_id',
] as const;

export const claimsOfUser = (db: Db, userId: number, limit: number) =>
  db
    .selectFrom('bonus_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(claimColumns)
    .where('c.user_id', '=', userId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();

export type ClaimRow = Awaited<ReturnType<typeof claimsOfUser>>[number];

/** Held claims of players of these sites (null: every player), oldest first. */
export async function heldClaims(
  db: Db,
  sites: Sites,
  offset: number,
  size: number,
): Promise<{ rows: ClaimRow[]; total: number }> {
  let query = db
    .selectFrom('bonus_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where('c.state', '=', 'held');
  if (sites !== null) query = query.where('u.site_id', 'in', ofSites(sites));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query.select(claimColumns).orderBy('c.id').limit(size).offset(offset).execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export const findClaim = (db: Db, id: number) =>
  db
    .selectFrom('bonus_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(claimColumns)
    .where('c.id', '=', id)
    .executeTakeFirst();

export const findRequirement = (db: Db, id: number) =>
  db
    .selectFrom('bonus_requirements as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.offer_id', 'r.state', 'u.uid', 'u.site_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();

/** The bonuses module's posting types, and what the report calls each. */
export const POSTING_FIGURES = {
  bonus_grant: 'granted',
  bonus_release: 'released',
  bonus_cap: 'capped',
  bonus_expire: 'expired',
  bonus_forfeit: 'forfeited',
  bonus_cancel: 'cancelled',
} as const;
export type PostingType = keyof typeof POSTING_FIGURES;

/** Every transaction type the bonuses module posts: the figures' and a late return's (below). */
export const BONUS_POSTING_TYPES: readonly string[] = [...Object.keys(POSTING_FIGURES), 'bonus_late'];

/**
 * Money that came back to an ended requirement (a rollback of a bet it paid) and was swept on
 * (`bonus:late:<requirement>`): to withdrawable for a released one, else to the bonuses account. It counts
 * with what its requirement ended as.
 */
const LATE_FIGURES: Partial<Record<string, PostingType>> = {
  released: 'bonus_release',
  expired: 'bonus_expire',
  forfeited: 'bonus_forfeit',
  cancelled: 'bonus_cancel',
};

export interface ReportSpan {
  start: number;
  end: number;
  days: readonly { day: Day; end: number }[];
}

/**
 * The bonuses module's postings of players of a site over a span, summed per business day, offer and
 * type. A posting's ref is `bonus:grant:<claim id>` or `bonus:<kind>:<requirement id>`, its type's words
 * with colons, so the id starts at length(type) + 2 for every type. Its amount: what moved on the
 * `sys:bonuses` account (negative for a grant, money leaving it), except a release, which moves a
 * requirement's money to the player's withdrawable account without touching it: what that account received.
 * A late return (`bonus_late`) counts with what its requirement ended as. The day is a CASE over the span's day ends (computed in the site's zone), so neither dialect does time-zone
 * arithmetic.
 */
export async function postingsByDay(
  db: Db,
  siteId: number,
  span: ReportSpan,
): Promise<{ day: Day; offerId: number; type: PostingType; amount: number }[]> {
  if (span.days.length === 0) return [];
  const dayOf = sql<Day>`case ${sql.join(
    span.days.map((d) => sql`when t.created_at < ${d.end} then ${d.day}`),
    sql` `,
  )} end`;
  const result = await sql<{
    day: Day;
    offer_id: number;
    type: string;
    state: string | null;
    amount: number | string;
  }>`
    select x.day, x.offer_id, x.type, x.state, sum(x.amount) as amount from (
      select ${dayOf} as day, coalesce(c.offer_id, r.offer_id) as offer_id, t.type as type, r.state as state,
        case
          when t.type = 'bonus_release' or (t.type = 'bonus_late' and r.state = 'released') then
            case when a.kind not in ('system', 'requirement') and e.amount > 0 then e.amount else 0 end
          when a.code = 'sys:bonuses' then e.amount
          else 0
        end as amount
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      left join bonus_claims c
        on t.type = 'bonus_grant' and c.id = cast(substr(t.ref, length(t.type) + 2) as bigint)
      left join bonus_requirements r
        on t.type <> 'bonus_grant' and r.id = cast(substr(t.ref, length(t.type) + 2) as bigint)
      join users u on u.id = coalesce(c.user_id, r.user_id)
      where t.type in (${sql.join(BONUS_POSTING_TYPES)})
        and t.created_at >= ${span.start} and t.created_at < ${span.end}
        and u.site_id = ${siteId}
    ) x
    group by x.day, x.offer_id, x.type, x.state
  `.execute(db);
  return result.rows.flatMap((r) => {
    const type = r.type === 'bonus_late' ? LATE_FIGURES[r.state ?? ''] : (r.type as PostingType);
    return type === undefined
      ? []
      : [{ day: r.day, offerId: Number(r.offer_id), type, amount: Number(r.amount ?? 0) }];
  });
}

/** Offers' current versions (for their titles). */
export const offerVersions = async (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('bonus_offers')
        .select(['id', 'version'])
        .where('id', 'in', [...ids])
        .execute();
