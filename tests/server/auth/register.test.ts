import { describe, expect, it } from 'vitest';
import { forgotPasswordCall, loginCall, registerCall, sendSmsCall, tokenLoginCall } from '#contract/auth';
import { smsOutboxCall } from '#contract/dev';
import { findUserByUsername } from '../../../server/modules/auth/repository';
import { latestCode, newIndianPhone, newPhone, registerUser, serverForSuite, wrongCode } from '../harness';

const server = serverForSuite();

const PASSWORD = 'Kestrel#4821';

async function sendCode(phone: string, purpose: 'register' | 'reset' = 'register') {
  const res = await server.call(sendSmsCall, { areaCode: '63', phone, purpose });
  expect(res.status).toBe(200);
  return latestCode(server, phone);
}

describe('POST /cplogin/reg', () => {
  it('creates a player account and a session', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const res = await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code });
    expect(res.http).toBe(200);
    expect(res.status).toBe(200);
    expect(res.data.tokenHead).toBe('Bearer ');
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A new player: no role, job, level or ratio yet (each field 0, listed rather than read from the server).
    const zero = ['role', 'job', 'level', 'rate', 'rate1', 'rate2', 'defaultRate'].map((field) => [field, 0]);
    expect(res.data.user).toMatchObject({ username: `63+${phone}`, ...Object.fromEntries(zero) });
    expect(res.data.user.uid).toBeGreaterThanOrEqual(10_000_000);
    // The token works right away.
    const me = await server.call(tokenLoginCall, { token: res.data.token });
    expect(me.data.user.uid).toBe(res.data.user.uid);
    const row = await findUserByUsername(server.db, `63+${phone}`);
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row?.invite_code).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('gives every account its own uid and invite code', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    expect(a.user.uid).not.toBe(b.user.uid);
    const ra = await findUserByUsername(server.db, a.user.username);
    const rb = await findUserByUsername(server.db, b.user.username);
    expect(ra?.invite_code).not.toBe(rb?.invite_code);
  });

  it.each([
    [{}, 'areaCode', 'phone_required'],
    [{ areaCode: '63', phone: '9170000001', code: '123456' }, 'password', 'password_required'],
    [{ areaCode: '63', phone: '9170000001', password: 'Kestrel#4821' }, 'code', 'code_required'],
    [
      { areaCode: '63', phone: '9170000001', password: 'Kestrel#4821', code: '12ab56' },
      'code',
      'code_format',
    ],
    [{ areaCode: '63', phone: '9170000001', password: 'Kestrel#4821', code: 123456 }, 'code', 'invalid_type'],
    [
      { areaCode: '63', phone: '9170000001', password: 'short', code: '123456' },
      'password',
      'password_length',
    ],
    [
      { areaCode: '63', phone: '9170000001', password: 'Thirteen#1234', code: '123456' },
      'password',
      'password_length',
    ],
    [{ areaCode: '63', phone: '9170000001', password: 12345678, code: '123456' }, 'password', 'invalid_type'],
    [
      { areaCode: '63', phone: '9170000001', password: 'Kestrel#4821', code: '123456', inviteCode: 'AB-12' },
      'inviteCode',
      'invite_code_format',
    ],
    [
      {
        areaCode: '63',
        phone: '9170000001',
        password: 'Kestrel#4821',
        code: '123456',
        inviteCode: 'A'.repeat(17),
      },
      'inviteCode',
      'invite_code_format',
    ],
    [{ areaCode: '63', phone: '12345', password: 'Kestrel#4821', code: '123456' }, 'phone', 'phone_wrong'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const res = await server.callUntyped(registerCall, body);
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path, code });
  });

  it('refuses a common password (any case) without spending the code', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    for (const password of ['password1', 'QWERTY123', 'iloveyou', '111111']) {
      const res = await server.call(registerCall, { areaCode: '63', phone, password, code });
      expect(res.http).toBe(400);
      expect(res.failure.issues?.[0]).toMatchObject({ path: 'password', code: 'password_common' });
    }
    expect(
      (await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code })).status,
    ).toBe(200);
  });

  it('refuses a wrong code and counts the try', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const res = await server.call(registerCall, {
      areaCode: '63',
      phone,
      password: PASSWORD,
      code: wrongCode(code),
    });
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]).toMatchObject({ path: 'code', code: 'code_wrong' });
    expect(res.message).toBe('code: Verification code is wrong');
    expect(
      (await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code })).status,
    ).toBe(200);
  });

  it('refuses any code when none was sent', async () => {
    const res = await server.call(registerCall, {
      areaCode: '63',
      phone: newPhone(),
      password: PASSWORD,
      code: '000000',
    });
    expect(res.failure.issues?.[0]?.code).toBe('code_wrong');
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.call(registerCall, {
        areaCode: '63',
        phone,
        password: PASSWORD,
        code: wrongCode(code),
      });
      codes.push(res.failure.issues?.[0]?.code);
    }
    expect(codes).toEqual(['code_wrong', 'code_wrong', 'code_wrong', 'code_wrong', 'code_too_many_tries']);
    const right = await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code });
    expect(right.failure.issues?.[0]?.code).toBe('code_too_many_tries');
    // A new code works.
    server.clock.advance(61_000);
    const fresh = await sendCode(phone);
    expect(
      (await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code: fresh })).status,
    ).toBe(200);
  });

  it('refuses an expired code (5 minutes)', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    server.clock.advance(5 * 60_000);
    const res = await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code });
    expect(res.failure.issues?.[0]).toMatchObject({ path: 'code', code: 'code_expired' });
  });

  it('accepts a code just before it expires', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    server.clock.advance(5 * 60_000 - 1000);
    expect(
      (await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code })).status,
    ).toBe(200);
  });

  it('refuses a replayed code', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    expect(
      (await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code })).status,
    ).toBe(200);
    const replay = await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code });
    expect(replay.http).toBe(400);
    expect(replay.failure.issues?.[0]?.code).toBe('code_wrong');
  });

  it('only the newest code is valid', async () => {
    const phone = newPhone();
    const old = await sendCode(phone);
    server.clock.advance(61_000);
    const fresh = await sendCode(phone);
    if (old !== fresh) {
      const res = await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code: old });
      expect(res.failure.issues?.[0]?.code).toBe('code_wrong');
    }
    expect(
      (await server.call(registerCall, { areaCode: '63', phone, password: PASSWORD, code: fresh })).status,
    ).toBe(200);
  });

  it('a reset code does not register', async () => {
    const existing = await registerUser(server);
    const code = await sendCode(existing.phone, 'reset');
    const res = await server.call(registerCall, {
      areaCode: '63',
      phone: existing.phone,
      password: PASSWORD,
      code,
    });
    expect(res.http).toBe(400);
    expect(res.failure.issues?.[0]?.code).toBe('code_wrong');
  });

  it('answers 409 for an existing phone (after a valid code)', async () => {
    const existing = await registerUser(server);
    server.clock.advance(61_000);
    const code = await sendCode(existing.phone);
    const res = await server.call(registerCall, {
      areaCode: '63',
      phone: existing.phone,
      password: PASSWORD,
      code,
    });
    expect(res.http).toBe(409);
    expect(res.status).toBe(409);
    expect(res.message).toBe('An account with this phone already exists, log in or reset your password');
    expect(res.data).toEqual({ code: 'account_exists' });
  });

  it('records a valid invite code and refuses an unknown one', async () => {
    const inviter = await registerUser(server);
    const inviterRow = await findUserByUsername(server.db, inviter.user.username);
    const inviteCode = inviterRow?.invite_code ?? '';

    const phone = newPhone();
    const code = await sendCode(phone);
    const unknown = await server.call(registerCall, {
      areaCode: '63',
      phone,
      password: PASSWORD,
      code,
      inviteCode: 'ZZZZ9999',
    });
    expect(unknown.http).toBe(400);
    expect(unknown.failure.issues?.[0]).toMatchObject({ path: 'inviteCode', code: 'invite_code_not_found' });
    expect(unknown.message).toBe('inviteCode: No user has this invite code');

    const ok = await server.call(registerCall, {
      areaCode: '63',
      phone,
      password: PASSWORD,
      code,
      inviteCode: inviteCode.toLowerCase(),
    });
    expect(ok.status).toBe(200);
    const row = await findUserByUsername(server.db, `63+${phone}`);
    expect(row?.invited_by).toBe(inviteCode);
  });
});

