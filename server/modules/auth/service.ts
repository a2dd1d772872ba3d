import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import {
  AREA_CODES,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type SendSmsRequest,
  type SessionResponse,
  type SmsCodePurpose,
  toUsername,
} from '#contract/auth';
import { Status } from '#contract/envelope';
import type { ChangePasswordRequest } from '#contract/profile';
import type { UserInfo } from '#contract/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { isUniqueViolation } from '../../db/create-db';
import {
  codedError,
  conflict,
  fieldError,
  forbidden,
  serviceUnavailable,
  sessionExpired,
  tooManyRequests,
} from '../../http/envelope';
import {
  assertCooldownOver,
  assertUnderLimit,
  deleteEvents,
  lockKey,
  recordEvent,
} from '../../http/rate-limit';
import { siteTimeZone } from '../site/service';
import { isCommonPassword } from './common-passwords';
import * as repo from './repository';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_COOLDOWN_MS = 60_000;
export const SMS_MAX_PER_PHONE_PER_HOUR = 5;
export const LOGIN_LOCK_AFTER_FAILURES = 5;
export const LOGIN_LOCK_BASE_MS = 30_000;
export const LOGIN_LOCK_MAX_MS = 15 * 60_000;
/** The per-address ceiling (LOGIN_IP_FAILURE_LIMIT) counts over this window. */
export const LOGIN_IP_WINDOW_MS = 15 * 60_000;
/** Sliding expiry is written at most this often per token. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
export const TOKEN_HEAD = 'Bearer ';

const HOUR_MS = 3600_000;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

export const hashPassword = (password: string): Promise<string> => hash(password);

// Verified against when the phone has no account, so both answers take about as long.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash(randomBytes(12).toString('base64url'));
  return dummyHash;
};

/**
 * The user as the app reads them, with the zone their business days are counted in: their own site's
 * (decision 0033), not the site whose domain they use now; the app shows the times of those days in it
 * (decision 0046). `db`: a transaction that may have just created the user, or ctx.db.
 */
export async function toUserInfo(ctx: AppContext, user: repo.UserRow, db: Db = ctx.db): Promise<UserInfo> {
  return {
    uid: user.uid,
    username: user.username,
    role: user.role,
    job: user.job,
    level: user.level,
    rate: user.rate,
    rate1: user.rate1,
    rate2: user.rate2,
    defaultRate: user.default_rate,
    avatar: user.avatar,
    timeZone: await siteTimeZone(ctx, user.site_id, db),
    dateOfBirth: user.date_of_birth,
  };
}

export function assertRealPhone(areaCode: string, phone: string): void {
  const country = AREA_CODES.find((a) => a.areaCode === areaCode)?.country;
  if (!country || !isValidPhoneNumber(phone, country)) throw fieldError('phone', 'phone_wrong');
}

function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) throw fieldError('password', 'password_common');
}

// ---- sessions

async function issueSession(
  ctx: AppContext,
  db: Db,
  user: repo.UserRow,
  now: number,
): Promise<SessionResponse> {
  const token = randomBytes(16).toString('base64url');
  await repo.insertSession(db, {
    user_id: user.id,
    token_hash: sha256(token),
    created_at: now,
    last_used_at: now,
    expires_at: now + ttlMs(ctx),
    revoked_at: null,
  });
  return { token, tokenHead: TOKEN_HEAD, user: await toUserInfo(ctx, user, db) };
}

const ttlMs = (ctx: AppContext): number => ctx.config.sessionTtlDays * 24 * HOUR_MS;

export interface Authenticated {
  user: repo.UserRow;
  sessionId: number;
}

/** The account behind a token: 996 when missing, expired or revoked; 999 when banned. Extends the expiry. */
export async function resolveToken(ctx: AppContext, token: string): Promise<Authenticated> {
  const now = ctx.clock.now();
  const found = await repo.findSessionWithUser(ctx.db, sha256(token));
  if (!found) throw sessionExpired();
  const { session, user } = found;
  if (session.revoked_at !== null || session.expires_at <= now) throw sessionExpired();
  if (user.banned) throw forbidden();
  if (now - session.last_used_at >= SESSION_TOUCH_INTERVAL_MS) {
    await repo.touchSession(ctx.db, session.id, now, now + ttlMs(ctx));
  }
  return { user, sessionId: session.id };
}

