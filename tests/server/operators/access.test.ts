// Issue 16, decision 0024: operator access. Every role x action x resource is denied unless the test's own
// table allows it; the /api/admin gate answers by the same rules for every declared operator call; a site
// operator sees and changes only their site's records; a non-operator and an operator who has not passed the
// second factor are refused.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_RESOURCES,
  type OperatorAction,
  type OperatorPermission,
  type OperatorResource,
} from '#contract/call';
import { canAccess, OPERATOR_ROLES, type OperatorRole } from '../../../server/modules/operators/policy';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { deposit, money, newUser, type WalletUser, withdrawalInReview } from '../wallet/helpers';
import { makeOperator } from './helpers';

/** What each role may do, written out here independently of the policy's own table. */
const ALLOWED: Record<OperatorRole, Record<OperatorAction, readonly OperatorResource[]>> = {
  viewer: {
    read: OPERATOR_RESOURCES.filter((r) => r !== 'operator' && r !== 'audit'),
    write: ['session'],
  },
  content_editor: {
    read: OPERATOR_RESOURCES.filter((r) => r !== 'operator' && r !== 'audit'),
    write: ['session', 'command', 'banner', 'notice', 'catalogue', 'content', 'message'],
  },
  payments_reviewer: {
    read: OPERATOR_RESOURCES.filter((r) => r !== 'operator' && r !== 'audit'),
    write: ['session', 'command', 'deposit', 'withdrawal', 'commission', 'spin', 'bonus'],
  },
  administrator: { read: OPERATOR_RESOURCES, write: OPERATOR_RESOURCES },
};
const ACTIONS: readonly OperatorAction[] = ['read', 'write'];

describe('canAccess: role x action x resource', () => {
  for (const role of OPERATOR_ROLES)
    for (const action of ACTIONS)
      it(`${role} ${action}`, () => {
        for (const resource of OPERATOR_RESOURCES) {
          const allowed = ALLOWED[role][action].includes(resource);
          const everySite = { userId: 1, grants: [{ role, siteId: null }] };
          const oneSite = { userId: 1, grants: [{ role, siteId: 7 }] };
          expect(canAccess(everySite, action, resource), `${resource}, every site`).toBe(
            allowed ? 'allow' : 'deny',
          );
          expect(canAccess(oneSite, action, resource), `${resource}, site 7`).toEqual(
            allowed ? { siteIds: [7] } : 'deny',
          );
          expect(canAccess(oneSite, action, resource, { siteId: 7 }), `${resource} of site 7`).toBe(
            allowed ? 'allow' : 'deny',
          );
          // Outside their site, and a platform-wide record: denied to a site operator.
          expect(canAccess(oneSite, action, resource, { siteId: 8 }), `${resource} of site 8`).toBe('deny');
          expect(canAccess(oneSite, action, resource, { siteId: null }), `${resource}, platform`).toBe(
            'deny',
          );
        }
      });

  it('a user without grants is denied everything; grants on two sites constrain to both', () => {
    for (const resource of OPERATOR_RESOURCES)
      for (const action of ACTIONS)
        expect(canAccess({ userId: 1, grants: [] }, action, resource)).toBe('deny');
    const two = {
      userId: 1,
      grants: [
        { role: 'payments_reviewer' as const, siteId: 3 },
        { role: 'viewer' as const, siteId: 2 },
      ],
    };
    expect(canAccess(two, 'read', 'withdrawal')).toEqual({ siteIds: [2, 3] });
    expect(canAccess(two, 'write', 'withdrawal')).toEqual({ siteIds: [3] });
    expect(canAccess(two, 'write', 'withdrawal', { siteId: 2 })).toBe('deny');
  });
});

const server = serverForSuite({ demoSeed: true });

/** Every declared operator call the server registered, with its permission. */
function declaredOperatorCalls(): { path: string; method: string; permission: OperatorPermission }[] {
  return server.app.routes.flatMap((r) =>
    r.call && typeof r.call.access === 'object' && r.method !== 'HEAD'
      ? [{ path: r.call.path, method: r.call.method, permission: r.call.access.operator }]
      : [],
  );
}

async function ask(path: string, method: string, token: string) {
  if (method === 'GET') {
    const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    // An allowed raw call (the audit export) answers its file; a refusal is always an envelope.
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { http: res.status, data: json ? ((await res.json()) as { data: unknown }).data : null };
  }
  return server.post(path, {}, token, { headers: { 'idempotency-key': `k-${Math.random()}` } });
}

