import { describe, expect, it } from 'vitest';
import { AVATARS } from '#contract/user';
import { registerUser, serverForSuite } from '../harness';

const server = serverForSuite();

const issueCodes = (res: { data: { issues?: Array<{ path: string; code: string }> } }) =>
  res.data.issues?.map((i) => `${i.path}:${i.code}`);

describe('POST /user/avatar', () => {
  it('a new user has none; a chosen one is kept and answered wherever the user is', async () => {
    const u = await registerUser(server);
    expect((await server.post('/user/info', {}, u.token)).data.avatar).toBeNull();

    const res = await server.post('/user/avatar', { avatar: 'leaf' }, u.token);
    expect(res.http, res.message).toBe(200);
    expect(res.data).toMatchObject({ uid: u.user.uid, avatar: 'leaf' });
    expect((await server.post('/user/info', {}, u.token)).data.avatar).toBe('leaf');
    const token = await server.post('/cplogin/tokenLogin', { token: u.token });
    expect(token.data.user.avatar).toBe('leaf');

    const changed = await server.post('/user/avatar', { avatar: 'gem' }, u.token);
    expect(changed.data.avatar).toBe('gem');
  });

  it('takes every offered avatar', async () => {
    const u = await registerUser(server);
    for (const avatar of AVATARS) {
      expect((await server.post('/user/avatar', { avatar }, u.token)).data.avatar).toBe(avatar);
    }
  });

  it('refuses an unknown, missing, mistyped or overlong avatar and keeps the one chosen', async () => {
    const u = await registerUser(server);
    await server.post('/user/avatar', { avatar: 'moon' }, u.token);
    for (const body of [
      { avatar: 'dragon' },
      { avatar: 'MOON' },
      { avatar: '' },
      { avatar: 'x'.repeat(500) },
      { avatar: 3 },
      {},
      { avatar: '../../etc/passwd' },
    ]) {
      const res = await server.post('/user/avatar', body, u.token);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(issueCodes(res)).toEqual(['avatar:avatar_unknown']);
    }
    expect((await server.post('/user/info', {}, u.token)).data.avatar).toBe('moon');
  });

  it('is refused without a session', async () => {
    const res = await server.post('/user/avatar', { avatar: 'sun' });
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });

  it("one user's choice is not another's", async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    await server.post('/user/avatar', { avatar: 'bolt' }, a.token);
    expect((await server.post('/user/info', {}, b.token)).data.avatar).toBeNull();
  });
});