/** Whether an account may act (for callers outside a user's own request: game providers): undefined when unknown. */
export async function accountStanding(db: Db, userId: number): Promise<{ banned: boolean } | undefined> {
  const user = await repo.findStanding(db, userId);
  return user ? { banned: user.banned === 1 } : undefined;
}

export async function logout(ctx: AppContext, auth: Authenticated): Promise<null> {
  await repo.revokeSession(ctx.db, auth.sessionId, ctx.clock.now());
  return null;
}

// ---- verification codes

const smsText = (code: string) =>
  `Beacon verification code: ${code}. It is valid for 5 minutes. Never share it with anyone.`;

/**
 * Same answer whether or not the phone has an account: a reset for an unknown phone sends
 * nothing but counts against the same limits, so limits do not reveal it either.
 */
export async function sendSms(
  ctx: AppContext,
  req: Omit<SendSmsRequest, 'purpose'> & { purpose: SmsCodePurpose },
  ip: string,
): Promise<{ cooldownSeconds: number }> {
  assertRealPhone(req.areaCode, req.phone);
  const now = ctx.clock.now();
  const phoneKey = toUsername(req.areaCode, req.phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');

  // Reserve the send (limits checked and recorded atomically), hand it to the provider outside the
  // transaction, and give the reservation back if the provider fails.
  const reservation = await ctx.db.transaction().execute(async (trx) => {
    await lockKey(trx, `sms:${phoneKey}`);
    await assertCooldownOver(trx, 'sms_cooldown', `${phoneKey}:${req.purpose}`, SMS_COOLDOWN_MS, now);
    await assertUnderLimit(
      trx,
      { bucket: 'sms_phone', key: phoneKey, max: SMS_MAX_PER_PHONE_PER_HOUR, windowMs: HOUR_MS },
      now,
    );
    await assertUnderLimit(
      trx,
      { bucket: 'sms_ip', key: ip, max: ctx.config.smsIpHourlyLimit, windowMs: HOUR_MS },
      now,
    );
    const eventIds = [
      await recordEvent(trx, 'sms_cooldown', `${phoneKey}:${req.purpose}`, now),
      await recordEvent(trx, 'sms_phone', phoneKey, now),
      await recordEvent(trx, 'sms_ip', ip, now),
    ];
    const hasAccount = (await repo.findUserByUsername(trx, phoneKey)) !== undefined;
    const deliver = req.purpose === 'register' || hasAccount;
    // A reset for an unknown phone still gets a code row, never sent and matching no code, so wrong
    // guesses at forgotpwd spend tries and expire exactly as for a known phone (decision 0005).
    const codeId = await repo.insertSmsCode(trx, {
      area_code: req.areaCode,
      phone: req.phone,
      purpose: req.purpose,
      code_hash: deliver ? sha256(code) : sha256(randomBytes(32).toString('hex')),
      created_at: now,
      expires_at: now + SMS_CODE_TTL_MS,
      attempts: 0,
      consumed_at: null,
    });
    return { eventIds, codeId, deliver };
  });

  if (reservation.deliver) {
    try {
      await ctx.sms.send({ areaCode: req.areaCode, phone: req.phone }, smsText(code), {
        code,
        purpose: req.purpose,
      });
    } catch (err) {
      await ctx.db.transaction().execute(async (trx) => {
        await deleteEvents(trx, reservation.eventIds);
        await repo.deleteSmsCode(trx, reservation.codeId);
      });
      ctx.log.warn({ err }, 'sms provider failed');
      throw serviceUnavailable('sms_unavailable');
    }
  }
  return { cooldownSeconds: SMS_COOLDOWN_MS / 1000 };
}

/**
 * Spends one try of the newest code for phone + purpose (atomically, so parallel guesses cannot
 * exceed the limit) and checks it. Returns the code's id for consumption.
 */
async function verifyCode(
  ctx: AppContext,
  areaCode: string,
  phone: string,
  purpose: SmsCodePurpose,
  code: string,
): Promise<number> {
  const now = ctx.clock.now();
  const row = await repo.findLatestSmsCode(ctx.db, areaCode, phone, purpose);
  if (!row || row.consumed_at !== null) throw fieldError('code', 'code_wrong');
  if (row.attempts >= SMS_MAX_ATTEMPTS) throw fieldError('code', 'code_too_many_tries');
  if (row.expires_at <= now) throw fieldError('code', 'code_expired');
  const attempts = await repo.spendSmsCodeAttempt(ctx.db, row.id, SMS_MAX_ATTEMPTS);
  if (attempts === null) throw fieldError('code', 'code_too_many_tries');
  if (!sameHash(row.code_hash, sha256(code))) {
    throw fieldError('code', attempts >= SMS_MAX_ATTEMPTS ? 'code_too_many_tries' : 'code_wrong');
  }
  return row.id;
}

async function consumeOrFail(db: Db, codeId: number, now: number): Promise<void> {
  if (!(await repo.consumeSmsCode(db, codeId, now))) throw fieldError('code', 'code_wrong');
}

// ---- account calls

/**
 * What registration asks of the agent programme, handed in by the registry: the agent module owns the
 * binding (users.invited_by, the team tree, first ratios), and auth never imports it.
 */
export interface RegistrationHooks {
  /** Before anything is spent: refuses an unknown invite code or link (a field error). */
  checkInvite(invite: { inviteCode: string | null; link: string | null }): Promise<void>;
  /** In the registration's transaction, after the user row is written: binds it, records the client. */
  onRegistered(
    trx: Db,
    userId: number,
    invite: { inviteCode: string | null; link: string | null },
    client: { ip: string; device: string | undefined },
  ): Promise<void>;
}

export async function register(
  ctx: AppContext,
  req: RegisterRequest,
  hooks: RegistrationHooks,
  client: { ip: string; device: string | undefined; siteId: number | null },
): Promise<SessionResponse> {
  assertRealPhone(req.areaCode, req.phone);
  assertAcceptablePassword(req.password);
  const invite = { inviteCode: req.inviteCode?.trim().toUpperCase() || null, link: req.link?.trim() || null };
  await hooks.checkInvite(invite);
  const codeId = await verifyCode(ctx, req.areaCode, req.phone, 'register', req.code);
  const username = toUsername(req.areaCode, req.phone);
  if (await repo.findUserByUsername(ctx.db, username)) throw conflict('account_exists');

  const passwordHash = await hashPassword(req.password);
  for (let attempt = 0; ; attempt++) {
    const now = ctx.clock.now();
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        await consumeOrFail(trx, codeId, now);
        const user = await repo.insertUser(trx, {
          ...newUserDefaults(),
          area_code: req.areaCode,
          phone: req.phone,
          username,
          password_hash: passwordHash,
          invited_by: null,
          site_id: client.siteId,
          created_at: now,
          updated_at: now,
        });
        await hooks.onRegistered(trx, user.id, invite, client);
        // The binding may have made the user an agent (a link for agents).
        const bound = (await repo.findUserById(trx, user.id)) ?? user;
        return issueSession(ctx, trx, bound, now);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await repo.findUserByUsername(ctx.db, username)) throw conflict('account_exists');
      // A random uid or invite code collided: draw again.
      if (attempt >= 4) throw err;
    }
  }
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const randomInviteCode = (): string =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** 8-digit public user number, unrelated to the row id so it reveals nothing about sign-up order. */
export const randomUid = (): number => randomInt(10_000_000, 100_000_000);

