import type { FastifyRequest } from 'fastify';
import type { OperatorPermission } from '#contract/call';
import { DEVICE_HEADER } from '#contract/call';
import type { AppContext } from '../context';
import { recordRequestSignals } from '../modules/agent/service';
import { type Authenticated, resolveToken } from '../modules/auth/service';
import { canAccess, type Operator, operatorOf, secondFactorPassed } from '../modules/operators/service';
import { codedError, sessionExpired } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
    /** Set by requireOperator. */
    operator: Operator | null;
  }
}

/** `Authorization: Bearer <token>` (tokenHead + token); the scheme is matched case-insensitively. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S{1,256})\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Where the request came from (hashed by the agent programme: holds are decided on it), once an hour. */
async function recordClient(ctx: AppContext, request: FastifyRequest, auth: Authenticated): Promise<void> {
  const device = request.headers[DEVICE_HEADER_NAME];
  await recordRequestSignals(ctx, auth.user.id, {
    ip: request.ip,
    device: Array.isArray(device) ? device[0] : device,
  });
}

const DEVICE_HEADER_NAME = DEVICE_HEADER.toLowerCase();

/*
 * The access hooks of declared calls (server/http/serve.ts picks one per call's `access`). All run
 * onRequest, before the body is read: a caller without the right gets 401/403, never a 400 about a body
 * it had no right to send.
 */

/** A signed-in user: 401/996 without a live session, 403/999 when banned. */
export const requireUser =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw sessionExpired();
    request.auth = await resolveToken(ctx, token);
    await recordClient(ctx, request, request.auth);
  };

/**
 * Public answers that differ per user (catalogue lists with the caller's apply state): no Authorization
 * header means a visitor; a header with a dead token is still 996, so the app logs out as everywhere else.
 */
export const optionalUser =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return;
    const token = bearerToken(header);
    if (!token) throw sessionExpired();
    request.auth = await resolveToken(ctx, token);
    await recordClient(ctx, request, request.auth);
  };

/**
 * The one gate of /api/admin (decision 0024): a signed-in operator (a user holding a grant, else 403
 * `operator_only`) whose session passed the second factor (else 403 `second_factor_required`; the session
 * calls themselves excepted) and one of whose grants allows the call's permission on some site (else 403
 * `permission_denied`). Services then ask `canAccess` per record or constrain their lists to the sites.
 */
export const requireOperator = (ctx: AppContext, permission: OperatorPermission) => {
  const user = requireUser(ctx);
  return async (request: FastifyRequest): Promise<void> => {
    await user(request);
    const auth = authOf(request);
    const operator = await operatorOf(ctx, auth);
    if (!operator) throw codedError(403, 403, 'operator_only');
    if (permission.resource !== 'session' && !(await secondFactorPassed(ctx, auth)))
      throw codedError(403, 403, 'second_factor_required');
    if (canAccess(operator, permission.action, permission.resource) === 'deny')
      throw codedError(403, 403, 'permission_denied');
    request.operator = operator;
  };
};

/** The session of a request that passed requireUser. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw sessionExpired();
  return request.auth;
}
