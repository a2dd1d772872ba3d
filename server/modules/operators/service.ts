import { generateSecret, generateURI, verify } from 'otplib';
import type { OperatorSession } from '#contract/admin/operators';
import type { OperatorAction, OperatorResource } from '#contract/call';
import type { AppContext } from '../../context';
import { codedError, conflict, fieldError } from '../../http/envelope';
import { assertUnderLimit, recordEvent } from '../../http/rate-limit';
import { type AuditActor, recordAudit } from '../audit/service';
import type { Authenticated } from '../auth/service';
import { siteDomains } from '../site/service';
import { canAccess, type Operator, type Scoped } from './policy';
import * as repo from './repository';
import { readTotpSecret, sealTotpSecret, totpKeyring } from './totp-secrets';

export {
  approve as approveCommand,
  type CommandHandler,
  type CommandHandlers,
  listCommands,
  type OperatorActing,
  type PendingProposal,
  pendingCommandOf,
  pendingProposals,
  pendingTargets,
  propose,
  reject as rejectCommand,
} from './commands';
export {
  canAccess,
  type Grant,
  type Operator,
  type OperatorRole,
  type Scoped,
  type SiteConstraint,
  visibleSites,
} from './policy';
export { isSealed, SecretBoxError } from './secret-box';
export { openOtherSecret, sealOtherSecret } from './totp-secrets';

/*
 * Operators' sign-in (decision 0024): grants say what an operator may do; TOTP (RFC 6238: 30-second steps,
 * 6 digits) is the second factor every admin call but this module's own waits for.
 */

const TOTP_PERIOD_S = 30;
/** One step either way: a phone's clock a little off, or a code typed as it changed. */
const TOTP_TOLERANCE_S = 30;
const TOTP_ISSUER = 'Beacon';
/** Wrong codes per operator before the factor is refused for the rest of the window. */
const totpLimit = (userId: number) => ({
  bucket: 'totp_fail',
  key: String(userId),
  max: 5,
  windowMs: 15 * 60_000,
});

/** 403 `permission_denied` unless the operator may do this to a record of this site. */
export function assertCanAccess(
  operator: Operator,
  action: OperatorAction,
  resource: OperatorResource,
  record: Scoped,
): void {
  if (canAccess(operator, action, resource, record) === 'deny')
    throw codedError(403, 403, 'permission_denied');
}

/** The operator behind a session, or null for a user holding no grant. */
export async function operatorOf(ctx: AppContext, auth: Authenticated): Promise<Operator | null> {
  const grants = await repo.grantsOf(ctx.db, auth.user.id);
  return grants.length === 0 ? null : { userId: auth.user.id, grants };
}

export const secondFactorPassed = (ctx: AppContext, auth: Authenticated): Promise<boolean> =>
  repo.sessionPassed(ctx.db, auth.sessionId);

export async function session(
  ctx: AppContext,
  auth: Authenticated,
  operator: Operator,
): Promise<OperatorSession> {
  const [domains, passed, totp] = await Promise.all([
    siteDomains(ctx),
    secondFactorPassed(ctx, auth),
    repo.findTotp(ctx.db, auth.user.id),
  ]);
  return {
    uid: auth.user.uid,
    grants: operator.grants.map((g) => ({
      role: g.role,
      site: g.siteId === null ? null : { id: g.siteId, domain: domains.get(g.siteId) ?? '' },
    })),
    secondFactor: passed ? 'passed' : totp?.confirmed_at != null ? 'required' : 'enrol',
  };
}

/** A new secret for an operator who has not confirmed one; once confirmed it is never shown again. */
export async function enrolTotp(
  ctx: AppContext,
  auth: Authenticated,
): Promise<{ secret: string; uri: string }> {
  const { key } = await totpKeyring(ctx);
  const secret = generateSecret();
  const sealed = sealTotpSecret(key, auth.user.id, secret);
  const stored = await repo.putUnconfirmedSecret(ctx.db, auth.user.id, sealed, ctx.clock.now());
  if (!stored) throw conflict('totp_enrolled');
  const label = `+${auth.user.area_code} ${auth.user.phone}`;
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label, secret, period: TOTP_PERIOD_S }) };
}

/**
 * Passes the session's second factor with a code of the operator's authenticator. A code is taken once:
 * its time step must come after the last one taken. The sign-in is audited.
 */
export async function passTotp(
  ctx: AppContext,
  auth: Authenticated,
  operator: Operator,
  code: string,
  actor: AuditActor,
): Promise<OperatorSession> {
  const now = ctx.clock.now();
  const limit = totpLimit(auth.user.id);
  await assertUnderLimit(ctx.db, limit, now);
  const keyring = await totpKeyring(ctx);
  const totp = await repo.findTotp(ctx.db, auth.user.id);
  if (!totp) throw fieldError('code', 'totp_wrong');
  // A secret that does not open fails as a wrong code does (counted too): whoever holds the password
  // learns nothing about the row, and the server log tells the administrators.
  const secret = await readTotpSecret(ctx, keyring, auth.user.id, totp.secret);
  const result =
    secret === null
      ? { valid: false as const }
      : await verify({
          secret,
          token: code,
          epoch: Math.floor(now / 1000),
          epochTolerance: TOTP_TOLERANCE_S,
          period: TOTP_PERIOD_S,
          ...(totp.last_step === null ? {} : { afterTimeStep: totp.last_step }),
        });
  if (!result.valid) {
    await recordEvent(ctx.db, limit.bucket, limit.key, now);
    throw fieldError('code', 'totp_wrong');
  }
  // The step the code belongs to: now's, moved by the tolerance window's match.
  const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + result.delta;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.takeStep(trx, auth.user.id, step, now))) throw fieldError('code', 'totp_wrong');
    await repo.markSessionPassed(trx, auth.sessionId, now);
    await recordAudit(
      trx,
      actor,
      { siteId: null, action: 'session.second_factor', resource: 'session', recordId: auth.sessionId },
      now,
    );
  });
  return session(ctx, auth, operator);
}
