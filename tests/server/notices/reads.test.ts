// Read state of the notice centre: per reader, only for notices the reader can see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { type Promoter, promoter } from '../portal/fixtures';
import { operator } from '../push/helpers';

let server: TestServer;
let op: Promoter;
/** Notice ids: two for everyone, one for agents only, one withdrawn, one not published yet. */
const n = { first: 0, second: 0, agents: 0, withdrawn: 0, scheduled: 0 };
const HOUR = 3600_000;

async function publish(title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await server.post(
    '/admin/notices/create',
    { texts: { 'en-US': { title, body: `${title} body` } }, ...extra },
    op.token,
  );
  if (res.status !== 200) throw new Error(`publish failed: ${res.message}`);
  return res.data.id;
}

beforeAll(async () => {
  server = await startServer();
  op = await operator(server);
  n.first = await publish('First');
  n.second = await publish('Second');
  n.agents = await publish('Agents only', { jobs: [1, 2] });
  n.withdrawn = await publish('Withdrawn');
  await server.post('/admin/notices/withdraw', { id: n.withdrawn }, op.token);
  n.scheduled = await publish('Later', { publishFrom: server.clock.now() + HOUR });
});
afterAll(async () => {
  await server?.close();
});

const list = async (user: Promoter) => {
  const res = await server.post<{ id: number; read: boolean }[]>('/cp/notices/list', {}, user.token);
  expect(res.http).toBe(200);
  return res.data.map(({ id, read }) => ({ id, read }));
};

const markRead = async (user: Promoter, ids: unknown) => {
  const res = await server.post<{ unread: number }>('/cp/notices/read', { ids }, user.token);
  expect(res.http).toBe(200);
  return res.data;
};

const readRows = (user: Promoter) =>
  server.db
    .selectFrom('notice_reads')
    .select(['notice_id', 'read_at'])
    .where('user_id', '=', user.userId)
    .orderBy('notice_id')
    .execute();

describe('POST /cp/notices/read', () => {
  it('starts every notice unread; reading one marks it read and lowers the unread count', async () => {
    const player = await promoter(server, 0);
    expect(await list(player)).toEqual([
      { id: n.second, read: false },
      { id: n.first, read: false },
    ]);
    expect(await markRead(player, [n.first])).toEqual({ unread: 1 });
    expect(await list(player)).toEqual([
      { id: n.second, read: false },
      { id: n.first, read: true },
    ]);
    expect(await markRead(player, [n.second])).toEqual({ unread: 0 });
    expect((await list(player)).every((x) => x.read)).toBe(true);
  });

  it('is idempotent: reading again keeps the first read time', async () => {
    const player = await promoter(server, 0);
    const firstAt = server.clock.now();
    expect(await markRead(player, [n.first])).toEqual({ unread: 1 });
    server.clock.advance(60_000);
    expect(await markRead(player, [n.first, n.first])).toEqual({ unread: 1 });
    expect(await readRows(player)).toEqual([{ notice_id: n.first, read_at: firstAt }]);
    expect(await list(player)).toContainEqual({ id: n.first, read: true });
  });

  it('keeps each reader their own state', async () => {
    const a = await promoter(server, 0);
    const b = await promoter(server, 0);
    expect(await markRead(a, [n.first, n.second])).toEqual({ unread: 0 });
    expect((await list(b)).map((x) => x.read)).toEqual([false, false]);
    expect(await markRead(b, [n.second])).toEqual({ unread: 1 });
    expect(await list(b)).toEqual([
      { id: n.second, read: true },
      { id: n.first, read: false },
    ]);
    expect((await list(a)).map((x) => x.read)).toEqual([true, true]);
  });

  it('ignores notices the reader cannot see, answering as for an unknown id', async () => {
    const player = await promoter(server, 0);
    const hidden = [n.withdrawn, n.agents, n.scheduled];
    expect(await markRead(player, hidden)).toEqual({ unread: 2 });
    expect(await markRead(player, [999_999])).toEqual({ unread: 2 });
    expect(await readRows(player)).toEqual([]);
    expect(await markRead(player, [...hidden, n.first])).toEqual({ unread: 1 });
    expect((await readRows(player)).map((r) => r.notice_id)).toEqual([n.first]);
    const ids = (await list(player)).map((x) => x.id);
    expect(ids).toEqual([n.second, n.first]);

    // The same targeted notice is readable by the job it is aimed at.
    const agent = await promoter(server, 1);
    expect((await list(agent)).map((x) => x.id)).toEqual([n.agents, n.second, n.first]);
    expect(await markRead(agent, hidden)).toEqual({ unread: 2 });
    expect((await readRows(agent)).map((r) => r.notice_id)).toEqual([n.agents]);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const player = await promoter(server, 0);
    const issuesOf = async (body: unknown) => {
      const res = await server.post('/cp/notices/read', body, player.token);
      expect(res.http).toBe(400);
      expect(res.status).toBe(400);
      return res.data.issues.map((i: { path: string; code: string }) => `${i.path}:${i.code}`);
    };
    expect(await issuesOf({})).toEqual(['ids:required']);
    expect(await issuesOf({ ids: [] })).toEqual(['ids:required']);
    expect(await issuesOf({ ids: Array.from({ length: 51 }, (_, i) => i + 1) })).toEqual(['ids:too_long']);
    expect(await issuesOf({ ids: [n.first, String(n.second)] })).toEqual(['ids.1:invalid_type']);
    expect(await issuesOf({ ids: [-1] })).toEqual(['ids.0:invalid_type']);
    expect(await issuesOf({ ids: n.first })).toEqual(['ids:invalid_type']);
    expect(await readRows(player)).toEqual([]);
    const fifty = [n.first, n.second, ...Array.from({ length: 48 }, (_, i) => 100_000 + i)];
    expect(await markRead(player, fifty)).toEqual({ unread: 0 });
  });

  it('needs a session', async () => {
    const res = await server.post('/cp/notices/read', { ids: [n.first] });
    expect(res.http).toBe(401);
    expect(res.status).toBe(996);
    const bad = await server.post('/cp/notices/read', { ids: [n.first] }, 'not-a-token');
    expect(bad.http).toBe(401);
    expect(bad.status).toBe(996);
  });
});
