// Issue 14, the team tree (decision 0017): a user binds an invite code once, never their own or a descendant's;
// of concurrent binds of one user exactly one wins; concurrent binds never close a cycle; a bind moves the
// user's whole subtree under the agent, counting from the next business day.
import { describe, expect, it } from 'vitest';
import { bindCall, teamCall } from '#contract/agent';
import { serverForSuite } from '../harness';
import {
  agentWithDefaults,
  ancestorsOf,
  bindTo,
  codeOf,
  quickUser,
  ratioRows,
  setRatiosDirectly,
  type TeamUser,
} from './team-fixtures';

const server = serverForSuite();

// The test clock starts at 2026-01-15 12:00 UTC: 20:00 in Manila, the default business time zone.
const TODAY = '2026-01-15';
const TOMORROW = '2026-01-16';

const bind = (user: TeamUser, inviteCode: unknown) =>
  server.callUntyped(bindCall, { inviteCode }, { token: user.token });

describe('/agent/bind refuses', () => {
  it('a caller without a session (401)', async () => {
    const agent = await quickUser(server, { job: 1 });
    const res = await server.call(bindCall, { inviteCode: agent.inviteCode });
    expect(res.http).toBe(401);
  });

  it('a missing, empty, wrong-typed, too long or unknown code', async () => {
    const user = await quickUser(server);
    const missing = await server.callUntyped(bindCall, {}, { token: user.token });
    expect([missing.http, codeOf(missing)]).toEqual([400, 'inviteCode:invite_code_required']);
    const empty = await bind(user, '');
    expect([empty.http, codeOf(empty)]).toEqual([400, 'inviteCode:invite_code_required']);
    const wrong = await bind(user, 12345678);
    expect([wrong.http, codeOf(wrong)]).toEqual([400, 'inviteCode:invalid_type']);
    const long = await bind(user, 'A'.repeat(17));
    expect([long.http, codeOf(long)]).toEqual([400, 'inviteCode:invite_code_format']);
    const unknown = await bind(user, 'ZZZZ9999');
    expect([unknown.http, codeOf(unknown)]).toEqual([400, 'inviteCode:invite_code_not_found']);
    expect(
      (await server.db.selectFrom('users').select('invited_by').where('id', '=', user.id).executeTakeFirst())
        ?.invited_by,
    ).toBeNull();
  });

  it('one’s own code', async () => {
    const user = await quickUser(server, { job: 1 });
    const res = await bind(user, user.inviteCode.toLowerCase());
    expect([res.http, codeOf(res)]).toEqual([400, 'inviteCode:bind_self']);
    expect(await ancestorsOf(server, user.id)).toEqual(new Map());
  });

  it('a second bind, to the same agent or another ("already bound the code")', async () => {
    const [agent, other, user] = [
      await quickUser(server, { job: 1 }),
      await quickUser(server),
      await quickUser(server),
    ];
    const first = await bind(user, agent.inviteCode);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ boundTo: { uid: agent.uid, inviteCode: agent.inviteCode } });
    for (const again of [agent, other]) {
      const res = await bind(user, again.inviteCode);
      expect([res.http, codeOf(res)]).toEqual([409, 'already_bound']);
      expect(res.message).toBe('You have already bound the code');
    }
    expect(await ancestorsOf(server, user.id)).toEqual(new Map([[agent.id, 1]]));
  });

  it('a descendant’s code, a direct member’s and a deeper one’s', async () => {
    const top = await quickUser(server, { job: 1 });
    const child = await quickUser(server, { job: 1 });
    const grandchild = await quickUser(server, { job: 1 });
    const deepest = await quickUser(server);
    await bindTo(server, child, top);
    await bindTo(server, grandchild, child);
    await bindTo(server, deepest, grandchild);
    for (const below of [child, grandchild, deepest]) {
      const res = await bind(top, below.inviteCode);
      expect([below.uid, res.http, codeOf(res)]).toEqual([below.uid, 400, 'inviteCode:bind_descendant']);
    }
    // The middle of a chain, bound already: refused as bound (it has a parent), whatever the code.
    const res = await bind(child, deepest.inviteCode);
    expect([res.http, codeOf(res)]).toEqual([409, 'already_bound']);
    expect(await ancestorsOf(server, top.id)).toEqual(new Map());
  });

  it('a subtree whose ratios are above the new agent’s (the ceiling would break)', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5 } });
    const user = await quickUser(server, { job: 1, ratios: { slots: 0.4 } });
    const member = await quickUser(server);
    await bindTo(server, member, user);
    // The member holds 0.8 in live-casino (data written without the rules): above the agent's 0.
    await setRatiosDirectly(server, member.id, { 'live-casino': 0.8 });
    const res = await bind(user, agent.inviteCode);
    expect([res.http, codeOf(res)]).toEqual([409, 'bind_ratio_conflict']);
    expect(await ancestorsOf(server, user.id)).toEqual(new Map());
  });
});

