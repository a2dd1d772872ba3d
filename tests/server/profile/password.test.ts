import { describe, expect, it } from 'vitest';
import { latestCode, registerUser, serverForSuite, wrongCode } from '../harness';

const server = serverForSuite();

const NEW_PASSWORD = 'Heron#7719q';

/** A user with a second session (another phone): `token` changes the password, `other` should lose its. */
async function twoSessions() {
  const account = await registerUser(server);
  const other = await server.post('/cplogin/login', {
    areaCode: '63',
    phone: account.phone,
    password: account.password,
  });
  expect(other.status).toBe(200);
  return { ...account, other: other.data.token as string };
}

async function passwordCode(phone: string, token: string): Promise<string> {
  const sent = await server.post('/user/password/sendsms', {}, token);
  expect(sent.status, sent.message).toBe(200);
  const outbox = await server.post<{ code: string; purpose: string }[]>('/dev/sms-outbox', {
    areaCode: '63',
    phone,
  });
  const code = outbox.data.find((sms) => sms.purpose === 'password')?.code;
  if (!code) throw new Error('no password code');
  return code;
}

const login = (phone: string, password: string) =>
  server.post('/cplogin/login', { areaCode: '63', phone, password });
const info = (token: string) => server.post('/user/info', {}, token);
const issueCodes = (res: { data: { issues?: Array<{ path: string; code: string }> } }) =>
  res.data.issues?.map((i) => `${i.path}:${i.code}`);

describe('POST /user/password/change', () => {
  it('changes the password, revokes every other session and keeps this one', async () => {
    const u = await twoSessions();
    const code = await passwordCode(u.phone, u.token);
    const res = await server.post('/user/password/change', { code, password: NEW_PASSWORD }, u.token);
    expect(res.http, res.message).toBe(200);
    expect(res.data).toBeNull();

    expect((await info(u.token)).status).toBe(200);
    expect((await info(u.other)).status).toBe(996);
    expect((await login(u.phone, u.password)).data.code).toBe('credentials_wrong');
    expect((await login(u.phone, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const u = await twoSessions();
    const code = await passwordCode(u.phone, u.token);
    const res = await server.post(
      '/user/password/change',
      { code: wrongCode(code), password: NEW_PASSWORD },
      u.token,
    );
    expect(res.http).toBe(400);
    expect(issueCodes(res)).toEqual(['code:code_wrong']);
    expect((await info(u.other)).status).toBe(200);
    expect((await login(u.phone, u.password)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const u = await twoSessions();
    const code = await passwordCode(u.phone, u.token);
    server.clock.advance(5 * 60_000 + 1);
    const res = await server.post('/user/password/change', { code, password: NEW_PASSWORD }, u.token);
    expect(issueCodes(res)).toEqual(['code:code_expired']);
    expect((await login(u.phone, u.password)).status).toBe(200);
  });

  it('refuses a replayed code, also when both tries race', async () => {
    const u = await twoSessions();
    const code = await passwordCode(u.phone, u.token);
    const [a, b] = await Promise.all([
      server.post('/user/password/change', { code, password: NEW_PASSWORD }, u.token),
      server.post('/user/password/change', { code, password: 'Osprey#5531w' }, u.token),
    ]);
    expect([a.http, b.http].sort()).toEqual([200, 400]);
    const again = await server.post('/user/password/change', { code, password: 'Plover#2290e' }, u.token);
    expect(issueCodes(again)).toEqual(['code:code_wrong']);
    const winner = a.http === 200 ? NEW_PASSWORD : 'Osprey#5531w';
    expect((await login(u.phone, winner)).status).toBe(200);
    expect((await login(u.phone, 'Plover#2290e')).status).not.toBe(200);
  });

  it('refuses a password too short or too long without spending the code', async () => {
    const u = await twoSessions();
    const code = await passwordCode(u.phone, u.token);
    for (const password of ['Ab#12', 'Abcdefgh#12345']) {
      const res = await server.post('/user/password/change', { code, password }, u.token);
      expect(res.http).toBe(400);
      expect(issueCodes(res)).toEqual(['password:password_length']);
    }
    const missing = await server.post('/user/password/change', { password: NEW_PASSWORD }, u.token);
    expect(issueCodes(missing)).toEqual(['code:code_required']);
    // The code is still good: nothing was lost.
    const res = await server.post('/user/password/change', { code, password: NEW_PASSWORD }, u.token);
    expect(res.http).toBe(200);
  });

  it('does not take a reset code (a code is for one purpose)', async () => {
    const u = await twoSessions();
    await server.post('/cplogin/sendsms', { areaCode: '63', phone: u.phone, purpose: 'reset' });
    const resetCode = await latestCode(server, u.phone);
    const res = await server.post(
      '/user/password/change',
      { code: resetCode, password: NEW_PASSWORD },
      u.token,
    );
    expect(issueCodes(res)).toEqual(['code:code_wrong']);
  });

  it('is refused without a session, and to a revoked one', async () => {
    expect((await server.post('/user/password/sendsms', {})).status).toBe(996);
    const res = await server.post('/user/password/change', { code: '123456', password: NEW_PASSWORD });
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);

    const u = await twoSessions();
    const code = await passwordCode(u.phone, u.token);
    expect((await server.post('/user/password/change', { code, password: NEW_PASSWORD }, u.token)).http).toBe(
      200,
    );
    // The revoked session can neither ask for a code nor change the password back.
    expect((await server.post('/user/password/sendsms', {}, u.other)).status).toBe(996);
    expect((await server.post('/user/password/change', { code, password: u.password }, u.other)).status).toBe(
      996,
    );
  });

  it('keeps the code limits: a second code within the cooldown is refused', async () => {
    const u = await twoSessions();
    await passwordCode(u.phone, u.token);
    const again = await server.post('/user/password/sendsms', {}, u.token);
    expect(again.http).toBe(429);
  });
});