describe('the /api/admin gate', () => {
  const actors: Partial<Record<OperatorRole, TeamUser>> = {};
  let plain: TeamUser;
  let unverified: TeamUser;
  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) {
      const user = await quickUser(server);
      await makeOperator(server, user, [{ role, siteId: null }]);
      actors[role] = user;
    }
    plain = await quickUser(server);
    unverified = await quickUser(server);
    await server.db
      .insertInto('operator_grants')
      .values({
        user_id: unverified.id,
        role: 'administrator',
        site_id: null,
        granted_by: null,
        created_at: 0,
      })
      .execute();
  });

  it('answers every declared operator call by the policy, for every role', async () => {
    const calls = declaredOperatorCalls();
    expect(calls.length).toBeGreaterThan(15);
    for (const role of OPERATOR_ROLES) {
      const token = (actors[role] as TeamUser).token;
      for (const call of calls) {
        const res = await ask(call.path, call.method, token);
        const allowed = ALLOWED[role][call.permission.action].includes(call.permission.resource);
        if (allowed) expect(res.http, `${role} ${call.path}`).not.toBe(403);
        else {
          expect(res.http, `${role} ${call.path}`).toBe(403);
          expect(res.data, `${role} ${call.path}`).toEqual({ code: 'permission_denied' });
        }
      }
    }
  });

  it('refuses a non-operator (operator_only) and an operator before the second factor', async () => {
    for (const call of declaredOperatorCalls()) {
      const res = await ask(call.path, call.method, plain.token);
      expect(res.http, call.path).toBe(403);
      expect(res.data, call.path).toEqual({ code: 'operator_only' });
      const early = await ask(call.path, call.method, unverified.token);
      if (call.permission.resource === 'session') expect(early.http, call.path).not.toBe(403);
      else {
        expect(early.http, call.path).toBe(403);
        expect(early.data, call.path).toEqual({ code: 'second_factor_required' });
      }
    }
  });
});

describe('a site operator', () => {
  let siteOp: TeamUser;
  let everyOp: TeamUser;
  let here: WalletUser;
  let there: WalletUser;
  let hereWithdrawal: number;
  let thereWithdrawal: number;

  async function withdrawal(user: WalletUser): Promise<number> {
    await deposit(server, user, 500);
    return withdrawalInReview(server, user, 100);
  }

  beforeAll(async () => {
    const sites = await server.db.selectFrom('sites').select('id').orderBy('id').execute();
    const [first, second] = sites.map((s) => Number(s.id)) as [number, number];
    siteOp = await quickUser(server);
    await makeOperator(server, siteOp, [{ role: 'payments_reviewer', siteId: first }]);
    everyOp = await quickUser(server);
    await makeOperator(server, everyOp, [{ role: 'payments_reviewer', siteId: null }]);
    here = await newUser(server);
    there = await newUser(server);
    await server.db.updateTable('users').set({ site_id: first }).where('id', '=', here.id).execute();
    await server.db.updateTable('users').set({ site_id: second }).where('id', '=', there.id).execute();
    hereWithdrawal = await withdrawal(here);
    thereWithdrawal = await withdrawal(there);
  });

  const listed = async (token: string) =>
    (await server.post('/admin/withdrawals/list', { state: 'WaitReview' }, token)).data.content.map(
      (w: { id: number }) => w.id,
    );

  it("lists only their site's withdrawals; an operator of every site lists both", async () => {
    const mine = await listed(siteOp.token);
    expect(mine).toContain(hereWithdrawal);
    expect(mine).not.toContain(thereWithdrawal);
    const all = await listed(everyOp.token);
    expect(all).toEqual(expect.arrayContaining([hereWithdrawal, thereWithdrawal]));
  });

  it("cannot approve another site's withdrawal, and can approve their own site's", async () => {
    const other = await money(server, '/admin/withdrawals/approve', { id: thereWithdrawal }, siteOp.token);
    expect(other.http).toBe(403);
    expect(other.data).toEqual({ code: 'permission_denied' });
    const row = await server.db
      .selectFrom('withdrawals')
      .select('state')
      .where('id', '=', thereWithdrawal)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('WaitReview');
    const own = await money(server, '/admin/withdrawals/approve', { id: hereWithdrawal }, siteOp.token);
    expect(own.data).toMatchObject({ id: hereWithdrawal, state: 'WaitExec' });
  });

  it("lists and writes only their site's notices, and those of every site", async () => {
    const [first] = (await server.db.selectFrom('sites').select('id').orderBy('id').execute()).map((r) =>
      Number(r.id),
    );
    const editor = await quickUser(server);
    await makeOperator(server, editor, [{ role: 'content_editor', siteId: first as number }]);
    const admin = await quickUser(server);
    await makeOperator(server, admin);
    const texts = { 'en-US': { title: 'Scoped', body: 'text' } };
    const ids: Record<string, number> = {};
    for (const site of ['localhost', '127.0.0.1', null])
      ids[String(site)] = (await server.post('/admin/notices/create', { texts, site }, admin.token)).data.id;
    const seen = (await server.post('/admin/notices/list', {}, editor.token)).data.content.map(
      (n: { id: number }) => n.id,
    );
    expect(seen).toEqual(expect.arrayContaining([ids.localhost, ids.null]));
    expect(seen).not.toContain(ids['127.0.0.1']);
    const other = await server.post('/admin/notices/create', { texts, site: '127.0.0.1' }, editor.token);
    expect(other.data).toEqual({ code: 'permission_denied' });
    const everywhere = await server.post('/admin/notices/withdraw', { id: ids.null }, editor.token);
    expect(everywhere.data).toEqual({ code: 'permission_denied' });
    expect(
      (await server.post('/admin/notices/create', { texts, site: 'localhost' }, editor.token)).status,
    ).toBe(200);
  });

  it("cannot ban another site's user", async () => {
    const res = await server.post('/admin/users/ban', { uid: there.uid, reason: 'fraud' }, siteOp.token);
    expect(res.http).toBe(403);
  });
});
