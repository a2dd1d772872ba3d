// Issue 31 item 16 (decisions 0033 and 0046): the app shows the times of a user's business days in the zone
// those days are counted in, so the user as the app reads them names it: their own site's zone (the site they
// registered on), whichever site's domain they use now.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminSite } from '#contract/admin/site';
import { latestCode, newPhone, serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { newUser } from '../wallet/helpers';

const MEXICO = 'America/Mexico_City';
const MANILA = 'Asia/Manila'; // the deployment's BUSINESS_TIME_ZONE in tests

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');
beforeAll(async () => {
  const site = (
    (await server.post('/admin/sites/list', {}, operators.everyAdmin.token)).data as AdminSite[]
  ).find((s) => s.domain === operators.first.domain);
  if (!site) throw new Error('no first site');
  const { country: _, icon: __, timeZoneFixed: ___, ...settings } = site;
  const saved = await server.post(
    '/admin/sites/save',
    { ...settings, businessTimeZone: MEXICO },
    operators.everyAdmin.token,
  );
  expect(saved.http, saved.message).toBe(200);
});

/** A user registered on `siteId`. */
async function userOf(siteId: number) {
  const user = await newUser(server, { safePassword: null });
  await server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', user.id).execute();
  return user;
}

describe('the zone of the user’s days', () => {
  it("is their own site's in /user/info and the token login, whichever site's domain asks", async () => {
    const user = await userOf(operators.first.id);
    for (const host of [operators.first.domain, operators.second.domain]) {
      const info = await server.post('/user/info', {}, user.token, { headers: { 'x-forwarded-host': host } });
      expect(info.http, info.message).toBe(200);
      expect(info.data.timeZone).toBe(MEXICO);
      const login = await server.post('/cplogin/tokenLogin', { token: user.token }, undefined, {
        headers: { 'x-forwarded-host': host },
      });
      expect(login.http, login.message).toBe(200);
      expect(login.data.user.timeZone).toBe(MEXICO);
    }
  });

  it("is the other site's for its users, and the deployment's for a user of no site", async () => {
    const other = await userOf(operators.second.id);
    expect((await server.post('/user/info', {}, other.token)).data.timeZone).toBe(MANILA);
    const none = await newUser(server, { safePassword: null });
    await server.db.updateTable('users').set({ site_id: null }).where('id', '=', none.id).execute();
    expect((await server.post('/user/info', {}, none.token)).data.timeZone).toBe(MANILA);
  });

  it('comes with the session a registration and a login answer, and with a new avatar', async () => {
    const [phone, password] = [newPhone(), 'Kestrel#4821'];
    const onFirst = { headers: { 'x-forwarded-host': operators.first.domain } };
    await server.post('/cplogin/sendsms', { areaCode: '63', phone, purpose: 'register' }, undefined, onFirst);
    const code = await latestCode(server, phone);
    const reg = await server.post(
      '/cplogin/reg',
      { areaCode: '63', phone, password, code },
      undefined,
      onFirst,
    );
    expect(reg.http, reg.message).toBe(200);
    expect(reg.data.user.timeZone).toBe(MEXICO);
    const login = await server.post('/cplogin/login', { areaCode: '63', phone, password }, undefined, {
      headers: { 'x-forwarded-host': operators.second.domain },
    });
    expect(login.http, login.message).toBe(200);
    expect(login.data.user.timeZone).toBe(MEXICO);
    const avatar = await server.post('/user/avatar', { avatar: 'sun' }, reg.data.token);
    expect(avatar.http, avatar.message).toBe(200);
    expect(avatar.data.timeZone).toBe(MEXICO);
  });
});