describe('a phone as people type it (issue 11: spaces, +63, a trunk 0, dashes)', () => {
  /** "9171234567" written the ways a Filipino writes it. */
  const spellings = (phone: string) => {
    const [a, b, c] = [phone.slice(0, 3), phone.slice(3, 6), phone.slice(6)];
    return [
      `${a} ${b} ${c}`,
      `+63 ${a} ${b} ${c}`,
      `+63${phone}`,
      `0${a} ${b} ${c}`,
      `0${a}-${b}-${c}`,
    ] as const;
  };

  it('registers, logs in and resets with the national number whatever the spelling', async () => {
    const phone = newPhone();
    const [spaced, plus, packed, trunk, dashed] = spellings(phone);
    // The code is sent to, and kept for, the national number.
    expect(
      (await server.call(sendSmsCall, { areaCode: '63', phone: plus, purpose: 'register' })).status,
    ).toBe(200);
    const code = await latestCode(server, phone);
    const reg = await server.call(registerCall, {
      areaCode: '63',
      phone: spaced,
      password: PASSWORD,
      code,
    });
    expect(reg.status).toBe(200);
    expect(reg.data.user.username).toBe(`63+${phone}`);
    expect(await findUserByUsername(server.db, `63+${spaced}`)).toBeUndefined();

    for (const typed of [phone, spaced, plus, packed, trunk, dashed]) {
      const login = await server.call(loginCall, { areaCode: '63', phone: typed, password: PASSWORD });
      expect(login.status, typed).toBe(200);
      expect(login.data.user.uid).toBe(reg.data.user.uid);
    }

    const sent = await server.call(sendSmsCall, { areaCode: '63', phone: trunk, purpose: 'reset' });
    expect(sent.status).toBe(200);
    const resetCode =
      (await server.call(smsOutboxCall, { areaCode: '63', phone })).data.find(
        (sms) => sms.purpose === 'reset',
      )?.code ?? '';
    const reset = await server.call(forgotPasswordCall, {
      areaCode: '63',
      phone: dashed,
      code: resetCode,
      password: 'Osprey#5512',
    });
    expect(reset.status).toBe(200);
    expect(
      (await server.call(loginCall, { areaCode: '63', phone: packed, password: 'Osprey#5512' })).status,
    ).toBe(200);
  });

  it('is one account: the same number with a trunk 0 is "already exists", not a second account', async () => {
    const existing = await registerUser(server);
    server.clock.advance(61_000);
    const [, , , trunk] = spellings(existing.phone);
    // The cooldown of the national number applies to every spelling of it.
    expect(
      (await server.call(sendSmsCall, { areaCode: '63', phone: trunk, purpose: 'register' })).status,
    ).toBe(200);
    const again = await server.call(sendSmsCall, {
      areaCode: '63',
      phone: `+63 ${existing.phone}`,
      purpose: 'register',
    });
    expect(again.http).toBe(429);
    const code = await latestCode(server, existing.phone);
    const res = await server.call(registerCall, { areaCode: '63', phone: trunk, password: PASSWORD, code });
    expect(res.http).toBe(409);
    expect(await findUserByUsername(server.db, `63+0${existing.phone}`)).toBeUndefined();
  });

  it.each([
    ['+82 10 1234 5678', 'phone_wrong'],
    ['+44 20 7946 0958', 'phone_wrong'],
    ['+63', 'phone_format'],
    ['0', 'phone_format'],
    ['917 123 456x', 'phone_format'],
    ['+63+9171234567', 'phone_format'],
  ])('refuses %s with areaCode 63 (%s), before any code is sent', async (typed, code) => {
    const res = await server.call(sendSmsCall, { areaCode: '63', phone: typed, purpose: 'register' });
    expect(res.http).toBe(400);
    expect(res.failure.issues).toEqual([expect.objectContaining({ path: 'phone', code })]);
    const login = await server.call(loginCall, { areaCode: '63', phone: typed, password: PASSWORD });
    expect(login.http).toBe(400);
    expect(login.failure.issues?.[0]).toMatchObject({ path: 'phone', code });
  });

  it('normalises other countries by their own rules: +91, the US trunk 1, the Korean trunk 0', async () => {
    const indian = newIndianPhone();
    const korean = `10${indian.slice(2)}`;
    for (const [areaCode, typed, national] of [
      ['91', `+91 ${indian.slice(0, 5)} ${indian.slice(5)}`, indian],
      ['1', '1 (415) 555-2671', '4155552671'],
      ['82', `010-${korean.slice(2, 6)}-${korean.slice(6)}`, korean],
    ] as const) {
      const sent = await server.call(sendSmsCall, { areaCode, phone: typed, purpose: 'register' });
      expect(sent.status, typed).toBe(200);
      expect(await latestCode(server, national ?? '', areaCode)).toMatch(/^\d{6}$/);
    }
  });
});
