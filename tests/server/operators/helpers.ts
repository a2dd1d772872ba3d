import { generate } from 'otplib';
import type { Grant } from '../../../server/modules/operators/policy';
import type { TestServer } from '../harness';

/** The authenticator secret tests give their operators (base32, 20 bytes). */
export const TEST_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** The code an authenticator with `secret` shows at the server's test clock. */
export const totpCode = (server: TestServer, secret = TEST_TOTP_SECRET): Promise<string> =>
  generate({ secret, epoch: Math.floor(server.clock.now() / 1000) });

/**
 * Makes a signed-in user an operator the way an administrator would: grants (administrator of every site
 * unless told), a confirmed authenticator, then the session passes the second factor through the real call.
 */
export async function makeOperator(
  server: TestServer,
  user: { id: number; token: string },
  grants: readonly Grant[] = [{ role: 'administrator', siteId: null }],
): Promise<void> {
  const now = server.clock.now();
  await server.db
    .insertInto('operator_grants')
    .values(
      grants.map((g) => ({
        user_id: user.id,
        role: g.role,
        site_id: g.siteId,
        granted_by: null,
        created_at: now,
      })),
    )
    .execute();
  await server.db
    .insertInto('operator_totp')
    .values({
      user_id: user.id,
      secret: TEST_TOTP_SECRET,
      confirmed_at: now,
      last_step: null,
      created_at: now,
    })
    .execute();
  await passSecondFactor(server, user.token);
}

/** Passes a session's second factor with the current code. */
export async function passSecondFactor(server: TestServer, token: string): Promise<void> {
  const res = await server.post('/admin/session/totp', { code: await totpCode(server) }, token);
  if (res.status !== 200) throw new Error(`second factor: ${res.status} ${res.message}`);
}