/** A new account's columns before it signs up for anything (also used by tests and benches seeding users). */
export const newUserDefaults = () => ({
  uid: randomUid(),
  invite_code: randomInviteCode(),
  role: 0,
  job: 0,
  level: 0,
  rate: 0,
  rate1: 0,
  rate2: 0,
  default_rate: 0,
  banned: 0,
  locale: null,
  failed_logins: 0,
  locked_until: null,
});

export async function login(ctx: AppContext, req: LoginRequest, ip: string): Promise<SessionResponse> {
  assertRealPhone(req.areaCode, req.phone);
  const now = ctx.clock.now();
  // Guessing is slowed per account (backoff below); the per-address ceiling is high, because a carrier
  // NAT puts many phones behind one address and a low one would lock all of them out (decision 0005).
  const ipLimit = {
    bucket: 'login_fail_ip',
    key: ip,
    max: ctx.config.loginIpFailureLimit,
    windowMs: LOGIN_IP_WINDOW_MS,
  };
  await assertUnderLimit(ctx.db, ipLimit, now);

  const user = await repo.findUserByUsername(ctx.db, toUsername(req.areaCode, req.phone));
  if (user?.locked_until != null && user.locked_until > now)
    throw tooManyRequests((user.locked_until - now) / 1000);

  const passwordOk = user
    ? await verify(user.password_hash, req.password)
    : await verify(await getDummyHash(), req.password).then(() => false);
  if (!user || !passwordOk) {
    await recordEvent(ctx.db, ipLimit.bucket, ip, now);
    if (user) {
      const failures = user.failed_logins + 1;
      const lockedUntil =
        failures >= LOGIN_LOCK_AFTER_FAILURES
          ? now +
            Math.min(LOGIN_LOCK_BASE_MS * 2 ** (failures - LOGIN_LOCK_AFTER_FAILURES), LOGIN_LOCK_MAX_MS)
          : null;
      await repo.recordLoginFailure(ctx.db, user.id, failures, lockedUntil, now);
    }
    throw codedError(400, Status.badRequest, 'credentials_wrong');
  }
  if (user.banned) throw forbidden();
  await repo.resetLoginFailures(ctx.db, user.id);
  return issueSession(ctx, ctx.db, user, now);
}

