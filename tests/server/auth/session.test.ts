import { describe, expect, it } from 'vitest';
import { forgotPasswordCall, loginCall, logoutCall, sendSmsCall, tokenLoginCall } from '#contract/auth';
import { findUserByUsername, setUserBanned } from '../../../server/modules/auth/repository';
import {
  latestCode,
  newPhone,
  randomIp,
  registerUser,
  serverForSuite,
  startServer,
  wrongCode,
} from '../harness';

const server = serverForSuite();

const DAY = 24 * 3600_000;

async function ban(username: string) {
  const row = await findUserByUsername(server.db, username);
  if (!row) throw new Error('no user');
  await setUserBanned(server.db, row.id, true, server.clock.now());
}

describe('POST /cplogin/login', () => {
  it('logs in with the right password and returns a fresh token', async () => {
    const account = await registerUser(server);
    const res = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: account.password,
    });
    expect(res.http).toBe(200);
    expect(res.data.tokenHead).toBe('Bearer ');
    expect(res.data.token).not.toBe(account.token);
    expect(res.data.user).toEqual(account.user);
  });

  it('gives the same answer for an unknown phone and a wrong password', async () => {
    const account = await registerUser(server);
    const wrongPw = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: 'Nope#12345',
    });
    const unknown = await server.call(loginCall, {
      areaCode: '63',
      phone: newPhone(),
      password: 'Nope#12345',
    });
    expect(wrongPw.http).toBe(400);
    expect(unknown.http).toBe(400);
    expect({ s: wrongPw.status, m: wrongPw.message, d: wrongPw.data }).toEqual({
      s: unknown.status,
      m: unknown.message,
      d: unknown.data,
    });
    expect(wrongPw.message).toBe('Wrong phone number or password');
    expect(wrongPw.data).toEqual({ code: 'credentials_wrong' });
  });

  it.each([
    [{ phone: '9171234567', password: 'x' }, 'areaCode', 'phone_required'],
    [{ areaCode: '63', password: 'Kestrel#4821' }, 'phone', 'phone_required'],
    [{ areaCode: '63', phone: '9171234567' }, 'password', 'password_required'],
    [{ areaCode: '63', phone: '9171234567', password: '' }, 'password', 'password_required'],
    [{ areaCode: '63', phone: '9171234567', password: 'x'.repeat(129) }, 'password', 'too_long'],
    [{ areaCode: '63', phone: '9171234567', password: true }, 'password', 'invalid_type'],
    [{ areaCode: '63', phone: '1234', password: 'Kestrel#4821' }, 'phone', 'phone_wrong'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const res = await server.callUntyped(loginCall, body);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path, code });
  });

  it('locks an account for 30 s after 5 failures, doubling, and a success resets it', async () => {
    const account = await registerUser(server);
    const bad = { areaCode: '63', phone: account.phone, password: 'Wrong#00000' };
    for (let i = 0; i < 5; i++) expect((await server.call(loginCall, bad)).http).toBe(400);
    const locked = await server.call(loginCall, { ...bad, password: account.password });
    expect(locked.http).toBe(429);
    expect(locked.failure.retryAfter).toBe(30);
    expect(locked.headers.get('retry-after')).toBe('30');

    server.clock.advance(30_000);
    expect((await server.call(loginCall, bad)).http).toBe(400); // 6th failure: 60 s
    const locked2 = await server.call(loginCall, bad);
    expect(locked2.failure.retryAfter).toBe(60);

    server.clock.advance(60_000);
    expect((await server.call(loginCall, { ...bad, password: account.password })).status).toBe(200);
    // Counter reset: one more failure does not lock.
    expect((await server.call(loginCall, bad)).http).toBe(400);
    expect((await server.call(loginCall, { ...bad, password: account.password })).status).toBe(200);
  });

  it('caps the lock at 15 minutes', async () => {
    const account = await registerUser(server);
    const bad = { areaCode: '63', phone: account.phone, password: 'Wrong#00000' };
    let retryAfter = 0;
    for (let i = 0; i < 12; i++) {
      const res = await server.call(loginCall, bad);
      if (res.http === 429) {
        retryAfter = Number(res.failure.retryAfter);
        server.clock.advance(retryAfter * 1000);
      }
    }
    for (let i = 0; i < 10; i++) {
      await server.call(loginCall, bad);
      const res = await server.call(loginCall, bad);
      if (res.http === 429) {
        retryAfter = Number(res.failure.retryAfter);
        server.clock.advance(retryAfter * 1000);
      }
    }
    expect(retryAfter).toBe(15 * 60);
  });

  it('lets the other users behind an address with 30 failed logins (a carrier NAT) log in; the guessed account is slowed', async () => {
    const ip = randomIp();
    const victim = await registerUser(server);
    const bystander = await registerUser(server);
    const from = { ip };
    for (let i = 0; i < 25; i++) {
      const wrong = { areaCode: '63', phone: newPhone(), password: 'Wrong#00000' };
      expect((await server.call(loginCall, wrong, from)).http).toBe(400);
    }
    const guess = { areaCode: '63', phone: victim.phone, password: 'Wrong#00000' };
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await server.call(loginCall, guess, { ...from })).http);
    // Five failures, then the account answers 429 to everyone, right password included, for 30 s.
    expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    const right = { areaCode: '63', phone: victim.phone, password: victim.password };
    const slowed = await server.call(loginCall, right, { ...from });
    expect(slowed.http).toBe(429);
    expect(slowed.failure.retryAfter).toBe(30);

    // 30 failures from this address: the bystander's own password still works from it.
    const other = await server.call(
      loginCall,
      { areaCode: '63', phone: bystander.phone, password: bystander.password },
      { ...from },
    );
    expect(other.status).toBe(200);
    server.clock.advance(30_000);
    expect((await server.call(loginCall, right, { ...from })).status).toBe(200);
  });

  it('refuses every login from an address past LOGIN_IP_FAILURE_LIMIT failures in 15 minutes', async () => {
    const limited = await startServer({ env: { LOGIN_IP_FAILURE_LIMIT: '8' } });
    try {
      const ip = randomIp();
      for (let i = 0; i < 8; i++) {
        const res = await limited.call(
          loginCall,
          { areaCode: '63', phone: newPhone(), password: 'Wrong#00000' },
          { ip },
        );
        expect(res.http).toBe(400);
      }
      const account = await registerUser(limited);
      const right = { areaCode: '63', phone: account.phone, password: account.password };
      const blocked = await limited.call(loginCall, right, { ip });
      expect(blocked.http).toBe(429);
      expect(blocked.failure.retryAfter).toBe(15 * 60);
      expect((await limited.call(loginCall, right)).status).toBe(200);
      limited.clock.advance(15 * 60_000);
      expect((await limited.call(loginCall, right, { ip })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 403/999 forbidden for a banned account with the right password only', async () => {
    const account = await registerUser(server);
    await ban(account.user.username);
    const res = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: account.password,
    });
    expect(res.http).toBe(403);
    expect(res.status).toBe(999);
    expect(res.message).toBe('forbidden');
    const wrong = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: 'Wrong#00000',
    });
    expect(wrong.http).toBe(400);
  });
});

