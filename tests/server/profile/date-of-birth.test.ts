import { describe, expect, it } from 'vitest';
import { setDateOfBirthCall } from '#contract/profile';
import { userInfoCall } from '#contract/user';
import { isAtLeast } from '../../../server/modules/auth/date-of-birth';
import { registerUser, serverForSuite } from '../harness';

// The player's date of birth (decision 0053): told once, a real date, 18 or more years ago in the player's
// site's zone; what the VIP birthday bonus is paid on.

const server = serverForSuite();

const issueCodes = (res: { failure: { issues?: Array<{ path: string; code: string }> } }) =>
  res.failure.issues?.map((i) => `${i.path}:${i.code}`);

describe('POST /user/birthday', () => {
  it('is unset for a new player, set once, and answered with the user wherever it is read', async () => {
    const u = await registerUser(server);
    expect((await server.call(userInfoCall, {}, { token: u.token })).data.dateOfBirth).toBeNull();
    const res = await server.call(setDateOfBirthCall, { dateOfBirth: '1990-04-30' }, { token: u.token });
    expect(res.http, res.message).toBe(200);
    expect(res.data).toMatchObject({ uid: u.user.uid, dateOfBirth: '1990-04-30' });
    expect((await server.call(userInfoCall, {}, { token: u.token })).data.dateOfBirth).toBe('1990-04-30');
    const row = await server.db
      .selectFrom('users')
      .select(['date_of_birth', 'date_of_birth_at'])
      .where('uid', '=', u.user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ date_of_birth: '1990-04-30', date_of_birth_at: server.clock.now() });

    // Told again, the same date or another: refused, the first kept.
    for (const dateOfBirth of ['1990-04-30', '1991-01-01']) {
      const again = await server.call(setDateOfBirthCall, { dateOfBirth }, { token: u.token });
      expect(again.http).toBe(400);
      expect(issueCodes(again)).toEqual(['dateOfBirth:date_of_birth_set']);
    }
    expect((await server.call(userInfoCall, {}, { token: u.token })).data.dateOfBirth).toBe('1990-04-30');
  });

  it('refuses a date that is not real, in the future, before 1900 or of someone under 18', async () => {
    const u = await registerUser(server);
    // The suite's clock: 2026-01-15 in the player's zone.
    const cases: Array<[string, string]> = [
      ['2000-02-30', 'date_of_birth_invalid'],
      ['1990-13-01', 'date_of_birth_invalid'],
      ['2027-01-01', 'date_of_birth_invalid'],
      ['1899-12-31', 'date_of_birth_invalid'],
      ['2008-01-16', 'date_of_birth_underage'],
      ['2026-01-15', 'date_of_birth_underage'],
    ];
    for (const [dateOfBirth, code] of cases) {
      const res = await server.call(setDateOfBirthCall, { dateOfBirth }, { token: u.token });
      expect(res.http, dateOfBirth).toBe(400);
      expect(issueCodes(res), dateOfBirth).toEqual([`dateOfBirth:${code}`]);
    }
    expect((await server.call(userInfoCall, {}, { token: u.token })).data.dateOfBirth).toBeNull();
    // 18 today: taken.
    const adult = await server.call(setDateOfBirthCall, { dateOfBirth: '2008-01-15' }, { token: u.token });
    expect(adult.data.dateOfBirth).toBe('2008-01-15');
  });

  it('refuses a missing, mistyped, misformatted or overlong date', async () => {
    const u = await registerUser(server);
    const cases: Array<[unknown, string]> = [
      [{}, 'required'],
      [{ dateOfBirth: 19900101 }, 'invalid_type'],
      [{ dateOfBirth: '01/01/1990' }, 'day_invalid'],
      [{ dateOfBirth: '1990-1-1' }, 'day_invalid'],
      [{ dateOfBirth: `1990-01-01${'x'.repeat(500)}` }, 'day_invalid'],
    ];
    for (const [input, code] of cases) {
      const res = await server.callUntyped(setDateOfBirthCall, input, { token: u.token });
      expect(res.http, JSON.stringify(input)).toBe(400);
      expect(issueCodes(res), JSON.stringify(input)).toEqual([`dateOfBirth:${code}`]);
    }
  });

  it('sets one date when several are sent at once', async () => {
    const u = await registerUser(server);
    const dates = ['1980-01-01', '1981-02-02', '1982-03-03', '1983-04-04', '1984-05-05'];
    const answers = await Promise.all(
      dates.map((dateOfBirth) => server.call(setDateOfBirthCall, { dateOfBirth }, { token: u.token })),
    );
    const taken = answers.filter((a) => a.http === 200);
    expect(taken).toHaveLength(1);
    for (const a of answers.filter((x) => x.http !== 200))
      expect(issueCodes(a)).toEqual(['dateOfBirth:date_of_birth_set']);
    const kept = (await server.call(userInfoCall, {}, { token: u.token })).data.dateOfBirth;
    expect(kept).toBe(taken[0]?.data.dateOfBirth);
  });

  it('is refused without a session', async () => {
    const res = await server.call(setDateOfBirthCall, { dateOfBirth: '1990-01-01' });
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
  });
});

describe('isAtLeast', () => {
  it('counts a birthday on 29 February as come on 1 March of a year without one', () => {
    expect(isAtLeast('2008-02-29', '2026-02-28', 18)).toBe(false);
    expect(isAtLeast('2008-02-29', '2026-03-01', 18)).toBe(true);
    expect(isAtLeast('2008-12-07', '2026-12-06', 18)).toBe(false);
    expect(isAtLeast('2008-12-06', '2026-12-06', 18)).toBe(true);
    expect(isAtLeast('2009-01-01', '2026-12-31', 18)).toBe(false);
  });
});
