// Issue 14, invite codes and links (decision 0017): the user's invite code with its registration link and QR
// code, the links an agent makes (a registration presetting ratio and job, a deposit page for a member), what a
// link stands for, and registration through a code or a link binding the new member the same business day.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agentLinkCall,
  agentLinksCall,
  bindCall,
  genDownlinkCall,
  genRechargeLinkCall,
  teamCall,
} from '#contract/agent';
import { registerCall } from '#contract/auth';
import { userInfoCall } from '#contract/user';
import { latestCode, serverForSuite } from '../harness';
import {
  agentWithDefaults,
  ancestorsOf,
  bindTo,
  codeOf,
  idOf,
  quickUser,
  ratioRows,
  registerVia,
  type TeamUser,
} from './team-fixtures';

const server = serverForSuite();

// The test clock starts at 2026-01-15 12:00 UTC: 20:00 in Manila, the default business time zone.
const TODAY = '2026-01-15';

const downlink = (agent: TeamUser, body: unknown) =>
  server.callUntyped(genDownlinkCall, body, { token: agent.token });

describe('/uid/app/links', () => {
  it('answers the invite code, the registration link on the request’s origin and its QR code', async () => {
    const user = await quickUser(server);
    const res = await server.call(agentLinksCall, {}, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.data.inviteCode).toBe(user.inviteCode);
    expect(res.data.registerUrl).toBe(`${server.url}/register?code=${user.inviteCode}`);
    expect(res.data.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(res.data.qrSvg).toMatch(/<path d="M\d+ \d+h1v1h-1z/);
    // Behind the proxy: the host and scheme the client used.
    const proxied = await server.call(
      agentLinksCall,
      {},
      {
        token: user.token,
        headers: { 'x-forwarded-host': 'play.example.com', 'x-forwarded-proto': 'https' },
      },
    );
    expect(proxied.data.registerUrl).toBe(`https://play.example.com/register?code=${user.inviteCode}`);
    expect(proxied.data.qrSvg).not.toBe(res.data.qrSvg);
  });

  it('refuses a caller without a session', async () => {
    for (const declaration of [agentLinksCall, genDownlinkCall, genRechargeLinkCall]) {
      // Untyped: one body for calls that take different ones (the session is refused first).
      const res = await server.callUntyped(declaration, { rate: 0.1, memberUid: 12345678 });
      expect([declaration.path, res.http]).toEqual([declaration.path, 401]);
    }
  });
});

describe('/uid/app/gen/downlink', () => {
  it('makes an unguessable registration link presetting ratio and job', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
    const res = await downlink(agent, { rate: 0.4, join: 'agent' });
    expect(res.status).toBe(200);
    expect(res.data.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(res.data.url).toBe(`${server.url}/register?link=${res.data.code}`);
    expect(res.data.qrSvg).toMatch(/^<svg/);
    const second = await downlink(agent, { rate: 0.4 });
    expect(second.data.code).not.toBe(res.data.code);
    const info = await server.call(agentLinkCall, { code: res.data.code });
    expect([info.status, info.data]).toEqual([
      200,
      { kind: 'register', inviteCode: agent.inviteCode, rate: 0.4, join: 'agent' },
    ]);
    expect((await server.call(agentLinkCall, { code: second.data.code })).data.join).toBe('player');
  });

  it('refuses a rate above the agent’s own highest, a player, and bad input', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
    const above = await downlink(agent, { rate: 0.51 });
    expect([above.http, codeOf(above)]).toEqual([400, 'rate:ratio_above_parent']);
    const player = await quickUser(server, { ratios: { slots: 0.5 } });
    const notAgent = await downlink(player, { rate: 0.1 });
    expect([notAgent.http, codeOf(notAgent)]).toEqual([403, 'not_an_agent']);
    const cases: [unknown, string][] = [
      [{}, 'rate:ratio_required'],
      [{ rate: 'high' }, 'rate:ratio_invalid'],
      [{ rate: 0.001 }, 'rate:ratio_invalid'],
      [{ rate: 101 }, 'rate:ratio_invalid'],
      [{ rate: 0.1, join: 'boss' }, 'join:invalid_type'],
    ];
    for (const [body, expected] of cases) {
      const res = await downlink(agent, body);
      expect([JSON.stringify(body), res.http, codeOf(res)]).toEqual([JSON.stringify(body), 400, expected]);
    }
    const made = await server.db
      .selectFrom('agent_links')
      .select('id')
      .where('agent_id', 'in', [agent.id, player.id])
      .execute();
    expect(made).toEqual([]);
  });
});

describe('/uid/app/gen/rechargelink', () => {
  it('makes a deposit link for a member of the team (any depth), with an amount or without', async () => {
    const agent = await quickUser(server, { job: 1 });
    const member = await quickUser(server, { job: 1 });
    const deeper = await quickUser(server);
    await bindTo(server, member, agent);
    await bindTo(server, deeper, member);
    const res = await server.call(
      genRechargeLinkCall,
      { memberUid: deeper.uid, amount: 250.5 },
      { token: agent.token },
    );
    expect(res.status).toBe(200);
    expect(res.data.url).toBe(`${server.url}/Deposit?for=${res.data.code}`);
    const info = await server.call(agentLinkCall, { code: res.data.code });
    expect(info.data).toEqual({
      kind: 'recharge',
      inviteCode: agent.inviteCode,
      memberUid: deeper.uid,
      amount: 250.5,
    });
    const plain = await server.call(genRechargeLinkCall, { memberUid: member.uid }, { token: agent.token });
    expect((await server.call(agentLinkCall, { code: plain.data.code })).data).toEqual({
      kind: 'recharge',
      inviteCode: agent.inviteCode,
      memberUid: member.uid,
    });
  });

  it('refuses a non-member, oneself, a player, bad input', async () => {
    const agent = await quickUser(server, { job: 1 });
    const stranger = await quickUser(server);
    for (const memberUid of [stranger.uid, agent.uid, 99_999_999]) {
      const res = await server.call(genRechargeLinkCall, { memberUid }, { token: agent.token });
      expect([memberUid, res.http, codeOf(res)]).toEqual([memberUid, 404, 'member_not_found']);
    }
    const player = await quickUser(server);
    const member = await quickUser(server);
    await bindTo(server, member, player);
    const notAgent = await server.call(
      genRechargeLinkCall,
      { memberUid: member.uid },
      { token: player.token },
    );
    expect([notAgent.http, codeOf(notAgent)]).toEqual([403, 'not_an_agent']);
    const amount = await server.call(
      genRechargeLinkCall,
      { memberUid: member.uid, amount: 1.001 },
      { token: agent.token },
    );
    expect([amount.http, codeOf(amount)]).toEqual([400, 'amount:amount_invalid']);
    const missing = await server.callUntyped(genRechargeLinkCall, {}, { token: agent.token });
    expect([missing.http, codeOf(missing)]).toEqual([400, 'memberUid:member_required']);
  });
});

describe('/agent/link', () => {
  it('answers link_not_found for an unknown, malformed, empty or too long code, with no session needed', async () => {
    for (const code of ['nope-nope-nope-1', 'bad code!', 'x'.repeat(32)]) {
      const res = await server.call(agentLinkCall, { code });
      expect([code, res.http, codeOf(res)]).toEqual([code, 404, 'link_not_found']);
    }
    for (const code of ['', 'x'.repeat(33)]) {
      const res = await server.call(agentLinkCall, { code });
      expect([code, res.http, codeOf(res)]).toEqual([code, 400, 'code:link_not_found']);
    }
  });

  it('refuses an expired link', async () => {
    const agent = await quickUser(server, { job: 1 });
    const made = await downlink(agent, { rate: 0 });
    await server.db
      .updateTable('agent_links')
      .set({ expires_at: server.clock.now() })
      .where('code', '=', made.data.code)
      .execute();
    const res = await server.call(agentLinkCall, { code: made.data.code });
    expect([res.http, codeOf(res)]).toEqual([404, 'link_not_found']);
  });
});

describe('registration binds', () => {
  it('through an invite code: the same business day, with the agent’s defaults capped by its ratios', async () => {
    const agent = await agentWithDefaults(server);
    const { res } = await registerVia(server, { inviteCode: agent.inviteCode.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.data.user.job).toBe(0);
    const id = await idOf(server, res.data.user.uid);
    expect(await ancestorsOf(server, id)).toEqual(new Map([[agent.id, 1]]));
    const row = await server.db
      .selectFrom('agent_tree')
      .selectAll()
      .where('descendant_id', '=', id)
      .executeTakeFirst();
    expect(row?.effective_day).toBe(TODAY);
    expect(await ratioRows(server, id)).toEqual({ slots: [0.3, TODAY], 'live-casino': [0.2, TODAY] });
    const user = await server.db
      .selectFrom('users')
      .select('invited_by')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(user?.invited_by).toBe(agent.inviteCode);
    // Already bound: a later bind is refused.
    const again = await server.call(bindCall, { inviteCode: agent.inviteCode }, { token: res.data.token });
    expect([again.http, codeOf(again)]).toEqual([409, 'already_bound']);
    // The agent sees the member in the team at once.
    const team = await server.call(teamCall, {}, { token: agent.token });
    expect(team.data.page.content.map((m: { uid: number }) => m.uid)).toEqual([res.data.user.uid]);
  });

  it('through a link for agents: job 1 and the link’s ratio, capped per channel by the agent’s, from today', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
    const made = await downlink(agent, { rate: 0.4, join: 'agent' });
    const { res } = await registerVia(server, { link: made.data.code });
    expect(res.status).toBe(200);
    expect(res.data.user.job).toBe(1);
    const id = await idOf(server, res.data.user.uid);
    expect(await ancestorsOf(server, id)).toEqual(new Map([[agent.id, 1]]));
    expect(await ratioRows(server, id)).toEqual({ slots: [0.4, TODAY], 'live-casino': [0.2, TODAY] });
    expect((await server.call(userInfoCall, {}, { token: res.data.token })).data.job).toBe(1);
    // A player's link: job 0; the link (not a code sent along) decides the agent.
    const other = await quickUser(server, { job: 1 });
    const playerLink = await downlink(agent, { rate: 0.1 });
    const second = await registerVia(server, { link: playerLink.data.code, inviteCode: other.inviteCode });
    expect(second.res.data.user.job).toBe(0);
    expect(await ancestorsOf(server, await idOf(server, second.res.data.user.uid))).toEqual(
      new Map([[agent.id, 1]]),
    );
  });

  it('refuses an unknown code, an unknown or malformed link and a recharge link, spending nothing', async () => {
    const agent = await quickUser(server, { job: 1 });
    const member = await quickUser(server);
    await bindTo(server, member, agent);
    const recharge = await server.call(
      genRechargeLinkCall,
      { memberUid: member.uid },
      { token: agent.token },
    );
    const cases: [Record<string, string>, string][] = [
      [{ inviteCode: 'ZZZZ9999' }, 'inviteCode:invite_code_not_found'],
      [{ link: 'unknown-link-000' }, 'link:link_not_found'],
      [{ link: recharge.data.code }, 'link:link_not_found'],
      [{ link: 'has space' }, 'link:link_not_found'],
      [{ link: 'x'.repeat(33) }, 'link:link_not_found'],
    ];
    for (const [invite, expected] of cases) {
      const { phone, code, res } = await registerVia(server, invite);
      expect([invite, res.http, codeOf(res)]).toEqual([invite, 400, expected]);
      // The verification code was not spent: registering without the link works with it.
      const ok = await server.call(registerCall, { areaCode: '63', phone, password: 'Kestrel#4821', code });
      expect(ok.status).toBe(200);
      expect(await latestCode(server, phone)).toBe(code);
    }
  });

  it('records the registering client (hashed address and device)', async () => {
    const agent = await quickUser(server, { job: 1 });
    const { res } = await registerVia(
      server,
      { inviteCode: agent.inviteCode },
      { ip: '192.0.2.44', headers: { 'X-Beacon-Device': 'phone-123' } },
    );
    const id = await idOf(server, res.data.user.uid);
    const rows = await server.db
      .selectFrom('user_signals')
      .select(['kind', 'value_hash'])
      .where('user_id', '=', id)
      .orderBy('kind')
      .execute();
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    expect(rows).toEqual([
      { kind: 'device', value_hash: sha('phone-123') },
      { kind: 'ip', value_hash: sha('192.0.2.44') },
    ]);
  });
});
