import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import type { Database } from '../../db/types';
import type { DeliveryCounts, NoticeTarget } from '../notices/service';

export interface SubscriptionInput {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  siteId: number | null;
  expirationTime: number | null;
}

/**
 * One row per endpoint: subscribing again updates keys, locale and site, and moves the endpoint to the
 * current user (a browser belongs to whoever is logged in on it now). Deliveries queued for the
 * previous owner are dropped.
 */
export async function upsertSubscription(db: Db, s: SubscriptionInput, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id'])
      .where('endpoint', '=', s.endpoint)
      .executeTakeFirst();
    const values = {
      user_id: s.userId,
      p256dh: s.p256dh,
      auth: s.auth,
      locale: s.locale,
      site_id: s.siteId,
      expiration_time: s.expirationTime,
      updated_at: now,
      failure_count: 0,
    };
    await trx
      .insertInto('push_subscriptions')
      .values({ ...values, endpoint: s.endpoint, created_at: now })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
      .execute();
    if (previous && previous.user_id !== s.userId)
      await trx
        .deleteFrom('push_outbox')
        .where('subscription_id', '=', previous.id)
        .where('state', '=', 'pending')
        .execute();
  });
}

/** Removes the endpoint only if it belongs to this user; true when a row went. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const res = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export const deleteSubscriptionById = async (db: Db, id: number): Promise<void> => {
  // Its deliveries go with it (ON DELETE CASCADE).
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
};

export const countSubscriptions = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

// ---- fan-out

/**
 * Queues one delivery per subscription the notice targets (in the transaction that claimed the notice);
 * returns how many were queued. The unique (notice_id, subscription_id) makes a repeat harmless.
 */
