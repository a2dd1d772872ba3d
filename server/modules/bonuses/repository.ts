import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type {
  BonusClaimsTable,
  BonusOffersTable,
  BonusOfferVersionsTable,
  BonusRequirementsTable,
  RequirementState,
} from './tables';

/** The bonuses module's queries: plain functions over its tables (decision 0052). */

export type OfferRow = Selectable<BonusOffersTable>;
export type VersionRow = Selectable<BonusOfferVersionsTable>;
export type ClaimRow = Selectable<BonusClaimsTable>;
export type RequirementRow = Selectable<BonusRequirementsTable>;

// ---- offers

export const findOffer = (db: Db, id: number): Promise<OfferRow | undefined> =>
  db.selectFrom('bonus_offers').selectAll().where('id', '=', id).executeTakeFirst();

export const findVersion = (db: Db, offerId: number, version: number): Promise<VersionRow | undefined> =>
  db
    .selectFrom('bonus_offer_versions')
    .selectAll()
    .where('offer_id', '=', offerId)
    .where('version', '=', version)
    .executeTakeFirst();

/** The active offers of a site (and those of every site), oldest first. */
export const activeOffers = (db: Db, siteId: number | null): Promise<OfferRow[]> =>
  db
    .selectFrom('bonus_offers')
    .selectAll()
    .where('state', '=', 'active')
    .where((eb) =>
      siteId === null
        ? eb('site_id', 'is', null)
        : eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId)]),
    )
    .orderBy('id')
    .execute();

export const contributionsOf = (db: Db, offerId: number, version: number) =>
  db
    .selectFrom('bonus_offer_contributions')
    .select(['channel_code', 'percent'])
    .where('offer_id', '=', offerId)
    .where('version', '=', version)
    .execute();

export const textsOf = (db: Db, offerId: number, version: number) =>
  db
    .selectFrom('bonus_offer_texts')
    .select(['locale', 'title', 'terms'])
    .where('offer_id', '=', offerId)
    .where('version', '=', version)
    .execute();

