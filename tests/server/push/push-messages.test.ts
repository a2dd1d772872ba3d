// Issue 15: a new message can arrive as a push notification, through the same outbox and worker as notices,
// sent to a real HTTPS push service double that checks VAPID and decrypts each message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../../server/modules/messages/service';
import { type Promoter, promoter } from '../portal/fixtures';
import { type Device, operator, type PushFixture, received, startPushFixture, subscribe } from './helpers';

let f: PushFixture;
let op: Promoter;
let player: Promoter;
let phone: Device;
let tablet: Device;
let other: Device;
const HOUR = 3600_000;

beforeAll(async () => {
  f = await startPushFixture();
  op = await operator(f.server);
  player = await promoter(f.server, 0);
  phone = await subscribe(f, player, { language: 'es-ES' });
  tablet = await subscribe(f, player, { language: 'es-ES' });
  other = await subscribe(f, await promoter(f.server, 0), { language: 'en-US' });
});
afterAll(async () => {
  await f?.close();
});

const event = (key: string, userId = player.userId) =>
  sendMessage(f.server.db, {
    userId,
    kind: 'transfer_received',
    params: { amount: 1234.5, fromUid: 100200 },
    dedupeKey: key,
    now: f.server.clock.now(),
  });

const sentTo = (device: Device) => received(f, device).map((r) => r.payload);

describe('a new message', () => {
  it('reaches every device of its user once, with its kind and no amount', async () => {
    f.fake.received.length = 0;
    await event('transfer:1');
    // A replayed event writes no second message, so no second push.
    await event('transfer:1');
    expect(await f.worker.drain()).toBe(2);
    expect(f.fake.errors).toEqual([]);
    const [message] = await f.server.db
      .selectFrom('messages')
      .select('id')
      .where('dedupe_key', '=', 'transfer:1')
      .execute();
    const id = Number(message?.id);
    for (const device of [phone, tablet])
      expect(sentTo(device)).toEqual([
        {
          messageId: id,
          kind: 'transfer_received',
          title: '',
          body: '',
          siteName: expect.any(String),
          url: `/Messages/${id}`,
        },
      ]);
    expect(JSON.stringify(f.fake.received.map((r) => r.payload))).not.toContain('1234');
    expect(sentTo(other)).toEqual([]);
    for (const r of f.fake.received) {
      expect(r.topic).toBe(`message-${id}`);
      expect(r.ttl).toBeGreaterThan(0);
      expect(r.ttl).toBeLessThanOrEqual(86400);
    }
    expect(await f.worker.drain()).toBe(0);
    expect(f.fake.received).toHaveLength(2);
  });

  it('from an operator carries the operator’s words', async () => {
    f.fake.received.length = 0;
    const otherUid = await f.server.db
      .selectFrom('users')
      .select('uid')
      .where('id', '=', other.user.userId)
      .executeTakeFirstOrThrow();
    const res = await f.server.post(
      '/admin/messages/send',
      {
        key: 'push-one',
        segment: 'uids',
        uids: [otherUid.uid],
        texts: { 'en-US': { title: 'Hello', body: 'A word from us' } },
      },
      op.token,
    );
    expect(res.http).toBe(200);
    expect(await f.worker.drain()).toBe(1);
    expect(sentTo(other)).toEqual([expect.objectContaining({ title: 'Hello', body: 'A word from us' })]);
    expect(sentTo(phone)).toEqual([]);
  });

  it('read or deleted before its turn, or a day old, is not pushed', async () => {
    f.fake.received.length = 0;
    await event('transfer:read');
    await event('transfer:deleted');
    await event('transfer:late');
    const ids = Object.fromEntries(
      (
        await f.server.db
          .selectFrom('messages')
          .select(['id', 'dedupe_key'])
          .where('dedupe_key', 'like', 'transfer:%')
          .execute()
      ).map((m) => [m.dedupe_key, Number(m.id)]),
    );
    // The worker queues them, then the user reads one and deletes another before anything is sent.
    const { queueMessages } = await import('../../../server/modules/push/service');
    expect(await queueMessages(f.server.db, f.server.clock.now())).toBe(3);
    await f.server.post('/messages/read', { ids: [ids['transfer:read']] }, player.token);
    await f.server.post('/messages/delete', { ids: [ids['transfer:deleted']] }, player.token);
    await f.server.db
      .updateTable('messages')
      .set({ created_at: f.server.clock.now() - 25 * HOUR })
      .where('id', '=', ids['transfer:late'] ?? 0)
      .execute();
    expect(await f.worker.drain()).toBe(6);
    expect(f.fake.received).toEqual([]);
    const dead = await f.server.db
      .selectFrom('push_outbox')
      .select(['message_id', 'last_error'])
      .where('state', '=', 'dead')
      .where('message_id', 'is not', null)
      .execute();
    const why = new Map(dead.map((d) => [Number(d.message_id), d.last_error]));
    expect(why.get(ids['transfer:read'] ?? 0)).toBe('message read');
    expect(why.get(ids['transfer:deleted'] ?? 0)).toBe('message deleted');
    expect(why.get(ids['transfer:late'] ?? 0)).toBe('message too old');
  });

  it('of a user without a subscription queues nothing, and is not taken up again', async () => {
    f.fake.received.length = 0;
    const quiet = await promoter(f.server, 0);
    await event('transfer:quiet', quiet.userId);
    expect(await f.worker.drain()).toBe(0);
    const row = await f.server.db
      .selectFrom('messages')
      .select('push_queued_at')
      .where('dedupe_key', '=', 'transfer:quiet')
      .executeTakeFirstOrThrow();
    expect(row.push_queued_at).not.toBeNull();
  });
});

describe('a user in a time-out', () => {
  it('gets the messages of events pushed, but no notice (marketing)', async () => {
    f.fake.received.length = 0;
    const resting = await promoter(f.server, 0);
    const device = await subscribe(f, resting, { language: 'en-US' });
    const block = await f.server.post(
      '/protection/block',
      { kind: 'time_out', duration: '24h', confirm: true },
      resting.token,
    );
    expect(block.http).toBe(200);
    const notice = await f.server.post(
      '/admin/notices/create',
      { texts: { 'en-US': { title: 'Big weekend', body: 'Double prizes.' } } },
      op.token,
    );
    expect(notice.http).toBe(200);
    await event('transfer:resting', resting.userId);
    await f.worker.drain();
    // The others subscribed get the notice; the resting user only the message of the transfer.
    expect(sentTo(phone).map((p) => p.title)).toEqual(['Big weekend']);
    expect(sentTo(device)).toEqual([expect.objectContaining({ kind: 'transfer_received' })]);
    const dead = await f.server.db
      .selectFrom('push_outbox')
      .select('last_error')
      .where('notice_id', '=', notice.data.id)
      .where('state', '=', 'dead')
      .execute();
    expect(dead.map((d) => d.last_error)).toEqual(['user in a time-out or self-exclusion']);
  });
});
