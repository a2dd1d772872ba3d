import { describe, expect, it } from 'vitest';
import { bindTo, quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';

const server = serverForSuite({ demoSeed: true });

describe('avatars in the team', () => {
  it("an agent sees each member's chosen avatar in the team list and on the member's page", async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 1 } });
    const chose = await quickUser(server);
    const none = await quickUser(server);
    await bindTo(server, chose, agent);
    await bindTo(server, none, agent);
    expect((await server.post('/user/avatar', { avatar: 'wave' }, chose.token)).http).toBe(200);

    const team = await server.post('/agent/team', {}, agent.token);
    expect(team.http, team.message).toBe(200);
    const byUid = new Map(
      team.data.page.content.map((m: { uid: number; avatar: string | null }) => [m.uid, m.avatar]),
    );
    expect(byUid.get(chose.uid)).toBe('wave');
    expect(byUid.get(none.uid)).toBeNull();

    const page = await server.post('/agent/downline', { memberUid: chose.uid }, agent.token);
    expect(page.http, page.message).toBe(200);
    expect(page.data.member.avatar).toBe('wave');
  });
});
