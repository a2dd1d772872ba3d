// Issue 16: the console's users list. An operator finds an account by UID or by digits of its phone, sees
// only their sites' users with the phone masked, and sees a ban waiting for a second operator.
import { beforeAll, describe, expect, it } from 'vitest';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import { newUser, type WalletUser } from '../wallet/helpers';

const server = serverForSuite({ demoSeed: true });
let everyOp: TeamUser;
let siteOp: TeamUser;
let here: WalletUser;
let there: WalletUser;

beforeAll(async () => {
  const sites = await server.db.selectFrom('sites').select('id').orderBy('id').execute();
  const [first, second] = sites.map((s) => Number(s.id)) as [number, number];
  everyOp = await quickUser(server);
  await makeOperator(server, everyOp, [{ role: 'administrator', siteId: null }]);
  siteOp = await quickUser(server);
  await makeOperator(server, siteOp, [{ role: 'viewer', siteId: first }]);
  here = await newUser(server);
  there = await newUser(server);
  await server.db.updateTable('users').set({ site_id: first }).where('id', '=', here.id).execute();
  await server.db.updateTable('users').set({ site_id: second }).where('id', '=', there.id).execute();
});

const search = (token: string, query: string) => server.post('/admin/users/list', { query }, token);
const uids = (res: { data: { content: { uid: number }[] } }) => res.data.content.map((u) => u.uid);

describe('the users list', () => {
  it('finds an account by UID and by digits of its phone, the phone masked', async () => {
    const byUid = await search(everyOp.token, String(here.uid));
    expect(byUid.http, byUid.message).toBe(200);
    expect(uids(byUid)).toContain(here.uid);
    const user = byUid.data.content.find((u: { uid: number }) => u.uid === here.uid);
    expect(user).toMatchObject({ banned: false, banPending: false, job: 0 });
    expect(user.phone).toMatch(/^\+63 \d{3}\*+\d{2}$/);
    expect(user.phone).not.toContain(here.phone);
    const byPhone = await search(everyOp.token, here.phone);
    expect(uids(byPhone)).toContain(here.uid);
    expect(uids(byPhone)).not.toContain(there.uid);
  });

  it('sorts by registration, newest first unless asked for the oldest; a wrong order is refused', async () => {
    const list = async (sort?: string) => {
      const res = await server.post('/admin/users/list', { sort, size: 50 }, everyOp.token);
      expect(res.http, res.message).toBe(200);
      return uids(res).filter((uid) => uid === here.uid || uid === there.uid);
    };
    expect(await list()).toEqual([there.uid, here.uid]);
    expect(await list('newest')).toEqual([there.uid, here.uid]);
    const oldest = await server.post('/admin/users/list', { sort: 'oldest' }, everyOp.token);
    const all = await server.db.selectFrom('users').select('uid').orderBy('id').limit(20).execute();
    expect(uids(oldest)).toEqual(all.map((u) => Number(u.uid)));
    const wrong = await server.post('/admin/users/list', { sort: 'largest' }, everyOp.token);
    expect(wrong.data.issues[0]).toMatchObject({ path: 'sort', code: 'invalid_type' });
  });

  it("a site's operator sees only that site's users", async () => {
    expect(uids(await search(siteOp.token, String(here.uid)))).toContain(here.uid);
    expect(uids(await search(siteOp.token, String(there.uid)))).not.toContain(there.uid);
    expect(uids(await search(everyOp.token, String(there.uid)))).toContain(there.uid);
    // And cannot ban: a viewer writes nothing.
    const ban = await server.post('/admin/users/ban', { uid: here.uid, reason: 'x' }, siteOp.token);
    expect(ban).toMatchObject({ http: 403, data: { code: 'permission_denied' } });
  });

  it('shows a proposed ban as waiting, and refuses a search that is not digits', async () => {
    const ban = await server.post(
      '/admin/users/ban',
      { uid: there.uid, reason: 'Chargebacks' },
      everyOp.token,
    );
    expect(ban.http, ban.message).toBe(200);
    const listed = (await search(everyOp.token, String(there.uid))).data.content.find(
      (u: { uid: number }) => u.uid === there.uid,
    );
    expect(listed).toMatchObject({ banned: false, banPending: true });
    const bad = await search(everyOp.token, "1' or 1=1");
    expect(bad.http).toBe(400);
    expect(bad.data.issues[0]).toMatchObject({ path: 'query', code: 'user_query_invalid' });
    const player = await quickUser(server);
    expect((await search(player.token, '')).data).toEqual({ code: 'operator_only' });
  });
});