describe('/agent/bind binds', () => {
  it('from the next business day, with the agent’s defaults capped by the agent’s ratios', async () => {
    const agent = await agentWithDefaults(server);
    // The agent's own ratio drops afterwards: the default is capped by it when applied.
    await setRatiosDirectly(server, agent.id, { 'live-casino': 0.1 }, TODAY);
    const user = await quickUser(server);
    expect((await bind(user, agent.inviteCode)).status).toBe(200);
    const row = await server.db
      .selectFrom('agent_tree')
      .selectAll()
      .where('descendant_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ancestor_id: agent.id, depth: 1, effective_day: TOMORROW });
    expect(await ratioRows(server, user.id)).toEqual({
      slots: [0.3, TOMORROW],
      'live-casino': [0.1, TOMORROW],
    });
    const stored = await server.db
      .selectFrom('users')
      .select('invited_by')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.invited_by).toBe(agent.inviteCode);
  });

  it('a user with a subtree: the whole subtree moves under the agent and its ancestors', async () => {
    const q = await quickUser(server, { job: 1, ratios: { slots: 1 } });
    const p = await quickUser(server, { job: 1 });
    await bindTo(server, p, q);
    const x = await quickUser(server, { job: 1 });
    const y = await quickUser(server, { job: 1 });
    const z = await quickUser(server);
    await bindTo(server, y, x);
    await bindTo(server, z, y);
    const inside = await server.db
      .selectFrom('agent_tree')
      .selectAll()
      .where('ancestor_id', 'in', [x.id, y.id])
      .orderBy('ancestor_id')
      .orderBy('descendant_id')
      .execute();

    server.clock.advance(86_400_000);
    expect((await bind(x, p.inviteCode)).status).toBe(200);
    const day = '2026-01-17';
    expect(await ancestorsOf(server, x.id)).toEqual(
      new Map([
        [p.id, 1],
        [q.id, 2],
      ]),
    );
    expect(await ancestorsOf(server, y.id)).toEqual(
      new Map([
        [x.id, 1],
        [p.id, 2],
        [q.id, 3],
      ]),
    );
    expect(await ancestorsOf(server, z.id)).toEqual(
      new Map([
        [y.id, 1],
        [x.id, 2],
        [p.id, 3],
        [q.id, 4],
      ]),
    );
    const added = await server.db
      .selectFrom('agent_tree')
      .select(['effective_day'])
      .where('ancestor_id', 'in', [p.id, q.id])
      .where('descendant_id', 'in', [x.id, y.id, z.id])
      .execute();
    expect(added.map((r) => r.effective_day)).toEqual(Array(6).fill(day));
    // The rows inside the moved subtree are untouched (their days too).
    expect(
      await server.db
        .selectFrom('agent_tree')
        .selectAll()
        .where('ancestor_id', 'in', [x.id, y.id])
        .orderBy('ancestor_id')
        .orderBy('descendant_id')
        .execute(),
    ).toEqual(inside);
    // The agents above see the moved members in their counts.
    const team = await server.call(teamCall, {}, { token: q.token });
    expect(team.data.members).toEqual({ direct: 1, total: 4 });
  });
});

describe('concurrent binds', () => {
  it('50 binds of one user to 50 agents at once: exactly one wins', async () => {
    const user = await quickUser(server);
    const agents: TeamUser[] = [];
    for (let i = 0; i < 50; i++) agents.push(await quickUser(server, { job: 1 }));
    const answers = await Promise.all(agents.map((a) => bind(user, a.inviteCode)));
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 200).map((r) => codeOf(r))).toEqual(
      Array(49).fill('already_bound'),
    );
    const winner = agents.find((a) => a.uid === won[0]?.data.boundTo.uid);
    expect(winner).toBeDefined();
    expect(await ancestorsOf(server, user.id)).toEqual(new Map([[winner?.id ?? 0, 1]]));
  });

  it('four users binding each other in a ring at once never close the cycle', async () => {
    for (let round = 0; round < 8; round++) {
      const ring: TeamUser[] = [];
      for (let i = 0; i < 4; i++) ring.push(await quickUser(server, { job: 1 }));
      const answers = await Promise.all(ring.map((u, i) => bind(u, ring[(i + 1) % 4]?.inviteCode)));
      const refused = answers.filter((r) => r.status !== 200);
      expect(refused.map((r) => codeOf(r))).toEqual(['inviteCode:bind_descendant']);
      const ids = ring.map((u) => u.id);
      const rows = await server.db
        .selectFrom('agent_tree')
        .select(['ancestor_id', 'descendant_id'])
        .where('ancestor_id', 'in', ids)
        .execute();
      // A chain of four: 3 + 2 + 1 closure rows, none from a user to themself or both ways.
      expect(rows).toHaveLength(6);
      const pairs = new Set(rows.map((r) => `${r.ancestor_id}>${r.descendant_id}`));
      for (const r of rows) {
        expect(r.ancestor_id).not.toBe(r.descendant_id);
        expect(pairs.has(`${r.descendant_id}>${r.ancestor_id}`)).toBe(false);
      }
    }
  });
});
