import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { SpinDrawsTable, SpinPrizesTable, SpinRunsTable } from './tables';

export type PrizeRow = Selectable<SpinPrizesTable>;
export type RunRow = Selectable<SpinRunsTable>;
export type DrawRow = Selectable<SpinDrawsTable>;
type NewDraw = Omit<DrawRow, 'id'>;

/** The prizes on the wheel, in display order (weight 0 is on the wheel but never drawn). */
export const enabledPrizes = (db: Db): Promise<PrizeRow[]> =>
  db
    .selectFrom('spin_prizes')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

/** The user's run that has not ended by `day` (at most one: a recharge during a run extends it). */
export const runOpenOn = (db: Db, userId: number, day: string): Promise<RunRow | undefined> =>
  db
    .selectFrom('spin_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('last_day', '>=', day)
    .orderBy('last_day', 'desc')
    .executeTakeFirst();

/** The run that covers `day` (first_day <= day <= last_day). */
export const runCovering = (db: Db, userId: number, day: string): Promise<RunRow | undefined> =>
  db
    .selectFrom('spin_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('first_day', '<=', day)
    .where('last_day', '>=', day)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export async function insertRun(db: Db, row: Omit<RunRow, 'id'>): Promise<void> {
  await db.insertInto('spin_runs').values(row).execute();
}

export async function extendRun(
  db: Db,
  id: number,
  set: { last_day: string; recharged: number; doubled_at: number | null; updated_at: number },
): Promise<void> {
  await db.updateTable('spin_runs').set(set).where('id', '=', id).execute();
}

export const findDraw = (db: Db, userId: number, day: string): Promise<DrawRow | undefined> =>
  db
    .selectFrom('spin_draws')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();

/**
 * The draw, unless (user, day) has one already: then nothing (the unique index decides, so of concurrent
 * spins exactly one inserts). Answers the new row's id, or undefined.
 */
export async function insertDrawOnce(db: Db, row: NewDraw): Promise<number | undefined> {
  const inserted = await db
    .insertInto('spin_draws')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? inserted.id : undefined;
}

export async function setDrawTransaction(db: Db, id: number, transactionId: number): Promise<void> {
  await db.updateTable('spin_draws').set({ transaction_id: transactionId }).where('id', '=', id).execute();
}

export const drawsOfRun = (db: Db, runId: number): Promise<DrawRow[]> =>
  db.selectFrom('spin_draws').selectAll().where('run_id', '=', runId).orderBy('day').execute();

/** The user's item prizes, newest first (the follow-ups they wait for). */
export const itemDrawsOf = (db: Db, userId: number, limit: number): Promise<DrawRow[]> =>
  db
    .selectFrom('spin_draws')
    .selectAll()
    .where('user_id', '=', userId)
    .where('follow_up_due_at', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

// ---- the operators' follow-ups

export type FollowUpRow = DrawRow & {
  uid: number;
  username: string;
  site_id: number | null;
  done_by_uid: number | null;
};

const followUps = (db: Db) =>
  db
    .selectFrom('spin_draws as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('users as o', 'o.id', 'd.follow_up_done_by')
    .selectAll('d')
    .select(['u.uid as uid', 'u.username as username', 'u.site_id as site_id', 'o.uid as done_by_uid'])
    .where('d.follow_up_due_at', 'is not', null);

export async function listFollowUps(
  db: Db,
  state: 'open' | 'done' | undefined,
  offset: number,
  limit: number,
  siteIds: readonly number[] | null,
): Promise<{ rows: FollowUpRow[]; total: number }> {
  let q = followUps(db);
  if (siteIds) q = q.where('u.site_id', 'in', siteIds.length > 0 ? [...siteIds] : [-1]);
  if (state === 'open') q = q.where('d.follow_up_done_at', 'is', null);
  if (state === 'done') q = q.where('d.follow_up_done_at', 'is not', null);
  const [rows, count] = await Promise.all([
    q
      // Open ones first, the most urgent first.
      .orderBy((eb) => eb.case().when('d.follow_up_done_at', 'is', null).then(0).else(1).end())
      .orderBy('d.follow_up_due_at')
      .orderBy('d.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as FollowUpRow[], total: count.n };
}

export const findFollowUp = (db: Db, id: number): Promise<FollowUpRow | undefined> =>
  followUps(db).where('d.id', '=', id).executeTakeFirst() as Promise<FollowUpRow | undefined>;

/** open -> done; false when it was not open (done already). */
export async function markFollowUpDone(
  db: Db,
  id: number,
  set: { follow_up_done_at: number; follow_up_done_by: number; follow_up_note: string },
): Promise<boolean> {
  const res = await db
    .updateTable('spin_draws')
    .set(set)
    .where('id', '=', id)
    .where('follow_up_due_at', 'is not', null)
    .where('follow_up_done_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
