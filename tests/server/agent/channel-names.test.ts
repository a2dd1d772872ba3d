// Issue 31 item 17: channels are data, so their names are per-language texts (channel_texts, migration 0038),
// answered in the caller's language (content's answerLocale, as catalogue items and notices) on the ratio lists, the
// set-ratio answer, the agent's detail (whose ratios name ReportDetails' channels) and the lobby.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentDetailCall, agentDownCall, rakeBackCall, teamCall } from '#contract/agent';
import { lobbyCall } from '#contract/games';
import { addProvider } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { bindTo, quickUser } from './team-fixtures';

const server = serverForSuite();

beforeAll(async () => {
  await addProvider(server); // a slots game, so the lobby lists the Slots channel
});

const ES = { headers: { 'accept-language': 'es-ES,es;q=0.9' } };
const KO = { headers: { 'accept-language': 'ko-KR' } };

type Named = { channel?: string; code?: string; name: string };
const nameOf = (list: Named[], code: string) => list.find((c) => (c.channel ?? c.code) === code)?.name;

describe('channel names in the caller’s language', () => {
  it('answers the ratio lists, the set-ratio answer and the agent’s detail in es-ES and ko-KR', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.2 } });
    const member = await quickUser(server);
    await bindTo(server, member, agent);

    const detail = await server.call(agentDetailCall, {}, { token: agent.token, ...ES });
    expect(detail.status).toBe(200);
    expect(nameOf(detail.data.ratios, 'slots')).toBe('Tragamonedas');
    expect(nameOf(detail.data.ratios, 'live-casino')).toBe('Casino en vivo');
    expect(nameOf(detail.data.defaults, 'sports')).toBe('Deportes');
    expect(detail.headers.get('vary')).toMatch(/accept-language/i);

    const team = await server.call(teamCall, {}, { token: agent.token, ...KO });
    expect(team.status).toBe(200);
    expect(nameOf(team.data.page.content[0]?.ratios ?? [], 'slots')).toBe('슬롯');

    const set = await server.call(
      agentDownCall,
      { memberUid: member.uid, ratios: [{ channel: 'slots', rate: 0.1 }] },
      { token: agent.token, ...ES },
    );
    expect(set.status).toBe(200);
    expect(nameOf(set.data.ratios, 'slots')).toBe('Tragamonedas');

    const rakeBack = await server.call(rakeBackCall, {}, { token: agent.token, ...KO });
    expect(nameOf(rakeBack.data.ratios, 'sports')).toBe('스포츠');
  });

  it('answers the lobby’s channels in es-ES', async () => {
    const lobby = await server.call(lobbyCall, {}, { ...ES });
    expect(lobby.status).toBe(200);
    expect(nameOf(lobby.data.channels, 'slots')).toBe('Tragamonedas');
    expect(nameOf((await server.call(lobbyCall, {})).data.channels, 'slots')).toBe('Slots');
  });

  it('keeps the default name where the language has no text (en-PH, a language not shipped)', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5 } });
    const plain = await server.call(
      agentDetailCall,
      {},
      { token: agent.token, headers: { 'accept-language': 'en-US' } },
    );
    expect(nameOf(plain.data.ratios, 'slots')).toBe('Slots');
    const ph = await server.call(
      agentDetailCall,
      {},
      { token: agent.token, headers: { 'accept-language': 'en-PH' } },
    );
    expect(nameOf(ph.data.ratios, 'live-casino')).toBe('Live Casino');
    const fr = await server.call(
      agentDetailCall,
      {},
      { token: agent.token, headers: { 'accept-language': 'fr-FR' } },
    );
    expect(nameOf(fr.data.ratios, 'sports')).toBe('Sports');
  });
});
