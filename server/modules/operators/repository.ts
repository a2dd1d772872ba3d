import type { Db } from '../../db/create-db';
import { type Grant, isOperatorRole } from './policy';

/** A user's grants; none for a user who is not an operator. */
export async function grantsOf(db: Db, userId: number): Promise<Grant[]> {
  const rows = await db
    .selectFrom('operator_grants')
    .select(['role', 'site_id'])
    .where('user_id', '=', userId)
    .execute();
  return rows.flatMap((r) => (isOperatorRole(r.role) ? [{ role: r.role, siteId: r.site_id }] : []));
}

export async function insertGrants(
  db: Db,
  userId: number,
  grants: readonly Grant[],
  grantedBy: number | null,
  now: number,
): Promise<void> {
  if (grants.length === 0) return;
  await db
    .insertInto('operator_grants')
    .values(
      grants.map((g) => ({
        user_id: userId,
        role: g.role,
        site_id: g.siteId,
        granted_by: grantedBy,
        created_at: now,
      })),
    )
    .execute();
}

export const deleteGrants = (db: Db, userId: number) =>
  db.deleteFrom('operator_grants').where('user_id', '=', userId).execute();

export const findTotp = (db: Db, userId: number) =>
  db.selectFrom('operator_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Every operator's stored secret (a handful of rows): what start-up looks over and converts. */
export const allTotpSecrets = (db: Db) =>
  db.selectFrom('operator_totp').select(['user_id', 'secret']).orderBy('user_id').execute();

/**
 * How many other modules' secrets are sealed under the deployment's key (game providers' keys, decision
 * 0054): read here, against the rule that a module reads only its own tables, because the key is this
 * module's and a new one must never be made while anything it sealed is stored.
 */
export async function sealedElsewhere(db: Db): Promise<number> {
  const row = await db
    .selectFrom('game_provider_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('value', 'like', 'v1:%')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Replaces a stored secret by its new form only if it is still the one read (another process may have
 * converted it, or the operator enrolled again, meanwhile); answers whether it did.
 */
export async function replaceSecret(db: Db, userId: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('operator_totp')
    .set({ secret: to })
    .where('user_id', '=', userId)
    .where('secret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new secret, or the unconfirmed one replaced; a confirmed secret is left as it is (answers false). */
export async function putUnconfirmedSecret(
  db: Db,
  userId: number,
  secret: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('operator_totp')
    .values({ user_id: userId, secret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, created_at: now })
        .where('operator_totp.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes a code's time step: only when it is after the last one taken, so of two requests with one code
 * (or a replay) only one passes. Confirms the secret on its first good code.
 */
export async function takeStep(db: Db, userId: number, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('operator_totp')
    .set((eb) => ({ last_step: step, confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSessionPassed(db: Db, sessionId: number, now: number): Promise<void> {
  await db
    .insertInto('operator_session_factors')
    .values({ session_id: sessionId, verified_at: now })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

export async function sessionPassed(db: Db, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('operator_session_factors')
    .select('session_id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}
