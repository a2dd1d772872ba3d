// Issue 14, ratios (decision 0017): an agent sets a direct member's ratios from the next business day, never
// above the agent's own (parent ceiling) nor below the member's highest direct member's (child floor), checked
// on the latest versions under the tree lock; and their own defaults for new members, within their own ratio.

import { describe, expect, it } from 'vitest';
import { agentDefaultsCall, agentDownCall, teamCall } from '#contract/agent';
import { userInfoCall } from '#contract/user';
import { serverForSuite } from '../harness';
import { bindTo, codeOf, quickUser, ratioRows, type TeamUser } from './team-fixtures';

const server = serverForSuite();

const TOMORROW = '2026-01-16';

const setRatio = (agent: TeamUser, member: TeamUser, ratios: unknown) =>
  server.callUntyped(agentDownCall, { memberUid: member.uid, ratios }, { token: agent.token });

/** An agent (slots 0.5, live-casino 0.2) with a direct member who is an agent too, and theirs. */
async function chain() {
  const top = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
  const middle = await quickUser(server, { job: 1 });
  const bottom = await quickUser(server);
  await bindTo(server, middle, top);
  await bindTo(server, bottom, middle);
  return { top, middle, bottom };
}

describe('/uid/app/agentdown', () => {
  it('sets a direct member’s ratios from the next business day (a second change that day replaces the first)', async () => {
    const { top, middle } = await chain();
    const first = await setRatio(top, middle, [{ channel: 'slots', rate: 0.4 }]);
    expect(first.status).toBe(200);
    const slots = first.data.ratios.find((r: { channel: string }) => r.channel === 'slots');
    expect(slots).toEqual({
      channel: 'slots',
      name: expect.any(String),
      rate: 0,
      next: { rate: 0.4, from: TOMORROW },
    });
    const second = await setRatio(top, middle, [
      { channel: 'slots', rate: 0.45 },
      { channel: 'live-casino', rate: 0.2 },
    ]);
    expect(second.status).toBe(200);
    expect(await ratioRows(server, middle.id)).toEqual({
      slots: [0.45, TOMORROW],
      'live-casino': [0.2, TOMORROW],
    });
    const rows = await server.db
      .selectFrom('agent_ratios')
      .select('id')
      .where('user_id', '=', middle.id)
      .execute();
    expect(rows).toHaveLength(2);
    const set = await server.db
      .selectFrom('agent_ratios')
      .select('set_by')
      .where('user_id', '=', middle.id)
      .executeTakeFirstOrThrow();
    expect(set.set_by).toBe(top.id);
  });

  it('puts the latest ratios and default in the spec’s user info fields (rate, rate1, rate2, defaultRate)', async () => {
    const { top, middle } = await chain();
    const set = await setRatio(top, middle, [
      { channel: 'slots', rate: 0.3 },
      { channel: 'live-casino', rate: 0.15 },
    ]);
    expect(set.status).toBe(200);
    const defaults = await server.call(
      agentDefaultsCall,
      { ratios: [{ channel: 'slots', rate: 0.1 }] },
      { token: middle.token },
    );
    expect(defaults.status).toBe(200);
    const info = await server.call(userInfoCall, {}, { token: middle.token });
    expect(info.data).toMatchObject({ rate: 0.3, rate1: 0.15, rate2: 0, defaultRate: 0.1 });
  });

  it('refuses a ratio above the agent’s own (latest version, per channel)', async () => {
    const { top, middle } = await chain();
    const above = await setRatio(top, middle, [
      { channel: 'slots', rate: 0.5 },
      { channel: 'live-casino', rate: 0.21 },
    ]);
    expect([above.http, codeOf(above)]).toEqual([400, 'ratios.1.rate:ratio_above_parent']);
    const sports = await setRatio(top, middle, [{ channel: 'sports', rate: 0.01 }]);
    expect([sports.http, codeOf(sports)]).toEqual([400, 'ratios.0.rate:ratio_above_parent']);
    expect(await ratioRows(server, middle.id)).toEqual({});
  });

  it('refuses a ratio below a member’s highest direct member (the child floor)', async () => {
    const { top, middle, bottom } = await chain();
    expect((await setRatio(top, middle, [{ channel: 'slots', rate: 0.4 }])).status).toBe(200);
    expect((await setRatio(middle, bottom, [{ channel: 'slots', rate: 0.3 }])).status).toBe(200);
    const below = await setRatio(top, middle, [{ channel: 'slots', rate: 0.29 }]);
    expect([below.http, codeOf(below)]).toEqual([400, 'ratios.0.rate:ratio_below_member']);
    expect((await setRatio(top, middle, [{ channel: 'slots', rate: 0.3 }])).status).toBe(200);
    // The member's own member may not go above the member's latest either.
    const above = await setRatio(middle, bottom, [{ channel: 'slots', rate: 0.31 }]);
    expect([above.http, codeOf(above)]).toEqual([400, 'ratios.0.rate:ratio_above_parent']);
  });

  it('refuses a member who is not a direct one, another branch’s member, an unknown UID', async () => {
    const { top, bottom } = await chain();
    const other = await chain();
    const deeper = await setRatio(top, bottom, [{ channel: 'slots', rate: 0.1 }]);
    expect([deeper.http, codeOf(deeper)]).toEqual([403, 'not_direct_member']);
    const theirs = await setRatio(top, other.middle, [{ channel: 'slots', rate: 0.1 }]);
    expect([theirs.http, codeOf(theirs)]).toEqual([404, 'member_not_found']);
    const nobody = await server.call(
      agentDownCall,
      { memberUid: 1, ratios: [{ channel: 'slots', rate: 0.1 }] },
      { token: top.token },
    );
    expect([nobody.http, codeOf(nobody)]).toEqual([404, 'member_not_found']);
    // Oneself is no member.
    const self = await setRatio(top, top, [{ channel: 'slots', rate: 0.1 }]);
    expect([self.http, codeOf(self)]).toEqual([404, 'member_not_found']);
  });

  it('refuses a caller who is not an agent, even over their own direct member', async () => {
    const player = await quickUser(server);
    const member = await quickUser(server);
    await bindTo(server, member, player);
    const res = await setRatio(player, member, [{ channel: 'slots', rate: 0 }]);
    expect([res.http, codeOf(res)]).toEqual([403, 'not_an_agent']);
  });

  it('refuses an unknown channel, missing and invalid ratios, and a caller without a session', async () => {
    const { top, middle } = await chain();
    const channel = await setRatio(top, middle, [
      { channel: 'slots', rate: 0.1 },
      { channel: 'bingo', rate: 0.1 },
    ]);
    expect([channel.http, codeOf(channel)]).toEqual([400, 'ratios.1.channel:channel_not_found']);
    const cases: [unknown, string][] = [
      [undefined, 'ratios:ratio_required'],
      ['slots', 'ratios:invalid_type'],
      [[], 'ratios:ratio_required'],
      [[{ channel: 'slots' }], 'ratios.0.rate:ratio_required'],
      [[{ channel: 'slots', rate: null }], 'ratios.0.rate:ratio_required'],
      [[{ channel: 'slots', rate: '0.1' }], 'ratios.0.rate:ratio_invalid'],
      [[{ channel: 'slots', rate: 0.123 }], 'ratios.0.rate:ratio_invalid'],
      [[{ channel: 'slots', rate: -0.1 }], 'ratios.0.rate:ratio_invalid'],
      [[{ channel: 'slots', rate: 100.01 }], 'ratios.0.rate:ratio_invalid'],
      [[{ channel: 'x'.repeat(33), rate: 0.1 }], 'ratios.0.channel:too_long'],
      [Array.from({ length: 17 }, () => ({ channel: 'slots', rate: 0.1 })), 'ratios:too_long'],
    ];
    for (const [ratios, expected] of cases) {
      const res = await setRatio(top, middle, ratios);
      expect([JSON.stringify(ratios)?.slice(0, 40), res.http, codeOf(res)]).toEqual([
        JSON.stringify(ratios)?.slice(0, 40),
        400,
        expected,
      ]);
    }
    // Untyped: the member is missing on purpose.
    const noMember = await server.callUntyped(
      agentDownCall,
      { ratios: [{ channel: 'slots', rate: 0.1 }] },
      { token: top.token },
    );
    expect([noMember.http, codeOf(noMember)]).toEqual([400, 'memberUid:member_required']);
    const anonymous = await server.call(agentDownCall, {
      memberUid: middle.uid,
      ratios: [{ channel: 'slots', rate: 0.1 }],
    });
    expect(anonymous.http).toBe(401);
    expect(await ratioRows(server, middle.id)).toEqual({});
  });

  it('keeps the ceiling and the floor when a parent lowers and a member raises at the same time', async () => {
    for (let round = 0; round < 6; round++) {
      const { top, middle, bottom } = await chain();
      expect((await setRatio(top, middle, [{ channel: 'slots', rate: 0.4 }])).status).toBe(200);
      expect((await setRatio(middle, bottom, [{ channel: 'slots', rate: 0.2 }])).status).toBe(200);
      const [lower, raise] = await Promise.all([
        setRatio(top, middle, [{ channel: 'slots', rate: 0.25 }]),
        setRatio(middle, bottom, [{ channel: 'slots', rate: 0.35 }]),
      ]);
      // Exactly one of them fits the other's outcome.
      expect([lower.status, raise.status].filter((s) => s === 200)).toHaveLength(1);
      const m = (await ratioRows(server, middle.id)).slots?.[0] ?? 0;
      const b = (await ratioRows(server, bottom.id)).slots?.[0] ?? 0;
      expect(b).toBeLessThanOrEqual(m);
    }
  });
});

