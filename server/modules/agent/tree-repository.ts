import { sql } from 'kysely';
import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';

/*
 * The team tree's SQL (decision 0017): `agent_tree` is a closure table, one row per ancestor and
 * descendant with their distance, so a subtree, a level or a chain is one indexed query.
 */

/**
 * The tree lock: binds and ratio changes take it first thing in their transaction, so two of them never
 * decide on the same picture of the tree (per-pair row locks cannot stop four binds from closing a cycle).
 * PostgreSQL: an advisory lock held until the transaction ends (the two-key form, a space of its own);
 * SQLite: the write transaction already serialises every writer.
 */
export async function lockTree(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(14, 17)`.execute(trx);
}

/** What the agent programme reads of a user (its own columns: job and invited_by; the rest to show). */
export interface TreeUser {
  id: number;
  uid: number;
  job: number;
  invite_code: string;
  invited_by: string | null;
  area_code: string;
  phone: string;
  avatar: string | null;
  created_at: number;
}

const treeUserColumns = [
  'id',
  'uid',
  'job',
  'invite_code',
  'invited_by',
  'area_code',
  'phone',
  'avatar',
  'created_at',
] as const;

export const findUserById = (db: Db, id: number): Promise<TreeUser | undefined> =>
  db.selectFrom('users').select(treeUserColumns).where('id', '=', id).executeTakeFirst();

export const findUserByUid = (db: Db, uid: number): Promise<TreeUser | undefined> =>
  db.selectFrom('users').select(treeUserColumns).where('uid', '=', uid).executeTakeFirst();

export const findUserByInviteCode = (db: Db, inviteCode: string): Promise<TreeUser | undefined> =>
  db.selectFrom('users').select(treeUserColumns).where('invite_code', '=', inviteCode).executeTakeFirst();

/** The distance from `ancestorId` down to `descendantId`, undefined when not below it. */
export async function depthBelow(
  db: Db,
  ancestorId: number,
  descendantId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', descendantId)
    .executeTakeFirst();
  return row ? row.depth : undefined;
}

/** A user's parent (depth 1), if bound. */
export async function parentOf(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('agent_tree')
    .select('ancestor_id')
    .where('descendant_id', '=', userId)
    .where('depth', '=', 1)
    .executeTakeFirst();
  return row ? row.ancestor_id : undefined;
}

/** The sites of a user's members at any depth (null: a member of no site), each once. */
export async function teamSiteIds(db: Db, userId: number): Promise<(number | null)[]> {
  const rows = await db
    .selectFrom('agent_tree as t')
    .innerJoin('users as u', 'u.id', 't.descendant_id')
    .select('u.site_id')
    .distinct()
    .where('t.ancestor_id', '=', userId)
    .execute();
  return rows.map((r) => r.site_id);
}

/**
 * Binds once: sets invited_by only while it is NULL, so of concurrent binds of one user exactly one
 * changes the row. Answers whether this one did.
 */
export async function setInvitedBy(
  trx: Db,
  userId: number,
  inviteCode: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ invited_by: inviteCode, updated_at: now })
    .where('id', '=', userId)
    .where('invited_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Hangs `userId` and its whole subtree under `agentId`: a row from the agent and each of its ancestors to
 * the user and each of its descendants, at depth d(ancestor, agent) + 1 + d(user, descendant). The rows
 * inside the moved subtree stay as they are. Answers how many rows were added.
 */
export async function insertClosure(
  trx: Db,
  userId: number,
  agentId: number,
  effectiveDay: Day,
): Promise<number> {
  const result = await sql`insert into agent_tree (ancestor_id, descendant_id, depth, effective_day)
    select up.ancestor_id, down.descendant_id, up.depth + 1 + down.depth, ${effectiveDay}
    from (
      select ancestor_id, depth from agent_tree where descendant_id = ${agentId}
      union all select cast(${agentId} as bigint), 0
    ) up
    cross join (
      select descendant_id, depth from agent_tree where ancestor_id = ${userId}
      union all select cast(${userId} as bigint), 0
    ) down`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** How many members a user has: at depth 1, and in all. */
export async function memberCounts(db: Db, userId: number): Promise<{ direct: number; total: number }> {
  return (await memberCountsOf(db, [userId])).get(userId) ?? { direct: 0, total: 0 };
}

/** Members of each user, direct and in all (kept by the closure table's trigger, migration 0012). */
export async function memberCountsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { direct: number; total: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_team_sizes')
    .select(['agent_id', 'direct', 'total'])
    .where('agent_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.agent_id, { direct: r.direct, total: r.total }]));
}

/** The users between `top` (excluded) and `bottom` (included), from the top down. */
export async function chainBetween(
  db: Db,
  top: number,
  bottom: number,
): Promise<{ id: number; uid: number; area_code: string; phone: string }[]> {
  const rows = await db
    .selectFrom('agent_tree as up')
    .innerJoin('agent_tree as under', (j) =>
      j.onRef('under.descendant_id', '=', 'up.ancestor_id').on('under.ancestor_id', '=', top),
    )
    .innerJoin('users as u', 'u.id', 'up.ancestor_id')
    .select(['u.id', 'u.uid', 'u.area_code', 'u.phone', 'up.depth'])
    .where('up.descendant_id', '=', bottom)
    .orderBy('up.depth', 'desc')
    .execute();
  const self = await db
    .selectFrom('users')
    .select(['id', 'uid', 'area_code', 'phone'])
    .where('id', '=', bottom)
    .executeTakeFirst();
  return [...rows.map(({ depth: _depth, ...u }) => u), ...(self ? [self] : [])].map((u) => ({
    ...u,
    id: u.id,
    uid: u.uid,
  }));
}

/** Job 0 -> `job`, only from 0 (so a second join, or promoting an agent, changes nothing). */
export async function raiseJob(trx: Db, userId: number, job: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ job, updated_at: now })
    .where('id', '=', userId)
    .where('job', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
