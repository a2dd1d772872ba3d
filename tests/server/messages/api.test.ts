// Issue 15, the messages API (decision 0020): the caller's own messages only, paged 50 at a time, read, read
// all, delete (soft, per user); bad input and unauthorised callers refused; operator sends to users and segments.
import { beforeAll, describe, expect, it } from 'vitest';
import { sendMessages } from '../../../server/modules/messages/service';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import { storedMessages } from './fixtures';

const server = serverForSuite();
let operator: TeamUser;
beforeAll(async () => {
  operator = await quickUser(server);
  await makeOperator(server, operator);
});

/** `n` event messages for the user, oldest first; their ids. */
async function give(user: TeamUser, n: number): Promise<number[]> {
  const now = server.clock.now();
  await sendMessages(
    server.db,
    Array.from({ length: n }, (_, i) => ({
      userId: user.id,
      kind: 'deposit_completed' as const,
      params: { amount: i + 1, orderNo: `D${user.id}-${i}` },
      dedupeKey: `api-test:${user.id}:${i}`,
      now: now + i,
    })),
  );
  return (await storedMessages(server.db, user.id)).map((m) => Number(m.id));
}

const post = (path: string, body: unknown, user?: TeamUser) => server.post(path, body, user?.token);
const unread = async (user: TeamUser) => (await post('/messages/unread', {}, user)).data.unread as number;

describe('the list', () => {
  it('pages the caller’s messages newest first, 50 a page, with the unread count', async () => {
    const u = await quickUser(server);
    const ids = await give(u, 53);
    const first = await post('/messages/list', {}, u);
    expect(first.http).toBe(200);
    expect(first.data).toMatchObject({ totalElements: 53, totalPages: 2, number: 0, unread: 53 });
    expect(first.data.content).toHaveLength(50);
    expect(first.data.content[0]).toEqual({
      id: ids[52],
      kind: 'deposit_completed',
      params: { amount: 53, orderNo: `D${u.id}-52` },
      title: null,
      body: null,
      createdAt: expect.any(Number),
      read: false,
    });
    const second = await post('/messages/list', { number: 1 }, u);
    expect(second.data.content.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
    // Another user sees none of them.
    const other = await quickUser(server);
    expect((await post('/messages/list', {}, other)).data).toMatchObject({ totalElements: 0, unread: 0 });
  });

  it.each([
    [{ size: 51 }, 'size', 'too_long'],
    [{ size: 0 }, 'size', 'invalid_type'],
    [{ number: -1 }, 'number', 'invalid_type'],
    [{ number: 'x' }, 'number', 'invalid_type'],
  ])('refuses %j', async (body, path, code) => {
    const res = await post('/messages/list', body, operator);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path, code });
  });
});

