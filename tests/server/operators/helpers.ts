import { generate } from 'otplib';
import { beforeAll } from 'vitest';
import type { Grant } from '../../../server/modules/operators/policy';
import { quickUser } from '../agent/team-fixtures';
import type { TestServer } from '../harness';
import { seedSites } from '../wallet/helpers';

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

/**
 * The demo sites with three operators: an administrator of every site, a `siteRole` of the first site only,
 * and a viewer of every site (each with the second factor passed).
 */
export async function operatorsOfTwoSites(server: TestServer, siteRole: Grant['role']) {
  await seedSites(server);
  const sites = await server.db.selectFrom('sites').select(['id', 'domain']).orderBy('id').execute();
  const [first, second] = sites.map((s) => ({ id: Number(s.id), domain: s.domain })) as [Site, Site];
  const everyAdmin = await quickUser(server);
  await makeOperator(server, everyAdmin);
  const siteOperator = await quickUser(server);
  await makeOperator(server, siteOperator, [{ role: siteRole, siteId: first.id }]);
  const viewer = await quickUser(server);
  await makeOperator(server, viewer, [{ role: 'viewer', siteId: null }]);
  return { first, second, everyAdmin, siteOperator, viewer };
}
type Site = { id: number; domain: string };

export type TwoSiteOperators = Awaited<ReturnType<typeof operatorsOfTwoSites>>;

/**
 * `operatorsOfTwoSites` made before the tests of the file (or describe block) it is called in, on its server
 * (`serverForSuite`, called before this). Its fields are set in beforeAll: read them in a test or a later hook.
 */
export function operatorsOfTwoSitesForSuite(server: TestServer, siteRole: Grant['role']): TwoSiteOperators {
  const made = {} as TwoSiteOperators;
  beforeAll(async () => {
    Object.assign(made, await operatorsOfTwoSites(server, siteRole));
  });
  return made;
}
