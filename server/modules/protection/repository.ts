import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import type { DepositLimitsTable, ProtectionSettingsTable } from './tables';

export type SettingsRow = Selectable<ProtectionSettingsTable>;
export type LimitRow = Selectable<DepositLimitsTable>;

export const findSettings = (db: Db, userId: number): Promise<SettingsRow | undefined> =>
  db.selectFrom('protection_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Those of `userIds` under a time-out or self-exclusion at `now`. */
export const blockedAmong = async (db: Db, userIds: readonly number[], now: number): Promise<number[]> =>
  userIds.length === 0
    ? []
    : (
        await db
          .selectFrom('protection_settings')
          .select('user_id')
          .where('user_id', 'in', [...userIds])
          .where('blocked_until', '>', now)
          .execute()
      ).map((r) => r.user_id);

/**
 * The user's settings row, created when missing, locked for the rest of the transaction on PostgreSQL (on
 * SQLite the write transaction already runs alone): what makes two deposits or two changes of one user wait
 * for each other.
 */
export async function lockSettings(trx: Db, userId: number, now: number): Promise<SettingsRow> {
  await trx
    .insertInto('protection_settings')
    .values({ user_id: userId, block_kind: null, blocked_from: null, blocked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  let q = trx.selectFrom('protection_settings').selectAll().where('user_id', '=', userId);
  if (isPostgres(trx)) q = q.forUpdate();
  return q.executeTakeFirstOrThrow();
}

export async function updateSettings(
  trx: Db,
  userId: number,
  values: Partial<Omit<SettingsRow, 'user_id'>> & { updated_at: number },
): Promise<void> {
  await trx.updateTable('protection_settings').set(values).where('user_id', '=', userId).execute();
}

/** Every limit change of the user, oldest first per period. */
export const limitRows = (db: Db, userId: number): Promise<LimitRow[]> =>
  db
    .selectFrom('deposit_limits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('period')
    .orderBy('effective_from')
    .orderBy('id')
    .execute();

/** Drops the changes of a period not yet in force (a newer choice replaces a pending one). */
export async function dropPending(trx: Db, userId: number, period: string, now: number): Promise<void> {
  await trx
    .deleteFrom('deposit_limits')
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .where('effective_from', '>', now)
    .execute();
}

export async function insertLimit(
  trx: Db,
  row: { user_id: number; period: string; amount: number | null; effective_from: number; created_at: number },
): Promise<void> {
  await trx.insertInto('deposit_limits').values(row).execute();
}

/**
 * Minor units of the user's completed deposits paid after `since`: an order counts from when it was paid
 * (decision 0043), never while it awaits payment, nor once it failed or expired.
 */
export async function depositedSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('state', '=', 'Success')
    .where('completed_at', '>', since)
    .executeTakeFirst();
  return row?.total ?? 0;
}

/** Minor units of the user's orders still awaiting payment at `now` (not yet expired). */
export async function awaitingPayment(db: Db, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('state', '=', 'Prepare')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.total ?? 0;
}

/** Wins minus bets of the user's rounds placed since `since` (voided ones left out). */
export async function netSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('game_rounds')
    .select((eb) => [eb.fn.sum<number>('win').as('win'), eb.fn.sum<number>('bet').as('bet')])
    .where('user_id', '=', userId)
    .where('placed_at', '>=', since)
    .where('status', 'in', ['settled', 'pending'])
    .executeTakeFirst();
  return (row?.win ?? 0) - (row?.bet ?? 0);
}

/** Completed deposits and withdrawals since `since`, with when they completed. */
export async function moneyMovesSince(
  db: Db,
  userId: number,
  since: number,
): Promise<{ deposits: { amount: number; at: number }[]; withdrawals: { amount: number; at: number }[] }> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select(['amount', 'completed_at as at'])
      .where('user_id', '=', userId)
      .where('state', '=', 'Success')
      .where('completed_at', '>=', since)
      .execute(),
    db
      .selectFrom('withdrawals')
      .select(['amount', 'finished_at as at'])
      .where('user_id', '=', userId)
      .where('state', '=', 'Success')
      .where('finished_at', '>=', since)
      .execute(),
  ]);
  const plain = (rows: { amount: number; at: number | null }[]) =>
    rows.map((r) => ({ amount: r.amount, at: Number(r.at) }));
  return { deposits: plain(deposits), withdrawals: plain(withdrawals) };
}