describe('tokens', () => {
  it('tokenLogin returns the user for a live token', async () => {
    const account = await registerUser(server);
    const res = await server.call(tokenLoginCall, { token: account.token });
    expect(res.http).toBe(200);
    expect(res.data).toEqual({ user: account.user });
  });

  it.each([
    [{}, 'token_required'],
    [{ token: '' }, 'token_required'],
    [{ token: 'x'.repeat(257) }, 'too_long'],
    [{ token: 42 }, 'invalid_type'],
  ])('tokenLogin refuses %j', async (body, code) => {
    const res = await server.callUntyped(tokenLoginCall, body);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path: 'token', code });
  });

  it('an unknown token is 401/996', async () => {
    const res = await server.call(tokenLoginCall, { token: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });

  it('logout without, or with a malformed, Authorization header is 401/996', async () => {
    const none = await server.call(logoutCall, {});
    expect([none.http, none.status]).toEqual([401, 996]);
    const res = await server.call(logoutCall, {}, { headers: { authorization: 'Basic abc' } });
    expect([res.http, res.status]).toEqual([401, 996]);
  });

  it('logout revokes the current token only', async () => {
    const account = await registerUser(server);
    const second = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: account.password,
    });
    const out = await server.call(logoutCall, {}, { token: account.token });
    expect(out).toMatchObject({ http: 200, status: 200, message: 'success', data: null });
    const after = await server.call(tokenLoginCall, { token: account.token });
    expect([after.http, after.status]).toEqual([401, 996]);
    const again = await server.call(logoutCall, {}, { token: account.token });
    expect([again.http, again.status]).toEqual([401, 996]);
    expect((await server.call(tokenLoginCall, { token: second.data.token })).status).toBe(200);
  });

  it('logout also accepts an empty body', async () => {
    const account = await registerUser(server);
    const res = await fetch(`${server.url}/api/cplogin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.status).toBe(200);
  });

  it('a banned account gets 403/999 forbidden on every authenticated call', async () => {
    const account = await registerUser(server);
    await ban(account.user.username);
    const t = await server.call(tokenLoginCall, { token: account.token });
    expect([t.http, t.status, t.message]).toEqual([403, 999, 'forbidden']);
    const l = await server.call(logoutCall, {}, { token: account.token });
    expect([l.http, l.status, l.message]).toEqual([403, 999, 'forbidden']);
  });

  it('expires after SESSION_TTL_DAYS without use', async () => {
    const account = await registerUser(server);
    server.clock.advance(30 * DAY - 1000);
    expect((await server.call(tokenLoginCall, { token: account.token })).status).toBe(200);
    const other = await registerUser(server);
    server.clock.advance(30 * DAY);
    const res = await server.call(tokenLoginCall, { token: other.token });
    expect([res.http, res.status]).toEqual([401, 996]);
  });

  it('slides the expiry on use', async () => {
    const account = await registerUser(server);
    for (let i = 0; i < 3; i++) {
      server.clock.advance(20 * DAY);
      const res = await server.call(logoutCall, {}, { token: 'x'.repeat(22) });
      expect(res.http).toBe(401);
      expect((await server.call(tokenLoginCall, { token: account.token })).status).toBe(200);
    }
    // 60 days after login, still alive thanks to use; 31 idle days later it is gone.
    server.clock.advance(31 * DAY);
    expect((await server.call(tokenLoginCall, { token: account.token })).http).toBe(401);
  });

  it('writes the sliding expiry at most once a minute', async () => {
    const account = await registerUser(server);
    const read = async () =>
      server.db
        .selectFrom('sessions')
        .select(['last_used_at', 'expires_at'])
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const before = await read();
    server.clock.advance(30_000);
    await server.call(tokenLoginCall, { token: account.token });
    expect(await read()).toEqual(before);
    server.clock.advance(31_000);
    await server.call(tokenLoginCall, { token: account.token });
    const after = await read();
    expect(after.last_used_at).toBe(before.last_used_at + 61_000);
    expect(after.expires_at).toBe(before.expires_at + 61_000);
  });
});

describe('POST /cplogin/forgotpwd', () => {
  async function resetCode(phone: string) {
    const res = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'reset' });
    expect(res.status).toBe(200);
    return latestCode(server, phone);
  }

  it('sets the new password and revokes every session', async () => {
    const account = await registerUser(server);
    const second = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: account.password,
    });
    const code = await resetCode(account.phone);
    const res = await server.call(forgotPasswordCall, {
      areaCode: '63',
      phone: account.phone,
      code,
      password: 'Osprey#7310',
    });
    expect(res).toMatchObject({ http: 200, status: 200, data: null });
    for (const token of [account.token, second.data.token]) {
      const r = await server.call(tokenLoginCall, { token });
      expect([r.http, r.status]).toEqual([401, 996]);
    }
    const oldPw = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: account.password,
    });
    expect(oldPw.http).toBe(400);
    const newPw = await server.call(loginCall, {
      areaCode: '63',
      phone: account.phone,
      password: 'Osprey#7310',
    });
    expect(newPw.status).toBe(200);
    // The code is spent.
    const replay = await server.call(forgotPasswordCall, {
      areaCode: '63',
      phone: account.phone,
      code,
      password: 'Osprey#7311',
    });
    expect(replay.failure.issues?.[0]?.code).toBe('code_wrong');
  });

  it('refuses a register code, a wrong, an expired code, a common or too long password', async () => {
    const account = await registerUser(server);
    server.clock.advance(61_000);
    const regCode = await (async () => {
      await server.call(sendSmsCall, { areaCode: '63', phone: account.phone, purpose: 'register' });
      return latestCode(server, account.phone);
    })();
    const base = { areaCode: '63', phone: account.phone, password: 'Osprey#7310' };
    expect(
      (await server.call(forgotPasswordCall, { ...base, code: regCode })).failure.issues?.[0]?.code,
    ).toBe('code_wrong');

    const code = await resetCode(account.phone);
    expect(
      (await server.call(forgotPasswordCall, { ...base, code: wrongCode(code) })).failure.issues?.[0]?.code,
    ).toBe('code_wrong');
    const common = await server.call(forgotPasswordCall, { ...base, code, password: 'abc123456' });
    expect(common.failure.issues?.[0]).toMatchObject({ path: 'password', code: 'password_common' });
    const long = await server.call(forgotPasswordCall, { ...base, code, password: 'Osprey#731011' });
    expect(long.failure.issues?.[0]).toMatchObject({ path: 'password', code: 'password_length' });
    server.clock.advance(5 * 60_000);
    expect((await server.call(forgotPasswordCall, { ...base, code })).failure.issues?.[0]?.code).toBe(
      'code_expired',
    );
  });

  it('answers wrong and expired codes for an unregistered phone exactly as for a registered one', async () => {
    const account = await registerUser(server);
    server.clock.advance(61_000);
    const unknown = newPhone();
    const answersFor = async (phone: string) => {
      const sent = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'reset' });
      expect(sent.status).toBe(200);
      // Six codes none of which is the one sent (the unknown phone was sent none).
      const sentCode = phone === account.phone ? await latestCode(server, phone) : '';
      const guesses = Array.from({ length: 7 }, (_, i) => String(100_000 + i)).filter((c) => c !== sentCode);
      const answers: string[] = [];
      for (const code of guesses.slice(0, 6)) {
        const res = await server.call(forgotPasswordCall, {
          areaCode: '63',
          phone,
          code,
          password: 'Osprey#7310',
        });
        answers.push(`${res.http} ${res.status} ${res.message} ${JSON.stringify(res.data)}`);
      }
      return answers;
    };
    const known = await answersFor(account.phone);
    expect(known.map((a) => a.split(' ')[0])).toEqual(['400', '400', '400', '400', '400', '400']);
    expect(known.filter((a) => a.includes('code_too_many_tries'))).toHaveLength(2);
    expect(await answersFor(unknown)).toEqual(known);

    // A fresh code each, left to expire: the same answer again.
    server.clock.advance(61_000);
    const expiredFor = async (phone: string) => {
      await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'reset' });
      server.clock.advance(5 * 60_000);
      const res = await server.call(forgotPasswordCall, {
        areaCode: '63',
        phone,
        code: '123456',
        password: 'Osprey#7310',
      });
      return [res.http, res.failure.issues?.[0]?.code];
    };
    expect(await expiredFor(account.phone)).toEqual([400, 'code_expired']);
    expect(await expiredFor(unknown)).toEqual([400, 'code_expired']);
  });

  it('refuses missing fields', async () => {
    const res = await server.callUntyped(forgotPasswordCall, { areaCode: '63', phone: '9171234567' });
    expect(res.http).toBe(400);
    expect(res.failure.issues?.map((i: { path: string }) => i.path).sort()).toEqual(['code', 'password']);
  });

  it('clears a login lock', async () => {
    const account = await registerUser(server);
    for (let i = 0; i < 5; i++) {
      await server.call(loginCall, { areaCode: '63', phone: account.phone, password: 'Wrong#00000' });
    }
    const code = await resetCode(account.phone);
    await server.call(forgotPasswordCall, {
      areaCode: '63',
      phone: account.phone,
      code,
      password: 'Osprey#7310',
    });
    expect(
      (await server.call(loginCall, { areaCode: '63', phone: account.phone, password: 'Osprey#7310' }))
        .status,
    ).toBe(200);
  });
});
