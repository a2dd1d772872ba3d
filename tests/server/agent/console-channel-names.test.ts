// Issue 31 item 17's rest (decision 0048): the console's account ratios (`/admin/agent/ratios`, and the account
// page's `/admin/users/detail`) name channels in the operator's language (the console's Accept-Language), and
// the "ratio changed" message names its channel in the member's language, written when the change is sent
// (the member's account locale).
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import { bindTo, quickUser, type TeamUser } from './team-fixtures';

const server = serverForSuite();
let operator: TeamUser;

beforeAll(async () => {
  operator = await quickUser(server);
  await makeOperator(server, operator);
});

const ES = { headers: { 'accept-language': 'es-ES' } };
const ZH = { headers: { 'accept-language': 'zh-CN' } };

type Named = { channel: string; name: string };
const nameOf = (list: Named[], code: string) => list.find((c) => c.channel === code)?.name;

const setLocale = (user: TeamUser, locale: string | null) =>
  server.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();

/** The member's "ratio changed" messages' channel names, newest first. */
async function ratioMessages(user: TeamUser): Promise<string[]> {
  const res = await server.post('/messages/list', { number: 0, size: 20 }, user.token);
  expect(res.status).toBe(200);
  return (res.data.content as { kind: string; params: { channel: string } }[])
    .filter((m) => m.kind === 'ratio_changed')
    .map((m) => m.params.channel);
}

describe('channel names on the console and in the ratio message', () => {
  it('answers the console’s account ratios in the operator’s language', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, sports: 0.4 } });
    const set = (headers: typeof ES | undefined) =>
      server.post(
        '/admin/agent/ratios',
        { uid: agent.uid, ratios: [{ channel: 'slots', rate: 0.45 }] },
        operator.token,
        headers,
      );
    const es = await set(ES);
    expect(es.status).toBe(200);
    expect(es.data.secondApproval).toBeNull();
    expect(nameOf(es.data.ratios, 'slots')).toBe('Tragamonedas');
    expect(nameOf(es.data.ratios, 'sports')).toBe('Deportes');
    expect(es.headers.get('vary')).toMatch(/accept-language/i);
    const zh = await set(ZH);
    expect(nameOf(zh.data.ratios, 'slots')).toBe('老虎机');
    const plain = await set(undefined);
    expect(nameOf(plain.data.ratios, 'slots')).toBe('Slots');
  });

  it('answers the console’s account page (/admin/users/detail) in the operator’s language', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, sports: 0.4 } });
    const read = (headers: typeof ES | undefined) =>
      server.post('/admin/users/detail', { uid: agent.uid }, operator.token, headers);
    const es = await read(ES);
    expect(es.status).toBe(200);
    expect(nameOf(es.data.ratios, 'slots')).toBe('Tragamonedas');
    expect(nameOf(es.data.ratios, 'sports')).toBe('Deportes');
    expect(es.headers.get('vary')).toMatch(/accept-language/i);
    expect(nameOf((await read(ZH)).data.ratios, 'sports')).toBe('体育');
    expect(nameOf((await read(undefined)).data.ratios, 'slots')).toBe('Slots');
  });

  it('names the channel of a ratio change in the member’s language, by the agent and by an operator', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 0.5, 'live-casino': 0.5 } });
    const member = await quickUser(server);
    await bindTo(server, member, agent);
    await setLocale(member, 'ko-KR');
    const byAgent = await server.post(
      '/uid/app/agentdown',
      { memberUid: member.uid, ratios: [{ channel: 'slots', rate: 0.2 }] },
      agent.token,
    );
    expect(byAgent.status).toBe(200);
    expect(await ratioMessages(member)).toEqual(['슬롯']);

    // The operator reads Spanish; the member still gets their own language.
    const byOperator = await server.post(
      '/admin/agent/ratios',
      { uid: member.uid, ratios: [{ channel: 'live-casino', rate: 0.1 }] },
      operator.token,
      ES,
    );
    expect(byOperator.status).toBe(200);
    expect(await ratioMessages(member)).toEqual(['라이브 카지노', '슬롯']);
  });

  it('keeps the default name for a member with no locale or one without texts', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { sports: 0.5 } });
    for (const locale of [null, 'en-PH'] as const) {
      const member = await quickUser(server);
      await bindTo(server, member, agent);
      await setLocale(member, locale);
      const res = await server.post(
        '/uid/app/agentdown',
        { memberUid: member.uid, ratios: [{ channel: 'sports', rate: 0.3 }] },
        agent.token,
      );
      expect(res.status).toBe(200);
      expect(await ratioMessages(member)).toEqual(['Sports']);
    }
  });
});