describe('/agent/defaults', () => {
  it('sets the defaults within the agent’s own ratios and answers them', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5 } });
    const res = await server.call(
      agentDefaultsCall,
      { ratios: [{ channel: 'slots', rate: 0.3 }] },
      { token: agent.token },
    );
    expect(res.status).toBe(200);
    expect(res.data.ratios.map((r: { channel: string; rate: number }) => [r.channel, r.rate])).toEqual([
      ['slots', 0.3],
      ['live-casino', 0],
      ['sports', 0],
    ]);
    const again = await server.call(
      agentDefaultsCall,
      { ratios: [{ channel: 'slots', rate: 0.5 }] },
      { token: agent.token },
    );
    expect(again.status).toBe(200);
    const rows = await server.db
      .selectFrom('agent_defaults')
      .selectAll()
      .where('user_id', '=', agent.id)
      .execute();
    expect(rows.map((r) => [r.channel_code, r.ratio_bp])).toEqual([['slots', 50]]);
  });

  it('refuses a default above the agent’s own, an unknown channel, a player, no session', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5 } });
    const above = await server.call(
      agentDefaultsCall,
      { ratios: [{ channel: 'slots', rate: 0.51 }] },
      { token: agent.token },
    );
    expect([above.http, codeOf(above)]).toEqual([400, 'ratios.0.rate:ratio_above_parent']);
    const unknown = await server.call(
      agentDefaultsCall,
      { ratios: [{ channel: 'bingo', rate: 0 }] },
      { token: agent.token },
    );
    expect([unknown.http, codeOf(unknown)]).toEqual([400, 'ratios.0.channel:channel_not_found']);
    const player = await quickUser(server);
    const notAgent = await server.call(
      agentDefaultsCall,
      { ratios: [{ channel: 'slots', rate: 0 }] },
      { token: player.token },
    );
    expect([notAgent.http, codeOf(notAgent)]).toEqual([403, 'not_an_agent']);
    const anonymous = await server.call(agentDefaultsCall, { ratios: [{ channel: 'slots', rate: 0 }] });
    expect(anonymous.http).toBe(401);
    expect(
      await server.db.selectFrom('agent_defaults').selectAll().where('user_id', '=', agent.id).execute(),
    ).toEqual([]);
  });
});

it('today’s ratios are today’s: a change shows as waiting until its day', async () => {
  const { top, middle } = await chain();
  expect((await setRatio(top, middle, [{ channel: 'slots', rate: 0.4 }])).status).toBe(200);
  server.clock.advance(86_400_000);
  const team = await server.call(teamCall, {}, { token: top.token });
  const slots = team.data.page.content[0]?.ratios.find((r: { channel: string }) => r.channel === 'slots');
  expect(slots).toEqual({ channel: 'slots', name: expect.any(String), rate: 0.4 });
});