export async function forgotPassword(ctx: AppContext, req: ForgotPasswordRequest): Promise<null> {
  assertRealPhone(req.areaCode, req.phone);
  assertAcceptablePassword(req.password);
  const codeId = await verifyCode(ctx, req.areaCode, req.phone, 'reset', req.code);
  const user = await repo.findUserByUsername(ctx.db, toUsername(req.areaCode, req.phone));
  if (!user) throw fieldError('code', 'code_wrong');
  const passwordHash = await hashPassword(req.password);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await consumeOrFail(trx, codeId, now);
    await repo.setPassword(trx, user.id, passwordHash, now);
    await repo.revokeAllSessions(trx, user.id, now);
  });
  return null;
}

// ---- a signed-in user's own account

/** A code for a password change, to the signed-in user's own phone: the same limits as any code. */
export const sendPasswordCode = (
  ctx: AppContext,
  auth: Authenticated,
  ip: string,
): Promise<{ cooldownSeconds: number }> =>
  sendSms(ctx, { areaCode: auth.user.area_code, phone: auth.user.phone, purpose: 'password' }, ip);

/**
 * The login password changed with a code sent to the user's phone (verified as /cplogin/forgotpwd does:
 * the newest code only, 5 tries, 5 minutes, once). Every other session of the user is revoked in the same
 * transaction: whoever else held one no longer does; the session that made the change goes on.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Authenticated,
  req: ChangePasswordRequest,
): Promise<null> {
  assertAcceptablePassword(req.password);
  const codeId = await verifyCode(ctx, auth.user.area_code, auth.user.phone, 'password', req.code);
  const passwordHash = await hashPassword(req.password);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await consumeOrFail(trx, codeId, now);
    await repo.setPassword(trx, auth.user.id, passwordHash, now);
    await repo.revokeOtherSessions(trx, auth.user.id, auth.sessionId, now);
  });
  return null;
}

export async function setAvatar(ctx: AppContext, auth: Authenticated, avatar: string): Promise<UserInfo> {
  return toUserInfo(ctx, await repo.setAvatar(ctx.db, auth.user.id, avatar, ctx.clock.now()));
}

/** The site a user registered through (decision 0024: an operator's access to the user's records); null: none. */
export async function userSiteId(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('site_id').where('id', '=', userId).executeTakeFirst();
  return row?.site_id ?? null;
}

/**
 * The business time zone of a user's days: their own site's (decision 0033: users.site_id, where they
 * registered, whichever site they use), the user read through `db` (a transaction that may have just
 * created them, or ctx.db).
 */
export const userTimeZone = async (ctx: AppContext, userId: number, db: Db = ctx.db): Promise<string> =>
  siteTimeZone(ctx, await userSiteId(db, userId), db);

/** Area code, the first 3 and the last 2 digits: `+63 917*****67`. */
export function maskPhone(areaCode: string, phone: string): string {
  if (phone.length <= 5) return `+${areaCode} ${'*'.repeat(phone.length)}`;
  return `+${areaCode} ${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}
