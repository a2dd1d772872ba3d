import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { agentDefaultsCall, bindCall } from '#contract/agent';
import { registerCall, sendSmsCall } from '#contract/auth';
import { newUserDefaults } from '../../../server/modules/auth/service';
import { type FailureData, latestCode, newPhone, type TestServer } from '../harness';
import { addSite } from '../portal/fixtures';

/*
 * Users for the team tests, written straight into the database (argon2 registration costs ~100 ms a user,
 * and the concurrency tests need dozens): a user row and a live session, nothing else.
 */

export interface TeamUser {
  id: number;
  uid: number;
  token: string;
  inviteCode: string;
  phone: string;
}

/** A user with a session; `job` 1 makes an agent, `ratios` their ratios (percent) from long ago. */
export async function quickUser(
  server: TestServer,
  opts: { job?: number; ratios?: Record<string, number> } = {},
): Promise<TeamUser> {
  const now = server.clock.now();
  const phone = newPhone();
  const user = await server.db
    .insertInto('users')
    .values({
      ...newUserDefaults(),
      job: opts.job ?? 0,
      area_code: '63',
      phone,
      username: `63+${phone}`,
      password_hash: 'not-a-hash',
      invited_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'uid', 'invite_code'])
    .executeTakeFirstOrThrow();
  const token = await writeSession(server, Number(user.id));
  const made = { id: Number(user.id), uid: Number(user.uid), token, inviteCode: user.invite_code, phone };
  if (opts.ratios) await setRatiosDirectly(server, made.id, opts.ratios);
  return made;
}

/** A session of the user written straight into the database (no sign-in), lasting `lifetimeMs`; answers its token. */
export async function writeSession(
  server: TestServer,
  userId: number,
  lifetimeMs = 30 * 86_400_000,
): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  const now = server.clock.now();
  await server.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: createHash('sha256').update(token).digest('hex'),
      created_at: now,
      last_used_at: now,
      expires_at: now + lifetimeMs,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** Ratio versions written without the rules (a top agent's, or a fixture's), effective long ago. */
export async function setRatiosDirectly(
  server: TestServer,
  userId: number,
  ratios: Record<string, number>,
  day = '2000-01-01',
): Promise<void> {
  for (const [channel, percent] of Object.entries(ratios))
    await server.db
      .insertInto('agent_ratios')
      .values({
        user_id: userId,
        channel_code: channel,
        ratio_bp: Math.round(percent * 100),
        effective_day: day,
        set_by: null,
        created_at: server.clock.now(),
      })
      .execute();
}

/** Binds through the app's call; throws unless it answers 200. */
export async function bindTo(server: TestServer, user: TeamUser, agent: TeamUser): Promise<void> {
  const res = await server.call(bindCall, { inviteCode: agent.inviteCode }, { token: user.token });
  if (res.status !== 200) throw new Error(`bind: ${res.message}`);
}

/** An agent (slots 50%, live casino 20%) whose defaults for new members are slots 30%, live casino 20%. */
export async function agentWithDefaults(server: TestServer): Promise<TeamUser> {
  const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
  const defaults = await server.call(
    agentDefaultsCall,
    {
      ratios: [
        { channel: 'slots', rate: 0.3 },
        { channel: 'live-casino', rate: 0.2 },
      ],
    },
    { token: agent.token },
  );
  expect(defaults.status).toBe(200);
  return agent;
}

/** A site whose business days are in `zone`, with the demo limits: its id. */
export const addZoneSite = (server: TestServer, domain: string, zone: string): Promise<number> =>
  addSite(server.db, domain, server.clock.now(), {
    min_withdraw: 100_00,
    max_withdraw: 50_000_00,
    min_transfer: 10_00,
    business_time_zone: zone,
  });

/** A failure's code: `data.code`, or the field issues as `path:code`. */
export const codeOf = (res: { data: unknown }) => {
  const failure = res.data as FailureData | null;
  return failure?.code ?? failure?.issues?.map((i) => `${i.path}:${i.code}`).join(',');
};

/** The closure rows of a user as ancestor -> depth (effective_day when asked). */
export async function ancestorsOf(server: TestServer, userId: number): Promise<Map<number, number>> {
  const rows = await server.db
    .selectFrom('agent_tree')
    .select(['ancestor_id', 'depth'])
    .where('descendant_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [Number(r.ancestor_id), Number(r.depth)]));
}

/** The latest ratio versions of a user: channel -> [percent, effective day]. */
export async function ratioRows(
  server: TestServer,
  userId: number,
): Promise<Record<string, [number, string]>> {
  const rows = await server.db
    .selectFrom('agent_ratios')
    .select(['channel_code', 'ratio_bp', 'effective_day'])
    .where('user_id', '=', userId)
    .orderBy('effective_day')
    .execute();
  const latest: Record<string, [number, string]> = {};
  for (const r of rows) latest[r.channel_code] = [Number(r.ratio_bp) / 100, r.effective_day];
  return latest;
}

/** Registers through the real call, with an invite code or a link (and any extra headers). */
export async function registerVia(
  server: TestServer,
  invite: { inviteCode?: string; link?: string },
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  const phone = newPhone();
  const sent = await server.call(sendSmsCall, { areaCode: '63', phone, purpose: 'register' });
  if (sent.status !== 200) throw new Error(`sendsms: ${sent.message}`);
  const code = await latestCode(server, phone);
  const res = await server.call(
    registerCall,
    { areaCode: '63', phone, password: 'Kestrel#4821', code, ...invite },
    { ...opts },
  );
  return { phone, code, res };
}

/** A user's id by their public number. */
export async function idOf(server: TestServer, uid: number): Promise<number> {
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
