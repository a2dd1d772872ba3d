import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type Authenticated, resolveToken } from '../modules/auth/service';
import { sessionExpired } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/** `Authorization: Bearer <token>` (tokenHead + token); the scheme is matched case-insensitively. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S{1,256})\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** preHandler of authenticated routes: 401/996 without a live session, 403/999 when banned. */
export const requireAuth =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw sessionExpired();
    request.auth = await resolveToken(ctx, token);
  };

/** The session of a request that passed requireAuth. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw sessionExpired();
  return request.auth;
}
