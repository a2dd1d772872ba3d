// Issue 16: one account in the console. An operator reads a user's place in the tree, ratios with the range
// the agent rules allow, and the safe's lock, and clears a locked safe (audited, with a reason); a site's
// operator reads only their site's accounts and a viewer clears nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { bindTo, quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import { money, newUser, SAFE_PASSWORD, type WalletUser } from '../wallet/helpers';

const server = serverForSuite({ demoSeed: true });
let admin: TeamUser;
let viewer: TeamUser;
let first: number;
let second: number;

beforeAll(async () => {
  const sites = await server.db.selectFrom('sites').select('id').orderBy('id').execute();
  [first, second] = sites.map((s) => Number(s.id)) as [number, number];
  admin = await quickUser(server);
  await makeOperator(server, admin, [{ role: 'administrator', siteId: null }]);
  viewer = await quickUser(server);
  await makeOperator(server, viewer, [{ role: 'viewer', siteId: first }]);
});

const detail = (token: string, uid: unknown) => server.post('/admin/users/detail', { uid }, token);
const reset = (token: string, body: Record<string, unknown>) =>
  server.post('/admin/users/safe/reset', body, token);
const moveToSite = (userId: number, siteId: number) =>
  server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', userId).execute();

/** Five wrong safe passwords in a row: the fifth locks the safe. */
async function lockSafe(user: WalletUser): Promise<void> {
  // Anything but the password set (SAFE_PASSWORD).
  const wrong = '000000';
  for (let i = 0; i < 5; i++)
    await money(server, '/wallet/safe/withdraw', { amount: 1, safePassword: wrong }, user.token);
  const info = await server.post('/wallet/safe/info', {}, user.token);
  expect(info.data.lockedUntil).toBeGreaterThan(server.clock.now());
}

const auditRows = (uid: number) =>
  server.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('resource', '=', 'user')
    .where('record_id', '=', String(uid))
    .orderBy('id')
    .execute();

describe("an account's page", () => {
  it('shows the parent, the members, the ratios and the range the tree leaves each channel', async () => {
    const top = await quickUser(server, { job: 1, ratios: { slots: 5, 'live-casino': 4, sports: 3 } });
    const agent = await quickUser(server, { job: 1, ratios: { slots: 3, 'live-casino': 2, sports: 1 } });
    const member = await quickUser(server, { ratios: { slots: 2, 'live-casino': 0.5 } });
    await bindTo(server, agent, top);
    await bindTo(server, member, agent);
    const res = await detail(admin.token, agent.uid);
    expect(res.http, JSON.stringify(res)).toBe(200);
    expect(res.data.user).toMatchObject({ uid: agent.uid, job: 1, banned: false });
    expect(res.data.user.phone).not.toContain(agent.phone);
    expect(res.data.parentUid).toBe(top.uid);
    expect(res.data.members).toEqual({ direct: 1, total: 1 });
    const rate = (channel: string) =>
      res.data.ratios.find((r: { channel: string }) => r.channel === channel)?.rate;
    expect([rate('slots'), rate('live-casino'), rate('sports')]).toEqual([3, 2, 1]);
    expect(res.data.ratioLimits).toEqual(
      expect.arrayContaining([
        { channel: 'slots', min: 2, max: 5 },
        { channel: 'live-casino', min: 0.5, max: 4 },
        { channel: 'sports', min: 0, max: 3 },
      ]),
    );
    // A top agent has no parent: the ceiling is the whole range.
    const topPage = await detail(admin.token, top.uid);
    expect(topPage.data.parentUid).toBeNull();
    expect(topPage.data.members).toEqual({ direct: 1, total: 2 });
    expect(topPage.data.ratioLimits).toEqual(
      expect.arrayContaining([{ channel: 'slots', min: 3, max: 100 }]),
    );
  });

  it("is read by a site's operator for their site only, never by a player; refuses a bad UID", async () => {
    const here = await quickUser(server);
    const there = await quickUser(server);
    await moveToSite(here.id, first);
    await moveToSite(there.id, second);
    expect((await detail(viewer.token, here.uid)).http).toBe(200);
    expect((await detail(viewer.token, there.uid)).data).toEqual({ code: 'permission_denied' });
    expect((await detail(here.token, here.uid)).data).toEqual({ code: 'operator_only' });
    expect((await detail(admin.token, 999_999_999)).data).toMatchObject({ code: 'user_not_found' });
    for (const bad of ['12', -1, 1.5, undefined]) {
      const res = await detail(admin.token, bad);
      expect(res.http, String(bad)).toBe(400);
      expect(res.data.issues[0].path).toBe('uid');
    }
  });
});

describe("clearing a safe's lock", () => {
  it('unlocks the safe at once, keeps the password, and is audited with the reason', async () => {
    const user = await newUser(server);
    await lockSafe(user);
    const before = await detail(admin.token, user.uid);
    expect(before.data.safe).toMatchObject({ hasPassword: true });
    expect(before.data.safe.lockedUntil).toBeGreaterThan(server.clock.now());

    const res = await reset(admin.token, { uid: user.uid, reason: 'Called support, identity checked' });
    expect(res.data).toEqual({ uid: user.uid, reset: true });
    expect((await detail(admin.token, user.uid)).data.safe).toEqual({
      hasPassword: true,
      lockedUntil: null,
      failedTries: 0,
    });
    // The old password still opens it; a wrong one counts from zero again.
    const out = await money(
      server,
      '/wallet/safe/withdraw',
      { amount: 1, safePassword: SAFE_PASSWORD },
      user.token,
    );
    expect(out.data?.code).not.toBe('safe_locked');
    expect(out.data?.issues?.[0]?.code).not.toBe('safe_password_wrong');

    const again = await reset(admin.token, { uid: user.uid, reason: 'Pressed twice' });
    expect(again.data).toEqual({ uid: user.uid, reset: false });
    const rows = await auditRows(user.uid);
    expect(rows.map((r) => r.action)).toEqual(['user.safe_reset']);
    expect(JSON.parse(String(rows[0]?.after))).toMatchObject({
      reason: 'Called support, identity checked',
    });
    expect(JSON.parse(String(rows[0]?.before)).lockedUntil).toBeGreaterThan(0);
  });

  it('is refused to a viewer, to another site, to a player, and without a reason', async () => {
    const user = await newUser(server);
    await moveToSite(user.id, first);
    await lockSafe(user);
    expect((await reset(viewer.token, { uid: user.uid, reason: 'x' })).data).toEqual({
      code: 'permission_denied',
    });
    const siteAdmin = await quickUser(server);
    await makeOperator(server, siteAdmin, [{ role: 'administrator', siteId: second }]);
    expect((await reset(siteAdmin.token, { uid: user.uid, reason: 'x' })).data).toEqual({
      code: 'permission_denied',
    });
    expect((await reset(user.token, { uid: user.uid, reason: 'x' })).data).toEqual({ code: 'operator_only' });
    for (const [body, path, code] of [
      [{ uid: user.uid }, 'reason', 'required'],
      [{ uid: user.uid, reason: '   ' }, 'reason', 'required'],
      [{ uid: user.uid, reason: 'x'.repeat(501) }, 'reason', 'too_long'],
      [{ reason: 'x' }, 'uid', 'required'],
    ] as const) {
      const res = await reset(admin.token, body);
      expect(res.http).toBe(400);
      expect(res.data.issues[0]).toMatchObject({ path, code });
    }
    expect((await detail(admin.token, user.uid)).data.safe.lockedUntil).toBeGreaterThan(0);
    expect(await auditRows(user.uid)).toEqual([]);
  });
});
