// Issue 14, the team (decision 0017): an agent's members level by level with their figures, a search over the
// whole subtree, one member's page; never a member of another branch. Joining as an agent, promoting a direct
// member; the client signals every authenticated request records.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { downlineCall, joinAgentCall, promoteCall, teamCall } from '#contract/agent';
import { userInfoCall } from '#contract/user';
import { serverForSuite } from '../harness';
import { deposit, seedSites } from '../wallet/helpers';
import { bindTo, codeOf, quickUser, setRatiosDirectly, type TeamUser } from './team-fixtures';

const server = serverForSuite();

// The test clock starts at 2026-01-15 12:00 UTC: 20:00 in Manila, the default business time zone.
const TODAY = '2026-01-15';

/**
 * viewer -> m1 -> m11 -> m111, viewer -> m2; another branch: other -> n1. Binds count from tomorrow: the
 * team's figures do not depend on it.
 */
let viewer: TeamUser;
let m1: TeamUser;
let m2: TeamUser;
let m11: TeamUser;
let m111: TeamUser;
let other: TeamUser;
let n1: TeamUser;

async function validBet(user: TeamUser, day: string, channel: string, amount: number) {
  await server.db
    .insertInto('game_daily_valid')
    .values({
      user_id: user.id,
      day,
      channel_code: channel,
      rounds: 1,
      bet: amount,
      win: 0,
      valid_bet: amount,
    })
    .execute();
}

async function commissionLine(
  earner: TeamUser,
  member: TeamUser,
  day: string,
  amount: number,
  holdId?: number,
) {
  await server.db
    .insertInto('agent_lines')
    .values({
      day,
      kind: 'commission',
      earner_id: earner.id,
      member_id: member.id,
      channel_code: 'slots',
      depth: 1,
      valid_bet: amount * 100,
      ratio_bp: 100,
      below_ratio_bp: 0,
      amount,
      corrects_day: null,
      hold_id: holdId ?? null,
      ledger_transaction_id: null,
      created_at: server.clock.now(),
    })
    .execute();
}

