// Issue 16, decision 0024: an operator's second factor (TOTP). Enrolment on the first sign-in, a wrong, an
// old, a malformed and a replayed code, the lockout after five wrong codes, and the audit row of a sign-in.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { quickUser, type TeamUser, writeSession } from '../agent/team-fixtures';
import { serverForSuite, wrongCode } from '../harness';
import { TEST_TOTP_SECRET, totpCode } from './helpers';

const server = serverForSuite();

/** A user holding an administrator grant, without an authenticator unless `secret` is given. */
async function grantee(secret?: string): Promise<TeamUser> {
  const user = await quickUser(server);
  const now = server.clock.now();
  await server.db
    .insertInto('operator_grants')
    .values({ user_id: user.id, role: 'administrator', site_id: null, granted_by: null, created_at: now })
    .execute();
  if (secret)
    await server.db
      .insertInto('operator_totp')
      .values({ user_id: user.id, secret, confirmed_at: now, last_step: null, created_at: now })
      .execute();
  return user;
}

/** Another session of the same user (another device), for a day. */
const anotherSession = (user: TeamUser): Promise<string> => writeSession(server, user.id, 86_400_000);

const session = async (token: string) => (await fetchGet('/admin/session', token)).data;
async function fetchGet(path: string, token: string) {
  const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { http: res.status, ...((await res.json()) as { status: number; data: Record<string, unknown> }) };
}
const adminList = (token: string) => server.post('/admin/notices/list', {}, token);

describe('the second factor', () => {
  it('enrols on the first sign-in: the secret is shown until its first good code, never after', async () => {
    const op = await grantee();
    expect(await session(op.token)).toMatchObject({
      secondFactor: 'enrol',
      grants: [{ role: 'administrator', site: null }],
    });
    const first = await server.post('/admin/session/totp/enrol', {}, op.token);
    const again = await server.post('/admin/session/totp/enrol', {}, op.token);
    // Until confirmed, asking again replaces the secret (the first was never typed in).
    expect(again.data.secret).not.toBe(first.data.secret);
    expect(again.data.uri).toMatch(/^otpauth:\/\/totp\/Beacon:.*secret=/);
    const code = await totpCode(server, again.data.secret);
    const passed = await server.post('/admin/session/totp', { code }, op.token);
    expect(passed.status).toBe(200);
    expect(passed.data.secondFactor).toBe('passed');
    expect((await adminList(op.token)).status).toBe(200);
    const late = await server.post('/admin/session/totp/enrol', {}, op.token);
    expect(late.http).toBe(409);
    expect(late.data).toEqual({ code: 'totp_enrolled' });
  });

  it('refuses a wrong code and one two steps old; the session stays without the factor', async () => {
    const op = await grantee(TEST_TOTP_SECRET);
    const right = await totpCode(server);
    const wrong = await server.post('/admin/session/totp', { code: wrongCode(right) }, op.token);
    expect(wrong.http).toBe(400);
    expect(wrong.data.issues).toEqual([expect.objectContaining({ path: 'code', code: 'totp_wrong' })]);
    const old = await generate({ secret: TEST_TOTP_SECRET, epoch: server.clock.now() / 1000 - 90 });
    expect((await server.post('/admin/session/totp', { code: old }, op.token)).data.issues[0].code).toBe(
      'totp_wrong',
    );
    expect(await session(op.token)).toMatchObject({ secondFactor: 'required' });
    const list = await adminList(op.token);
    expect(list.http).toBe(403);
    expect(list.data).toEqual({ code: 'second_factor_required' });
  });

  it('takes a code once: the same code on another device is refused, the next step passes', async () => {
    const op = await grantee(TEST_TOTP_SECRET);
    const code = await totpCode(server);
    expect((await server.post('/admin/session/totp', { code }, op.token)).status).toBe(200);
    const other = await anotherSession(op);
    const replay = await server.post('/admin/session/totp', { code }, other);
    expect(replay.data.issues[0].code).toBe('totp_wrong');
    expect((await adminList(other)).data).toEqual({ code: 'second_factor_required' });
    // The first session is untouched by the refusal.
    expect((await adminList(op.token)).status).toBe(200);
    server.clock.advance(30_000);
    expect((await server.post('/admin/session/totp', { code: await totpCode(server) }, other)).status).toBe(
      200,
    );
  });

  it('of two requests with one code, exactly one passes', async () => {
    const op = await grantee(TEST_TOTP_SECRET);
    const tokens = [op.token, await anotherSession(op), await anotherSession(op)];
    const code = await totpCode(server);
    const answers = await Promise.all(tokens.map((t) => server.post('/admin/session/totp', { code }, t)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('locks the factor for 15 minutes after five wrong codes, even for the right one', async () => {
    const op = await grantee(TEST_TOTP_SECRET);
    const right = await totpCode(server);
    for (let i = 0; i < 5; i++)
      expect((await server.post('/admin/session/totp', { code: wrongCode(right) }, op.token)).http).toBe(400);
    const locked = await server.post('/admin/session/totp', { code: right }, op.token);
    expect(locked.http).toBe(429);
    server.clock.advance(15 * 60_000 + 1000);
    expect(
      (await server.post('/admin/session/totp', { code: await totpCode(server) }, op.token)).status,
    ).toBe(200);
  });

  it('validates the code and refuses a non-operator', async () => {
    const op = await grantee(TEST_TOTP_SECRET);
    expect((await server.post('/admin/session/totp', {}, op.token)).data.issues[0].code).toBe(
      'code_required',
    );
    expect((await server.post('/admin/session/totp', { code: '12345' }, op.token)).data.issues[0].code).toBe(
      'code_format',
    );
    expect((await server.post('/admin/session/totp', { code: 123456 }, op.token)).http).toBe(400);
    const plain = await quickUser(server);
    const refused = await server.post('/admin/session/totp', { code: await totpCode(server) }, plain.token);
    expect(refused.http).toBe(403);
    expect(refused.data).toEqual({ code: 'operator_only' });
    expect((await server.post('/admin/session/totp', { code: '123456' })).http).toBe(401);
  });

  it('audits the sign-in: who, from where, on the platform chain', async () => {
    const op = await grantee(TEST_TOTP_SECRET);
    server.clock.advance(30_000);
    await server.post('/admin/session/totp', { code: await totpCode(server) }, op.token, {
      ip: '10.9.8.7',
      headers: { 'user-agent': 'OperatorPhone/1.0' },
    });
    const row = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      chain: 0,
      action: 'session.second_factor',
      ip: '10.9.8.7',
      user_agent: 'OperatorPhone/1.0',
    });
  });
});