/** Raises an offer's granted total by `amount` unless that passes its budget; false when it would. */
export async function spendBudget(trx: Db, offerId: number, amount: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('bonus_offers')
    .set((eb) => ({ granted: eb('granted', '+', amount), updated_at: now }))
    .where('id', '=', offerId)
    .where((eb) => eb.or([eb('budget', 'is', null), eb(eb('granted', '+', amount), '<=', eb.ref('budget'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- claims

/** A claim; undefined when the (offer, user, period) already has one that was not refused. */
export async function insertClaim(trx: Db, claim: Insertable<BonusClaimsTable>): Promise<number | undefined> {
  const row = await trx
    .insertInto('bonus_claims')
    .values(claim)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export const findClaim = (db: Db, id: number): Promise<ClaimRow | undefined> =>
  db.selectFrom('bonus_claims').selectAll().where('id', '=', id).executeTakeFirst();

export const findLiveClaim = (db: Db, offerId: number, userId: number, period: string) =>
  db
    .selectFrom('bonus_claims')
    .selectAll()
    .where('offer_id', '=', offerId)
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .where('state', '<>', 'refused')
    .executeTakeFirst();

export const setClaimState = (
  trx: Db,
  id: number,
  from: ClaimRow['state'],
  to: ClaimRow['state'],
  values: { reason?: string | null; note?: string | null; operator_id?: number | null; decided_at: number },
) =>
  trx
    .updateTable('bonus_claims')
    .set({ state: to, ...values })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) === 1);

/** The claim already holding this signal of the family, when there is one; else the signal is now this claim's. */
export async function claimSignal(
  trx: Db,
  signal: {
    family: string;
    kind: 'phone' | 'device' | 'address';
    value_hash: string;
    claim_id: number;
    created_at: number;
  },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('bonus_claim_signals')
    .values(signal)
    .onConflict((oc) => oc.doNothing())
    .returning('claim_id')
    .executeTakeFirst();
  if (inserted) return undefined;
  const holder = await trx
    .selectFrom('bonus_claim_signals')
    .select('claim_id')
    .where('family', '=', signal.family)
    .where('kind', '=', signal.kind)
    .where('value_hash', '=', signal.value_hash)
    .executeTakeFirst();
  return holder?.claim_id;
}

/** The sha256 of the address and device ids a user's requests came from (the agent programme records them). */
export const recordedSignals = (db: Db, userId: number) =>
  db.selectFrom('user_signals').select(['kind', 'value_hash']).where('user_id', '=', userId).execute();

export const noteClaim = (trx: Db, id: number, note: string, operatorId: number) =>
  trx.updateTable('bonus_claims').set({ note, operator_id: operatorId }).where('id', '=', id).execute();

// ---- requirements

export const requirementOfClaim = (db: Db, claimId: number): Promise<number | undefined> =>
  db
    .selectFrom('bonus_requirements')
    .select('id')
    .where('claim_id', '=', claimId)
    .executeTakeFirst()
    .then((r) => r?.id);

export const insertRequirement = (trx: Db, row: Insertable<BonusRequirementsTable>): Promise<number> =>
  trx
    .insertInto('bonus_requirements')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

/** The player's open requirements, what the bet path needs of them. */
export const openRequirements = (db: Db, userId: number) =>
  db
    .selectFrom('bonus_requirements')
    .select(['id', 'offer_id', 'version', 'max_bet', 'expires_at', 'granted_at', 'required', 'wagered'])
    .where('user_id', '=', userId)
    .where('state', '=', 'open')
    .orderBy('id')
    .execute();

/** The player's open requirements with the contribution of `channel` under each one's offer version (0: none). */
export const openWithContribution = (db: Db, userId: number, channel: string) =>
  db
    .selectFrom('bonus_requirements as r')
    .leftJoin('bonus_offer_contributions as c', (join) =>
      join
        .onRef('c.offer_id', '=', 'r.offer_id')
        .onRef('c.version', '=', 'r.version')
        .on('c.channel_code', '=', channel),
    )
    .select(['r.id', 'r.granted_at', 'c.percent'])
    .where('r.user_id', '=', userId)
    .where('r.state', '=', 'open')
    .orderBy('r.id')
    .execute();

export const findRequirement = (db: Db, id: number): Promise<RequirementRow | undefined> =>
  db.selectFrom('bonus_requirements').selectAll().where('id', '=', id).executeTakeFirst();

export const requirementStates = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('bonus_requirements')
        .select(['id', 'state'])
        .where('id', 'in', [...ids])
        .execute();

/** Ends an open requirement; false when it was no longer open (another transaction ended it). */
export const endRequirement = (trx: Db, id: number, to: Exclude<RequirementState, 'open'>, now: number) =>
  trx
    .updateTable('bonus_requirements')
    .set({ state: to, ended_at: now })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) === 1);

export const addWagered = (trx: Db, id: number, amount: number) =>
  trx
    .updateTable('bonus_requirements')
    .set((eb) => ({ wagered: eb('wagered', '+', amount) }))
    .where('id', '=', id)
    .returning(['wagered', 'required', 'state'])
    .executeTakeFirstOrThrow();

/** A player's requirements, open ones first then the newest ended, at most `limit` ended. */
export async function requirementsOfUser(db: Db, userId: number, limit: number) {
  const [open, ended] = await Promise.all([
    db
      .selectFrom('bonus_requirements')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', '=', 'open')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bonus_requirements')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', '<>', 'open')
      .orderBy('ended_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { open, ended };
}

/** Open bonus requirements past their expiry, oldest first. */
export const dueExpiries = (db: Db, now: number, limit: number) =>
  db
    .selectFrom('bonus_requirements')
    .select(['id', 'user_id'])
    .where('state', '=', 'open')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/** Open requirements already met (counted outside a transaction that could release them: a pulled record). */
export const metUnreleased = (db: Db, limit: number) =>
  db
    .selectFrom('bonus_requirements')
    .select(['id', 'user_id'])
    .where('state', '=', 'open')
    .whereRef('wagered', '>=', 'required')
    .orderBy('id')
    .limit(limit)
    .execute();

// ---- turnover

/** A round's weighted valid bet toward a requirement; false when that (requirement, round, kind) was counted. */
export async function insertTurnover(
  trx: Db,
  row: {
    requirement_id: number;
    round_id: number;
    kind: 'count' | 'void';
    channel_code: string;
    valid_bet: number;
    amount: number;
    created_at: number;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('bonus_turnover')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('round_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Several requirements' rows of one round at once: the requirement ids whose row is new. */
export async function insertTurnovers(
  trx: Db,
  rows: readonly {
    requirement_id: number;
    round_id: number;
    kind: 'count' | 'void';
    channel_code: string;
    valid_bet: number;
    amount: number;
    created_at: number;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('bonus_turnover')
    .values([...rows])
    .onConflict((oc) => oc.doNothing())
    .returning('requirement_id')
    .execute();
  return inserted.map((r) => r.requirement_id);
}

/** Adds each requirement's amount to its progress in one statement; answers the progress after. */
export async function addWageredMany(trx: Db, amounts: ReadonlyMap<number, number>) {
  if (amounts.size === 0) return [];
  const ids = [...amounts.keys()];
  return trx
    .updateTable('bonus_requirements')
    .set({
      // Typed, so PostgreSQL adds a bigint to the bigint column (a bare parameter in a CASE reads as text).
      wagered: sql<number>`wagered + case ${sql.join(
        ids.map((id) => sql`when id = ${id} then cast(${amounts.get(id) as number} as bigint)`),
        sql` `,
      )} else 0 end`,
    })
    .where('id', 'in', ids)
    .returning(['id', 'wagered', 'required'])
    .execute();
}

export const countedOfRound = (db: Db, roundId: number) =>
  db
    .selectFrom('bonus_turnover')
    .select(['requirement_id', 'channel_code', 'valid_bet', 'amount'])
    .where('round_id', '=', roundId)
    .where('kind', '=', 'count')
    .execute();

// ---- writing an offer

export interface OfferSpec {
  offer: Omit<Insertable<BonusOffersTable>, 'version'>;
  version: Omit<Insertable<BonusOfferVersionsTable>, 'offer_id' | 'version'>;
  contributions: Readonly<Record<string, number>>;
  texts: Readonly<Record<string, { title: string; terms: string }>>;
}

/** A new offer at version 1, with its contributions and texts. */
export async function insertOffer(trx: Db, spec: OfferSpec): Promise<number> {
  const { id } = await trx
    .insertInto('bonus_offers')
    .values({ ...spec.offer, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertVersion(trx, id, 1, spec);
  return id;
}

/** Version `version` of an offer: its terms, contributions and texts (a version is never edited). */
export async function insertVersion(
  trx: Db,
  offerId: number,
  version: number,
  spec: Pick<OfferSpec, 'version' | 'contributions' | 'texts'>,
): Promise<void> {
  await trx
    .insertInto('bonus_offer_versions')
    .values({ ...spec.version, offer_id: offerId, version })
    .execute();
  const contributions = Object.entries(spec.contributions).map(([channel_code, percent]) => ({
    offer_id: offerId,
    version,
    channel_code,
    percent,
  }));
  if (contributions.length > 0)
    await trx.insertInto('bonus_offer_contributions').values(contributions).execute();
  const texts = Object.entries(spec.texts).map(([locale, t]) => ({
    offer_id: offerId,
    version,
    locale,
    ...t,
  }));
  if (texts.length > 0) await trx.insertInto('bonus_offer_texts').values(texts).execute();
}

// ---- periodic benefits

export const activeOffersOfKind = (db: Db, kind: BonusOffersTable['kind']): Promise<OfferRow[]> =>
  db
    .selectFrom('bonus_offers')
    .selectAll()
    .where('state', '=', 'active')
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

/** Every site's id and business time zone (null: the platform's default zone). */
export const siteZones = (db: Db) =>
  db.selectFrom('sites').select(['id', 'business_time_zone']).orderBy('id').execute();

/** The player in `player` (a column) has no live claim (granted or held) of the offer for the period. */
const noLiveClaim = (offerId: number, period: string, player: 'u.id' | 'g.user_id') =>
  sql<boolean>`not exists (select 1 from bonus_claims c where c.user_id = ${sql.ref(player)}
    and c.offer_id = ${offerId} and c.period = ${period} and c.state <> 'refused')`;

/**
 * Players of a site (null: of no site) at one of `levels` who have no live claim of the offer for `period`,
 * after id `afterId`, at most `limit`, by id. With `birthday`: only those born on one of its month-days
 * ("MM-DD") who told their date of birth by `knownBy`.
 */
export const dueForPeriod = (
  db: Db,
  p: {
    offerId: number;
    siteId: number | null;
    levels: readonly number[];
    period: string;
    birthday?: { monthDays: readonly string[]; knownBy: number };
    afterId: number;
    limit: number;
  },
) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.level'])
    .where((eb) => (p.siteId === null ? eb('u.site_id', 'is', null) : eb('u.site_id', '=', p.siteId)))
    .where('u.level', 'in', [...p.levels])
    .where('u.banned', '=', 0)
    .where('u.id', '>', p.afterId)
    .$if(p.birthday !== undefined, (q) =>
      q
        .where('u.date_of_birth', 'is not', null)
        .where(sql<string>`substr(u.date_of_birth, 6, 5)`, 'in', [...(p.birthday?.monthDays ?? [])])
        .where('u.date_of_birth_at', '<=', p.birthday?.knownBy ?? 0),
    )
    .where(noLiveClaim(p.offerId, p.period, 'u.id'))
    .orderBy('u.id')
    .limit(p.limit)
    .execute();

/**
 * Players of a site (null: of no site) at `minLevel` or above whose net loss (stakes less wins of the rounds
 * placed on the days from `from` to `to`, game_daily_valid) is at least `minLoss`, with no live claim of the
 * offer for `period`, after id `afterId`, at most `limit`, by id.
 */
export const netLossesOfWeek = (
  db: Db,
  p: {
    offerId: number;
    siteId: number | null;
    minLevel: number;
    from: string;
    to: string;
    minLoss: number;
    period: string;
    afterId: number;
    limit: number;
  },
) =>
  db
    .selectFrom('game_daily_valid as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select((eb) => [
      'g.user_id',
      sql<number>`${eb.fn.sum<number>('g.bet')} - ${eb.fn.sum<number>('g.win')}`.as('net_loss'),
    ])
    .where('g.day', '>=', p.from)
    .where('g.day', '<=', p.to)
    .where((eb) => (p.siteId === null ? eb('u.site_id', 'is', null) : eb('u.site_id', '=', p.siteId)))
    .where('u.level', '>=', p.minLevel)
    .where('u.banned', '=', 0)
    .where('g.user_id', '>', p.afterId)
    .where(noLiveClaim(p.offerId, p.period, 'g.user_id'))
    .groupBy('g.user_id')
    .having((eb) => sql<boolean>`${eb.fn.sum('g.bet')} - ${eb.fn.sum('g.win')} >= ${p.minLoss}`)
    .orderBy('g.user_id')
    .limit(p.limit)
    .execute();
