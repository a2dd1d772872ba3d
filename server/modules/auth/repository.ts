import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import { runTemplated, slot } from '../../db/query-template';
import type { SessionsTable, SmsCodesTable, UsersTable } from './tables';

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SmsCodeRow = Selectable<SmsCodesTable>;

// ---- users

export const findUserByUsername = (db: Db, username: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether an account stands (exists, and is it banned): asked by every bet, so built once (runTemplated). */
export const findStanding = async (db: Db, id: number): Promise<{ banned: number } | undefined> => {
  const [row] = await runTemplated(
    db,
    'auth:standing',
    () => db.selectFrom('users').select('banned').where('id', '=', slot<number>('id')),
    new Map([['id', id]]),
  );
  return row;
};

export const findUserByInviteCode = (db: Db, inviteCode: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('invite_code', '=', inviteCode).executeTakeFirst();

export const insertUser = async (db: Db, user: Insertable<UsersTable>): Promise<UserRow> =>
  db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

export const countUsers = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

export const setUserBanned = async (db: Db, userId: number, banned: boolean, now: number): Promise<void> => {
  await db
    .updateTable('users')
    .set({ banned: banned ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
};

export const setPassword = async (
  db: Db,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> => {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
};

export const recordLoginFailure = async (
  db: Db,
  userId: number,
  failedLogins: number,
  lockedUntil: number | null,
  now: number,
): Promise<void> => {
  await db
    .updateTable('users')
    .set({ failed_logins: failedLogins, locked_until: lockedUntil, updated_at: now })
    .where('id', '=', userId)
    .execute();
};

export const resetLoginFailures = async (db: Db, userId: number): Promise<void> => {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('failed_logins', '!=', 0), eb('locked_until', 'is not', null)]))
    .execute();
};

// ---- sessions

export const insertSession = async (db: Db, session: Insertable<SessionsTable>): Promise<void> => {
  await db.insertInto('sessions').values(session).execute();
};

export interface SessionWithUser {
  session: Pick<SessionRow, 'id' | 'last_used_at' | 'expires_at' | 'revoked_at'>;
  user: UserRow;
}

const sessionWithUserQuery = (db: Db, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.last_used_at as session_last_used_at',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
    ])
    .where('s.token_hash', '=', tokenHash);

/**
 * A token's session with its account, in one statement built once (every authenticated request asks
 * this: a second statement for the user, and building the query each time, cost as much as running it).
 * A session without its user is no session.
 */
export const findSessionWithUser = async (
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | undefined> => {
  const [row] = await runTemplated(
    db,
    'auth:session-with-user',
    () => sessionWithUserQuery(db, slot<string>('tokenHash')),
    new Map([['tokenHash', tokenHash]]),
  );
  if (!row) return undefined;
  const { session_id, session_last_used_at, session_expires_at, session_revoked_at, ...user } = row;
  return {
    session: {
      id: session_id,
      last_used_at: session_last_used_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
    },
    user,
  };
};

export const touchSession = async (
  db: Db,
  sessionId: number,
  now: number,
  expiresAt: number,
): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
};

export const revokeSession = async (db: Db, sessionId: number, now: number): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
};

export const revokeAllSessions = async (db: Db, userId: number, now: number): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Every session of the user but `keepSessionId` (a password change keeps the session that made it). */
export const revokeOtherSessions = async (
  db: Db,
  userId: number,
  keepSessionId: number,
  now: number,
): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
};

export const setAvatar = async (db: Db, userId: number, avatar: string, now: number): Promise<UserRow> =>
  db
    .updateTable('users')
    .set({ avatar, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Sets the date of birth if none is set yet: undefined when one was. */
export const setDateOfBirth = async (
  db: Db,
  userId: number,
  dateOfBirth: string,
  now: number,
): Promise<UserRow | undefined> =>
  db
    .updateTable('users')
    .set({ date_of_birth: dateOfBirth, date_of_birth_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('date_of_birth', 'is', null)
    .returningAll()
    .executeTakeFirst();

// ---- sms codes

export const insertSmsCode = async (db: Db, code: Insertable<SmsCodesTable>): Promise<number> => {
  const row = await db.insertInto('sms_codes').values(code).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

export const deleteSmsCode = async (db: Db, id: number): Promise<void> => {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
};

/** The newest code sent for phone + purpose: only it is valid. */
export const findLatestSmsCode = (
  db: Db,
  areaCode: string,
  phone: string,
  purpose: string,
): Promise<SmsCodeRow | undefined> =>
  db
    .selectFrom('sms_codes')
    .selectAll()
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Spends one try; null when none is left. */
export const spendSmsCodeAttempt = async (
  db: Db,
  id: number,
  maxAttempts: number,
): Promise<number | null> => {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : null;
};

/** Marks the code used; false when someone else used it first (replay race). */
export const consumeSmsCode = async (db: Db, id: number, now: number): Promise<boolean> => {
  const result = await db
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};
