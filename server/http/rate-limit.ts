import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import { isPostgres } from '../db/create-db';
import { tooManyRequests } from './envelope';

export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

/** Counts recent events of one limit; throws 429 with the seconds until the oldest one leaves the window. */
export async function assertUnderLimit(db: Db, limit: Limit, now: number): Promise<void> {
  const since = now - limit.windowMs;
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('bucket', '=', limit.bucket)
    .where('key', '=', limit.key)
    .where('created_at', '>', since)
    .executeTakeFirst();
  const count = row?.count ?? 0;
  if (count >= limit.max) {
    const oldest = row?.oldest ?? now;
    throw tooManyRequests((oldest + limit.windowMs - now) / 1000);
  }
}

/** Throws 429 while the last event of bucket/key is younger than `intervalMs`. */
export async function assertCooldownOver(
  db: Db,
  bucket: string,
  key: string,
  intervalMs: number,
  now: number,
): Promise<void> {
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('created_at', '>', now - intervalMs)
    .executeTakeFirst();
  if (row?.last != null) throw tooManyRequests((row.last + intervalMs - now) / 1000);
}

/** Records one event and forgets this key's events older than a day, so the table stays small. */
export async function recordEvent(db: Db, bucket: string, key: string, now: number): Promise<number> {
  await db
    .deleteFrom('rate_events')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('created_at', '<', now - 24 * 3600_000)
    .execute();
  const row = await db
    .insertInto('rate_events')
    .values({ bucket, key, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteEvents(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('rate_events').where('id', 'in', ids).execute();
}

/**
 * Serialises check-then-record for one key across processes. PostgreSQL: a transaction-scoped
 * advisory lock. SQLite: a write transaction already excludes other writers.
 */
export async function lockKey(trx: Db, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