async function hold(agent: TeamUser, member: TeamUser, day: string, state: 'held' | 'cancelled') {
  const row = await server.db
    .insertInto('agent_holds')
    .values({
      agent_id: agent.id,
      member_id: member.id,
      day,
      amount: 1,
      reason: 'shared_ip',
      state,
      hold_transaction_id: null,
      resolve_transaction_id: null,
      resolved_by: null,
      resolve_note: null,
      created_at: server.clock.now(),
      resolved_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  await seedSites(server);
  viewer = await quickUser(server, { job: 1, ratios: { slots: 1 } });
  m1 = await quickUser(server, { job: 1 });
  m11 = await quickUser(server, { job: 1 });
  m111 = await quickUser(server);
  m2 = await quickUser(server);
  other = await quickUser(server, { job: 1 });
  n1 = await quickUser(server);
  await bindTo(server, m1, viewer);
  await bindTo(server, m11, m1);
  await bindTo(server, m111, m11);
  await bindTo(server, m2, viewer);
  await bindTo(server, n1, other);
  await setRatiosDirectly(server, m1.id, { slots: 0.6 });

  await deposit(server, m1, 150);
  await deposit(server, m1, 25.5);
  await validBet(m1, '2026-01-10', 'slots', 10_000);
  await validBet(m1, '2026-01-10', 'sports', 2_550);
  await validBet(m1, TODAY, 'slots', 1_000);
  // An old day, outside the member page's 30 days, still in the totals.
  await validBet(m1, '2025-11-01', 'slots', 5);
  await commissionLine(viewer, m1, '2026-01-10', 40);
  await commissionLine(viewer, m1, '2026-01-11', 2);
  await commissionLine(viewer, m1, '2026-01-12', 7, await hold(viewer, m1, '2026-01-12', 'held'));
  // Cancelled: never earned. Another earner's line: not the viewer's.
  await commissionLine(viewer, m1, '2026-01-13', 500, await hold(viewer, m1, '2026-01-13', 'cancelled'));
  await commissionLine(m1, m11, '2026-01-10', 900);
  await commissionLine(viewer, m11, '2026-01-10', 3);
});

const masked = (phone: string) => `+63 ${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;

describe('/agent/team', () => {
  it('lists the viewer’s direct members, newest first, with their figures', async () => {
    const res = await server.call(teamCall, {}, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.data.members).toEqual({ direct: 2, total: 4 });
    expect(res.data.path).toEqual([]);
    expect(res.data.page).toMatchObject({ number: 0, totalPages: 1, totalElements: 2 });
    const [first, second] = res.data.page.content;
    expect(first).toMatchObject({
      uid: m2.uid,
      depth: 1,
      job: 0,
      members: { direct: 0, total: 0 },
      deposits: 0,
    });
    expect(second).toEqual({
      uid: m1.uid,
      phone: masked(m1.phone),
      avatar: null,
      job: 1,
      depth: 1,
      joinedAt: expect.any(Number),
      ratios: [
        { channel: 'slots', name: expect.any(String), rate: 0.6 },
        { channel: 'live-casino', name: expect.any(String), rate: 0 },
        { channel: 'sports', name: expect.any(String), rate: 0 },
      ],
      members: { direct: 1, total: 2 },
      deposits: 175.5,
      validBets: 135.55,
      commission: 0.49,
    });
    expect(second?.phone).not.toContain(m1.phone.slice(3, 8));
  });

  it('pages 50 at most, and by the size asked', async () => {
    const page0 = await server.call(teamCall, { size: 1 }, { token: viewer.token });
    expect(page0.data.page).toMatchObject({ number: 0, totalPages: 2, totalElements: 2 });
    expect(page0.data.page.content.map((m: { uid: number }) => m.uid)).toEqual([m2.uid]);
    const page1 = await server.call(teamCall, { size: 1, number: 1 }, { token: viewer.token });
    expect(page1.data.page.content.map((m: { uid: number }) => m.uid)).toEqual([m1.uid]);
    const big = await server.call(teamCall, { size: 51 }, { token: viewer.token });
    expect([big.http, codeOf(big)]).toEqual([400, 'size:too_long']);
  });

  it('lists a member’s members below the viewer, with the path down to them', async () => {
    const level2 = await server.call(teamCall, { parentUid: m1.uid }, { token: viewer.token });
    expect(level2.status).toBe(200);
    expect(level2.data.members).toEqual({ direct: 1, total: 2 });
    expect(level2.data.path).toEqual([{ uid: m1.uid, phone: masked(m1.phone) }]);
    expect(level2.data.page.content).toHaveLength(1);
    // The commission m11 brought the viewer, not what it brought m1.
    expect(level2.data.page.content[0]).toMatchObject({ uid: m11.uid, depth: 2, commission: 0.03 });
    const level3 = await server.call(teamCall, { parentUid: m11.uid }, { token: viewer.token });
    expect(level3.data.path.map((p: { uid: number }) => p.uid)).toEqual([m1.uid, m11.uid]);
    expect(level3.data.page.content.map((m: { uid: number; depth: number }) => [m.uid, m.depth])).toEqual([
      [m111.uid, 3],
    ]);
  });

  it('never lists another branch’s members, nor the viewer’s own ancestors', async () => {
    for (const parentUid of [n1.uid, other.uid, 99_999_999]) {
      const res = await server.call(teamCall, { parentUid }, { token: viewer.token });
      expect([res.http, codeOf(res)]).toEqual([404, 'member_not_found']);
    }
    // m1 asking for its parent's level.
    const up = await server.call(teamCall, { parentUid: viewer.uid }, { token: m1.token });
    expect([up.http, codeOf(up)]).toEqual([404, 'member_not_found']);
    // m1 asking for its sibling's.
    const sibling = await server.call(teamCall, { parentUid: m2.uid }, { token: m1.token });
    expect([sibling.http, codeOf(sibling)]).toEqual([404, 'member_not_found']);
  });

  it('searches the whole subtree by UID or by digits of the phone number, and nothing outside it', async () => {
    const byUid = await server.call(teamCall, { search: String(m111.uid) }, { token: viewer.token });
    expect(byUid.data.page.content.map((m: { uid: number; depth: number }) => [m.uid, m.depth])).toEqual([
      [m111.uid, 3],
    ]);
    const byPhone = await server.call(
      teamCall,
      { search: ` ${m2.phone.slice(-6)} ` },
      { token: viewer.token },
    );
    expect(byPhone.data.page.content.map((m: { uid: number }) => m.uid)).toEqual([m2.uid]);
    // Under a member: their subtree only, depth still from the viewer.
    const under = await server.call(
      teamCall,
      { parentUid: m1.uid, search: String(m111.uid) },
      { token: viewer.token },
    );
    expect(under.data.page.content.map((m: { uid: number; depth: number }) => [m.uid, m.depth])).toEqual([
      [m111.uid, 3],
    ]);
    const notUnder = await server.call(
      teamCall,
      { parentUid: m1.uid, search: m2.phone },
      { token: viewer.token },
    );
    expect(notUnder.data.page.totalElements).toBe(0);
    for (const search of [String(n1.uid), n1.phone, String(other.uid), 'abc']) {
      const res = await server.call(teamCall, { search }, { token: viewer.token });
      expect([search, res.data.page.totalElements, res.data.page.content]).toEqual([search, 0, []]);
    }
    // Every phone of the test starts 917: the whole subtree matches, paged, and counted past the end too.
    const all = await server.call(teamCall, { search: '917', size: 3, number: 1 }, { token: viewer.token });
    expect(all.data.page).toMatchObject({ totalElements: 4, totalPages: 2, number: 1 });
    expect(all.data.page.content.map((m: { uid: number }) => m.uid)).toEqual([m1.uid]);
    const past = await server.call(teamCall, { search: '917', number: 9 }, { token: viewer.token });
    expect(past.data.page).toMatchObject({ totalElements: 4, content: [] });
    const long = await server.call(teamCall, { search: '1'.repeat(21) }, { token: viewer.token });
    expect([long.http, codeOf(long)]).toEqual([400, 'search:too_long']);
    const wrong = await server.callUntyped(teamCall, { parentUid: 'm1' }, { token: viewer.token });
    expect([wrong.http, codeOf(wrong)]).toEqual([400, 'parentUid:invalid_type']);
  });

  it('refuses a caller without a session', async () => {
    for (const declaration of [teamCall, downlineCall, joinAgentCall, promoteCall]) {
      // Untyped: one body for calls that take different ones (the session is refused first).
      const res = await server.callUntyped(declaration, { memberUid: m1.uid });
      expect([declaration.path, res.http]).toEqual([declaration.path, 401]);
    }
  });
});

describe('/agent/downline', () => {
  it('answers one member of the subtree with the last 30 business days', async () => {
    const res = await server.call(downlineCall, { memberUid: m1.uid }, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.data.member).toMatchObject({ uid: m1.uid, depth: 1, validBets: 135.55, commission: 0.49 });
    expect(res.data.canSetRatio).toBe(true);
    expect(res.data.days).toHaveLength(30);
    expect(res.data.days[0]?.day).toBe('2025-12-17');
    expect(res.data.days[29]).toEqual({ day: TODAY, validBets: 10, commission: 0 });
    const byDay = new Map(res.data.days.map((d: { day: string }) => [d.day, d]));
    expect(byDay.get('2026-01-10')).toEqual({ day: '2026-01-10', validBets: 125.5, commission: 0.4 });
    expect(byDay.get('2026-01-12')).toEqual({ day: '2026-01-12', validBets: 0, commission: 0.07 });
    expect(byDay.get('2026-01-13')).toEqual({ day: '2026-01-13', validBets: 0, commission: 0 });
  });

  it('a deeper member: visible, but the ratio is its parent’s to set', async () => {
    const res = await server.call(downlineCall, { memberUid: m111.uid }, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.data.member).toMatchObject({ uid: m111.uid, depth: 3 });
    expect(res.data.canSetRatio).toBe(false);
  });

  it('never another branch’s member, the viewer, an unknown UID, or bad input', async () => {
    for (const memberUid of [n1.uid, other.uid, viewer.uid, 99_999_999]) {
      const res = await server.call(downlineCall, { memberUid }, { token: viewer.token });
      expect([memberUid, res.http, codeOf(res)]).toEqual([memberUid, 404, 'member_not_found']);
    }
    const fromBelow = await server.call(downlineCall, { memberUid: m2.uid }, { token: m1.token });
    expect([fromBelow.http, codeOf(fromBelow)]).toEqual([404, 'member_not_found']);
    const missing = await server.callUntyped(downlineCall, {}, { token: viewer.token });
    expect([missing.http, codeOf(missing)]).toEqual([400, 'memberUid:member_required']);
    const wrong = await server.call(downlineCall, { memberUid: -3 }, { token: viewer.token });
    expect([wrong.http, codeOf(wrong)]).toEqual([400, 'memberUid:invalid_type']);
  });
});

describe('joining as an agent', () => {
  it('a player joins (job 0 -> 1), and /user/info says so at once', async () => {
    const player = await quickUser(server);
    expect((await server.call(userInfoCall, {}, { token: player.token })).data.job).toBe(0);
    const res = await server.call(joinAgentCall, {}, { token: player.token });
    expect([res.status, res.data]).toEqual([200, { job: 1 }]);
    expect((await server.call(userInfoCall, {}, { token: player.token })).data.job).toBe(1);
    const again = await server.call(joinAgentCall, {}, { token: player.token });
    expect([again.http, codeOf(again)]).toEqual([409, 'already_agent']);
    const senior = await quickUser(server, { job: 2 });
    const seniorJoin = await server.call(joinAgentCall, {}, { token: senior.token });
    expect([seniorJoin.http, codeOf(seniorJoin)]).toEqual([409, 'already_agent']);
    expect((await server.call(userInfoCall, {}, { token: senior.token })).data.job).toBe(2);
  });

  it('an agent promotes a direct member; not a deeper one, another branch’s, an agent; a player cannot', async () => {
    const agent = await quickUser(server, { job: 1 });
    const direct = await quickUser(server);
    const deeper = await quickUser(server);
    await bindTo(server, direct, agent);
    await bindTo(server, deeper, direct);
    const notDirect = await server.call(promoteCall, { memberUid: deeper.uid }, { token: agent.token });
    expect([notDirect.http, codeOf(notDirect)]).toEqual([403, 'not_direct_member']);
    const foreign = await server.call(promoteCall, { memberUid: n1.uid }, { token: agent.token });
    expect([foreign.http, codeOf(foreign)]).toEqual([404, 'member_not_found']);
    const byPlayer = await server.call(promoteCall, { memberUid: deeper.uid }, { token: direct.token });
    expect([byPlayer.http, codeOf(byPlayer)]).toEqual([403, 'not_an_agent']);
    const ok = await server.call(promoteCall, { memberUid: direct.uid }, { token: agent.token });
    expect([ok.status, ok.data]).toEqual([200, { job: 1 }]);
    expect((await server.call(userInfoCall, {}, { token: direct.token })).data.job).toBe(1);
    const again = await server.call(promoteCall, { memberUid: direct.uid }, { token: agent.token });
    expect([again.http, codeOf(again)]).toEqual([409, 'already_agent']);
    const missing = await server.callUntyped(promoteCall, {}, { token: agent.token });
    expect([missing.http, codeOf(missing)]).toEqual([400, 'memberUid:member_required']);
    expect((await server.call(userInfoCall, {}, { token: deeper.token })).data.job).toBe(0);
  });
});

describe('client signals', () => {
  const sha = (v: string) => createHash('sha256').update(v).digest('hex');
  const signals = async (user: TeamUser) =>
    server.db
      .selectFrom('user_signals')
      .select(['kind', 'value_hash', 'first_seen', 'last_seen'])
      .where('user_id', '=', user.id)
      .orderBy('kind')
      .orderBy('first_seen')
      .execute();

  it('records the hashed address and device of authenticated requests, once an hour per value', async () => {
    const user = await quickUser(server);
    const at = server.clock.now();
    const opts = { ip: '203.0.113.7', headers: { 'X-Beacon-Device': 'device-abc' } };
    await server.call(userInfoCall, {}, { token: user.token, ...opts });
    expect(await signals(user)).toEqual([
      { kind: 'device', value_hash: sha('device-abc'), first_seen: at, last_seen: at },
      { kind: 'ip', value_hash: sha('203.0.113.7'), first_seen: at, last_seen: at },
    ]);
    server.clock.advance(60_000);
    await server.call(userInfoCall, {}, { token: user.token, ...opts });
    expect((await signals(user)).map((s) => s.last_seen)).toEqual([at, at]);
    server.clock.advance(3_600_000);
    await server.call(userInfoCall, {}, { token: user.token, ip: '203.0.113.7' });
    const later = at + 3_660_000;
    expect(await signals(user)).toEqual([
      { kind: 'device', value_hash: sha('device-abc'), first_seen: at, last_seen: at },
      { kind: 'ip', value_hash: sha('203.0.113.7'), first_seen: at, last_seen: later },
    ]);
    // Another address is another row; an overlong device id is ignored.
    await server.call(
      userInfoCall,
      {},
      { token: user.token, ip: '198.51.100.1', headers: { 'X-Beacon-Device': 'x'.repeat(200) } },
    );
    expect((await signals(user)).map((s) => [s.kind, s.value_hash])).toEqual([
      ['device', sha('device-abc')],
      ['ip', sha('203.0.113.7')],
      ['ip', sha('198.51.100.1')],
    ]);
  });
});
