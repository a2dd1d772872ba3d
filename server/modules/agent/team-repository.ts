import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';

/*
 * The team page's SQL. A page of members is one indexed range of agent_tree (ancestor, depth, descendant:
 * newest first without a sort); each figure of the page's members is then one grouped query over the
 * page's ids (at most 50), never a query per member.
 */

export interface MemberRow {
  id: number;
  uid: number;
  area_code: string;
  phone: string;
  avatar: string | null;
  job: number;
  created_at: number;
  /** Below the level's owner (1 on a level). */
  depth: number;
}

const memberColumns = [
  'u.id',
  'u.uid',
  'u.area_code',
  'u.phone',
  'u.avatar',
  'u.job',
  'u.created_at',
  't.depth',
] as const;

const toMember = (row: MemberRow): MemberRow => ({
  id: row.id,
  uid: row.uid,
  area_code: row.area_code,
  phone: row.phone,
  avatar: row.avatar,
  job: row.job,
  created_at: row.created_at,
  depth: row.depth,
});

/**
 * A user's direct members, newest first. The page's ids are taken from the index first and only then joined
 * with users: asked as one join, PostgreSQL misjudges a top agent's level (its statistics count depth 1 over
 * every ancestor) and merges with the whole users table.
 */
export async function directMembers(
  db: Db,
  ownerId: number,
  limit: number,
  offset: number,
): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('agent_tree')
        .select(['descendant_id', 'depth'])
        .where('ancestor_id', '=', ownerId)
        .where('depth', '=', 1)
        .orderBy('descendant_id', 'desc')
        .limit(limit)
        .offset(offset)
        .as('t'),
    )
    .innerJoin('users as u', 'u.id', 't.descendant_id')
    .select(memberColumns)
    .orderBy('t.descendant_id', 'desc')
    .execute();
  return rows.map(toMember);
}

export interface TeamSearch {
  /** Digits of a UID or a phone number. */
  digits: string;
}

/** Whose UID is the digits, or whose phone number contains them. */
function searchQuery(db: Db, ownerId: number, search: TeamSearch) {
  const uid = search.digits.length <= 12 ? Number(search.digits) : -1;
  return db
    .selectFrom('agent_tree as t')
    .innerJoin('users as u', 'u.id', 't.descendant_id')
    .where('t.ancestor_id', '=', ownerId)
    .where((eb) => eb.or([eb('u.uid', '=', uid), eb('u.phone', 'like', `%${search.digits}%`)]));
}

/**
 * Members anywhere below `ownerId` matching a search, newest first, and how many match in all. A phone
 * number's digits can be anywhere in it, so this reads the whole subtree: once, the total counted in the same
 * pass (a window over the matches).
 */
export async function searchMembers(
  db: Db,
  ownerId: number,
  search: TeamSearch,
  limit: number,
  offset: number,
): Promise<{ rows: MemberRow[]; total: number }> {
  const rows = await searchQuery(db, ownerId, search)
    .select(memberColumns)
    .select((eb) => eb.fn.countAll<number>().over().as('matches'))
    .orderBy('t.descendant_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const first = rows[0];
  if (first) return { rows: rows.map(toMember), total: first.matches };
  // A page past the end: the total still counts.
  if (offset === 0) return { rows: [], total: 0 };
  const row = await searchQuery(db, ownerId, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows: [], total: row?.n ?? 0 };
}

const sumsBy = (rows: readonly { key: number; total: number }[]): Map<number, number> =>
  new Map(rows.map((r) => [r.key, r.total]));

/** Completed deposits of each user, in all (minor units). */
export async function depositsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit_orders')
    .select((eb) => ['user_id as key', eb.fn.sum<number>('amount').as('total')])
    .where('user_id', 'in', [...userIds])
    .where('state', '=', 'Success')
    .groupBy('user_id')
    .execute();
  return sumsBy(rows);
}

/** Valid bets of each user, in all (minor units). */
export async function validBetsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_daily_valid')
    .select((eb) => ['user_id as key', eb.fn.sum<number>('valid_bet').as('total')])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
  return sumsBy(rows);
}

/** The viewer's commission lines from these members, optionally within days; a cancelled hold earned nothing. */
function commissionLines(db: Db, earnerId: number, memberIds: readonly number[]) {
  return db
    .selectFrom('agent_lines as l')
    .leftJoin('agent_holds as h', 'h.id', 'l.hold_id')
    .where('l.earner_id', '=', earnerId)
    .where('l.member_id', 'in', [...memberIds])
    .where('l.kind', '=', 'commission')
    .where((eb) => eb.or([eb('h.state', 'is', null), eb('h.state', '!=', 'cancelled')]));
}

/** The commission each member's play has earned `earnerId`, in all (minor units). */
export async function commissionFrom(
  db: Db,
  earnerId: number,
  memberIds: readonly number[],
): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await commissionLines(db, earnerId, memberIds)
    .select((eb) => ['l.member_id as key', eb.fn.sum<number>('l.amount').as('total')])
    .groupBy('l.member_id')
    .execute();
  return sumsBy(rows);
}

/** One member's valid bets by day, from `from` to `to` (days without bets are absent). */
export async function validBetsByDay(db: Db, userId: number, from: Day, to: Day): Promise<Map<Day, number>> {
  const rows = await db
    .selectFrom('game_daily_valid')
    .select((eb) => ['day', eb.fn.sum<number>('valid_bet').as('total')])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, r.total ?? 0]));
}

/** The commission one member's play earned `earnerId`, by day, from `from` to `to`. */
export async function commissionByDay(
  db: Db,
  earnerId: number,
  memberId: number,
  from: Day,
  to: Day,
): Promise<Map<Day, number>> {
  const rows = await commissionLines(db, earnerId, [memberId])
    .select((eb) => ['l.day', eb.fn.sum<number>('l.amount').as('total')])
    .where('l.day', '>=', from)
    .where('l.day', '<=', to)
    .groupBy('l.day')
    .execute();
  return new Map(rows.map((r) => [r.day, r.total ?? 0]));
}