describe('details, read, read all and delete', () => {
  it('answers only the caller’s own message; another user’s id is absent and left untouched', async () => {
    const owner = await quickUser(server);
    const other = await quickUser(server);
    const [id] = await give(owner, 1);
    expect((await post('/messages/detail', { id }, owner)).data).toMatchObject({ id, read: false });
    expect((await post('/messages/detail', { id }, other)).http).toBe(404);
    expect((await post('/messages/detail', { id: 999_999_999 }, owner)).http).toBe(404);
    expect((await post('/messages/read', { ids: [id] }, other)).data).toEqual({ unread: 0 });
    expect((await post('/messages/read-all', {}, other)).data).toEqual({ unread: 0 });
    expect((await post('/messages/delete', { ids: [id] }, other)).data).toEqual({ unread: 0 });
    expect(await storedMessages(server.db, owner.id)).toMatchObject([{ read_at: null, deleted_at: null }]);
    expect(await unread(owner)).toBe(1);
  });

  it('marks read (twice is harmless), all read, and deletes for the caller only', async () => {
    const u = await quickUser(server);
    const ids = (await give(u, 4)) as [number, number, number, number];
    expect((await post('/messages/read', { ids: [ids[0]] }, u)).data).toEqual({ unread: 3 });
    expect((await post('/messages/read', { ids: [ids[0], ids[0]] }, u)).data).toEqual({ unread: 3 });
    expect((await post('/messages/detail', { id: ids[0] }, u)).data.read).toBe(true);
    // Deleting an unread one lowers the count; it is gone from the list and details.
    expect((await post('/messages/delete', { ids: [ids[1]] }, u)).data).toEqual({ unread: 2 });
    expect((await post('/messages/detail', { id: ids[1] }, u)).http).toBe(404);
    const list = await post('/messages/list', {}, u);
    expect(list.data.content.map((m: { id: number }) => m.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect((await post('/messages/read-all', {}, u)).data).toEqual({ unread: 0 });
    expect((await post('/messages/list', {}, u)).data.content.every((m: { read: boolean }) => m.read)).toBe(
      true,
    );
    // A deleted message stays deleted (not read back by read-all) and kept for the record.
    const rows = await storedMessages(server.db, u.id);
    expect(rows.find((r) => Number(r.id) === ids[1])).toMatchObject({
      read_at: null,
      deleted_at: expect.any(Number),
    });
  });

  it.each([
    ['/messages/detail', {}, 'id', 'required'],
    ['/messages/detail', { id: 'x' }, 'id', 'invalid_type'],
    ['/messages/detail', { id: 0 }, 'id', 'invalid_type'],
    ['/messages/read', {}, 'ids', 'required'],
    ['/messages/read', { ids: [] }, 'ids', 'required'],
    ['/messages/read', { ids: [1.5] }, 'ids.0', 'invalid_type'],
    ['/messages/read', { ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 'ids', 'too_long'],
    ['/messages/delete', { ids: 'all' }, 'ids', 'invalid_type'],
    ['/messages/delete', { ids: [-1] }, 'ids.0', 'invalid_type'],
  ])('%s refuses %j', async (path, body, issuePath, code) => {
    const res = await post(path, body, operator);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path: issuePath, code });
  });

  it.each([
    '/messages/list',
    '/messages/unread',
    '/messages/detail',
    '/messages/read',
    '/messages/read-all',
    '/messages/delete',
    '/admin/messages/send',
  ])('%s needs a session (401/996)', async (path) => {
    const res = await post(path, { id: 1, ids: [1] });
    expect([res.http, res.status]).toEqual([401, 996]);
  });
});

describe('operator messages', () => {
  /** A send in English only; `title` replaces its title (more languages: operator-sends.test.ts). */
  const send = ({ title, ...body }: Record<string, unknown>, user: TeamUser = operator) =>
    post(
      '/admin/messages/send',
      { texts: { 'en-US': { title: title ?? 'Hello', body: 'A word from us' } }, ...body },
      user,
    );

  it('is the operator’s alone', async () => {
    const player = await quickUser(server);
    const res = await send({ key: 'not-op', segment: 'uids', uids: [player.uid] }, player);
    expect(res.http).toBe(403);
    expect(await storedMessages(server.db, player.id)).toEqual([]);
  });

  it('sends to one user, once per key, with its own title and body', async () => {
    const u = await quickUser(server);
    const key = `one-${u.id}`;
    const first = await send({ key, segment: 'uids', uids: [u.uid, 1] });
    expect(first.data).toMatchObject({ recipients: 1, skipped: 0, unknownUids: [1] });
    expect((await send({ key, segment: 'uids', uids: [u.uid, 1] })).data).toEqual(first.data);
    const list = await post('/messages/list', {}, u);
    expect(list.data.content).toMatchObject([
      { kind: 'operator', title: 'Hello', body: 'A word from us', params: {} },
    ]);
  });

  it('sends to a segment: players or agents', async () => {
    const player = await quickUser(server);
    const agent = await quickUser(server, { job: 1 });
    const toAgents = await send({ key: `agents-${agent.id}`, segment: 'agents', title: 'Agents' });
    expect(toAgents.http).toBe(200);
    const toPlayers = await send({ key: `players-${player.id}`, segment: 'players', title: 'Players' });
    expect(toPlayers.data.recipients).toBeGreaterThan(0);
    expect((await storedMessages(server.db, agent.id)).map((m) => m.title)).toEqual(['Agents']);
    expect((await storedMessages(server.db, player.id)).map((m) => m.title)).toEqual(['Players']);
    const players = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job', '=', 0)
      .where('banned', '=', 0)
      .executeTakeFirstOrThrow();
    expect(toPlayers.data.recipients).toBe(Number(players.n));
  });

  it('leaves out of a segment the users who took a time-out (marketing), but not a message to one user', async () => {
    const a = await quickUser(server);
    const b = await quickUser(server);
    const block = await post('/protection/block', { kind: 'time_out', duration: '24h', confirm: true }, b);
    expect(block.status).toBe(200);
    const toBoth = await send({ key: `seg-${a.id}`, segment: 'uids', uids: [a.uid, b.uid] });
    expect(toBoth.data).toMatchObject({ recipients: 1, skipped: 1, unknownUids: [] });
    expect((await storedMessages(server.db, b.id)).length).toBe(0);
    const toPlayers = await send({ key: `seg-players-${a.id}`, segment: 'players' });
    expect(toPlayers.data.skipped).toBeGreaterThanOrEqual(1);
    expect((await storedMessages(server.db, b.id)).length).toBe(0);
    // A message to that one user alone is about the account, not marketing.
    expect((await send({ key: `one-${b.id}`, segment: 'uids', uids: [b.uid] })).data.recipients).toBe(1);
  });

  it.each([
    [{ segment: 'uids', uids: [1] }, 'key', 'required'],
    [{ key: 'has space', segment: 'uids', uids: [1] }, 'key', 'invalid_type'],
    [{ key: 'k1', segment: 'everyone' }, 'segment', 'invalid_type'],
    [{ key: 'k1', segment: 'uids' }, 'uids', 'required'],
    [{ key: 'k1', segment: 'uids', uids: [] }, 'uids', 'required'],
    [{ key: 'k1', segment: 'uids', uids: [1], title: ' ' }, 'texts.en-US.title', 'required'],
    [{ key: 'k1', segment: 'uids', uids: [1], title: 'x'.repeat(101) }, 'texts.en-US.title', 'too_long'],
  ])('refuses %j', async (fields: Record<string, unknown>, path, code) => {
    const { title, ...body } = fields;
    const res = await post(
      '/admin/messages/send',
      { texts: { 'en-US': { title: title ?? 'T', body: 'B' } }, ...body },
      operator,
    );
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path, code });
  });
});