export async function insertDeliveries(trx: Db, notice: NoticeTarget, now: number): Promise<number> {
  const { id, siteId, jobs, locales } = notice;
  const matching = trx
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    // Literals: integers we own, and PostgreSQL cannot type a bare parameter in an INSERT ... SELECT list.
    .select([
      sql.lit(id).as('notice_id'),
      's.id as subscription_id',
      sql.lit('pending').as('state'),
      sql.lit(0).as('attempts'),
      sql.lit(now).as('next_attempt_at'),
      sql.lit(now).as('created_at'),
    ])
    // A WHERE is also what SQLite needs to parse INSERT ... SELECT ... ON CONFLICT.
    .where('u.banned', '=', 0)
    .$if(siteId !== null, (q) => q.where('s.site_id', '=', siteId ?? -1))
    .$if(jobs !== null, (q) => q.where('u.job', 'in', jobs ?? []))
    .$if(locales !== null, (q) => q.where('s.locale', 'in', locales ?? []));
  const res = await trx
    .insertInto('push_outbox')
    .columns(['notice_id', 'subscription_id', 'state', 'attempts', 'next_attempt_at', 'created_at'])
    .expression(matching)
    .onConflict((oc) => oc.columns(['notice_id', 'subscription_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Queues one delivery per subscription of each message's user; answers how many were queued. The unique
 * (message_id, subscription_id) makes a repeat harmless.
 */
export async function insertMessageDeliveries(
  trx: Db,
  messageIds: readonly number[],
  now: number,
): Promise<number> {
  if (messageIds.length === 0) return 0;
  const matching = trx
    .selectFrom('messages as m')
    .innerJoin('push_subscriptions as s', 's.user_id', 'm.user_id')
    // Literals: integers we own (see insertDeliveries).
    .select([
      'm.id as message_id',
      's.id as subscription_id',
      sql.lit('pending').as('state'),
      sql.lit(0).as('attempts'),
      sql.lit(now).as('next_attempt_at'),
      sql.lit(now).as('created_at'),
    ])
    .where('m.id', 'in', [...messageIds]);
  const res = await trx
    .insertInto('push_outbox')
    .columns(['message_id', 'subscription_id', 'state', 'attempts', 'next_attempt_at', 'created_at'])
    .expression(matching)
    .onConflict((oc) => oc.columns(['message_id', 'subscription_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** Deliveries not sent yet are dropped: the notice was withdrawn, or edited (and gets queued again). */
export async function dropPending(
  db: Db,
  noticeId: number,
  how: { delete: true } | { dead: string },
): Promise<void> {
  if ('delete' in how) {
    await db
      .deleteFrom('push_outbox')
      .where('notice_id', '=', noticeId)
      .where('state', '=', 'pending')
      .execute();
    return;
  }
  await db
    .updateTable('push_outbox')
    .set({ state: 'dead', last_error: how.dead, locked_by: null, locked_until: null })
    .where('notice_id', '=', noticeId)
    .where('state', '=', 'pending')
    .execute();
}

// ---- delivery

export interface ClaimedDelivery {
  id: number;
  /** Exactly one of the two is set. */
  notice_id: number | null;
  message_id: number | null;
  subscription_id: number;
  attempts: number;
}

/**
 * Leases up to `limit` deliveries that are due (or whose lease ran out: their process died) to
 * `workerId` until now + leaseMs. Two statements in one transaction: PostgreSQL may run a
 * `WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` sub-select once per candidate row and so
 * claim far more than n; selecting the ids first (SKIP LOCKED, so concurrent processes never claim
 * the same row) and updating exactly those cannot. SQLite has one writer, so the transaction alone
 * is enough there.
 */
export async function claimDue(
  db: Db,
  workerId: string,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const claimable = (eb: ExpressionBuilder<Database, 'push_outbox'>) =>
    eb.or([
      eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('state', '=', 'sending'), eb('locked_until', '<', now)]),
    ]);
  const rows = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('push_outbox')
      .select('id')
      .where(claimable)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .$if(isPostgres(db), (q) => q.forUpdate().skipLocked())
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('push_outbox')
      .set((eb) => ({
        state: 'sending',
        locked_by: workerId,
        locked_until: now + leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .returning(['id', 'notice_id', 'message_id', 'subscription_id', 'attempts'])
      .execute();
  });
  return rows.map((r) => ({
    id: r.id,
    notice_id: r.notice_id,
    message_id: r.message_id,
    subscription_id: r.subscription_id,
    attempts: r.attempts,
  }));
}

/** The subscription a delivery goes to, with the name of its site (a notification's title when the notice has none). */
export const findSubscription = (db: Db, id: number) =>
  db
    .selectFrom('push_subscriptions as s')
    .leftJoin('sites', 'sites.id', 's.site_id')
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 's.locale', 'sites.name as site_name'])
    .where('s.id', '=', id)
    .executeTakeFirst();

/** Delivery counts per notice and state. */
export async function deliveryCounts(
  db: Db,
  noticeIds: readonly number[],
): Promise<Map<number, DeliveryCounts>> {
  const counts = new Map<number, DeliveryCounts>();
  if (noticeIds.length === 0) return counts;
  const rows = await db
    .selectFrom('push_outbox')
    .select(['notice_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('notice_id', 'in', [...noticeIds])
    .groupBy(['notice_id', 'state'])
    .execute();
  for (const row of rows) {
    const id = Number(row.notice_id);
    const c = counts.get(id) ?? { pending: 0, sent: 0, dead: 0 };
    // A leased delivery is still pending for the operator.
    if (row.state === 'sent') c.sent += row.n;
    else if (row.state === 'dead') c.dead += row.n;
    else c.pending += row.n;
    counts.set(id, c);
  }
  return counts;
}

/** Only the lease holder settles a delivery: if its lease ran out and another process took it, this is a no-op. */
const heldBy = (db: Db, id: number, workerId: string) =>
  db
    .updateTable('push_outbox')
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('locked_by', '=', workerId);

export async function markSent(db: Db, d: ClaimedDelivery, workerId: string, now: number): Promise<void> {
  await heldBy(db, d.id, workerId)
    .set({ state: 'sent', sent_at: now, locked_until: null, last_error: null })
    .execute();
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: now, failure_count: 0 })
    .where('id', '=', d.subscription_id)
    .execute();
}

export async function markRetry(
  db: Db,
  d: ClaimedDelivery,
  workerId: string,
  nextAttemptAt: number,
  error: string,
): Promise<void> {
  await heldBy(db, d.id, workerId)
    .set({
      state: 'pending',
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .execute();
  await db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failure_count: eb('failure_count', '+', 1) }))
    .where('id', '=', d.subscription_id)
    .execute();
}

export async function markDead(db: Db, d: ClaimedDelivery, workerId: string, error: string): Promise<void> {
  await heldBy(db, d.id, workerId)
    .set({ state: 'dead', locked_until: null, last_error: error.slice(0, 500) })
    .execute();
}

// ---- settings

export const getSetting = async (db: Db, key: string): Promise<string | undefined> =>
  (await db.selectFrom('server_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

export async function putSetting(db: Db, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('server_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
