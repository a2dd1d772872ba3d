// Issue 5: a published notice reaches every live subscription once, in the subscriber's language,
// through a real HTTPS push service double that checks VAPID and decrypts each message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_BASE_MS } from '../../../server/modules/push/worker';
import { addSite, type Promoter, promoter } from '../portal/fixtures';
import {
  type Device,
  operator,
  type PushFixture,
  publish,
  received,
  startPushFixture,
  subscribe,
} from './helpers';

let f: PushFixture;
let op: Promoter;
let player: Promoter;
let agent: Promoter;
let senior: Promoter;
let enA: Device;
let koA: Device;
let zhB: Device;
let agentA: Device;
let agentA2: Device;
let seniorB: Device;
const HOUR = 3600_000;

beforeAll(async () => {
  f = await startPushFixture();
  const now = f.server.clock.now();
  await addSite(f.server.db, 'a.example', now);
  await addSite(f.server.db, 'b.example', now);
  op = await operator(f.server);
  player = await promoter(f.server, 0);
  agent = await promoter(f.server, 1);
  senior = await promoter(f.server, 2);
  const zhPlayer = await promoter(f.server, 0);
  enA = await subscribe(f, player, { language: 'en-US,en;q=0.9', host: 'a.example' });
  koA = await subscribe(f, await promoter(f.server, 0), { language: 'ko-KR', host: 'a.example' });
  zhB = await subscribe(f, zhPlayer, { language: 'zh-CN,zh;q=0.9', host: 'b.example' });
  // One agent, two devices.
  agentA = await subscribe(f, agent, { language: 'es-ES', host: 'a.example' });
  agentA2 = await subscribe(f, agent, { language: 'es', host: 'a.example' });
  seniorB = await subscribe(f, senior, { language: 'en-PH', host: 'b.example' });
});
afterAll(async () => {
  await f?.close();
});

const texts = {
  'en-US': { title: 'Maintenance', body: 'The app is down at 2am.' },
  'ko-KR': { title: '점검', body: '새벽 2시에 점검합니다.' },
  'es-ES': { title: 'Mantenimiento', body: 'La app se detiene a las 2.' },
};

describe('publishing a notice', () => {
  it('sends it once to every live subscription, in each subscriber language (default text otherwise)', async () => {
    const res = await publish(f, op, { texts });
    expect(res.http).toBe(200);
    const id = res.data.id as number;
    expect(res.data).toMatchObject({ state: 'live', site: null, jobs: null, deliveries: { pending: 6 } });
    expect(await f.worker.drain()).toBe(6);
    expect(f.fake.errors).toEqual([]);

    const payloadOf = (d: Device) => {
      const got = received(f, d);
      expect(got, d.sub.id).toHaveLength(1);
      return got[0];
    };
    const url = `/notices/${id}`;
    expect(payloadOf(enA)?.payload).toEqual({
      title: 'Maintenance',
      body: 'The app is down at 2am.',
      noticeId: id,
      url,
    });
    expect(payloadOf(koA)?.payload).toEqual({
      title: '점검',
      body: '새벽 2시에 점검합니다.',
      noticeId: id,
      url,
    });
    expect(payloadOf(agentA)?.payload.title).toBe('Mantenimiento');
    expect(payloadOf(agentA2)?.payload.title).toBe('Mantenimiento');
    // No Chinese or Philippine English text: the default (en-US) one.
    expect(payloadOf(zhB)?.payload.title).toBe('Maintenance');
    expect(payloadOf(seniorB)?.payload.body).toBe('The app is down at 2am.');
    for (const r of f.fake.received) {
      expect(r.topic).toBe(`notice-${id}`);
      expect(r.urgency).toBe('normal');
      expect(r.ttl).toBeGreaterThan(0);
      expect(r.ttl).toBeLessThanOrEqual(86400);
      expect(r.vapidKey).toBe(f.vapid.publicKey);
      expect(r.bytes).toBeLessThanOrEqual(1024);
    }

    // Nothing is sent twice, however often the worker runs.
    expect(await f.worker.drain()).toBe(0);
    expect(f.fake.received).toHaveLength(6);
    const list = await f.server.post('/admin/notices/list', {}, op.token);
    expect(list.data.content[0]).toMatchObject({ id, deliveries: { pending: 0, sent: 6, dead: 0 } });
  });

  it('shows the notice on the ticker in the reader language', async () => {
    const ko = await f.server.post('/cp/mainview/notice', undefined, koA.user.token, {
      headers: { 'accept-language': 'ko-KR' },
    });
    expect(ko.data[0].content).toBe('새벽 2시에 점검합니다.');
    const zh = await f.server.post('/cp/notices/list', undefined, zhB.user.token, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data[0]).toMatchObject({ title: 'Maintenance', body: 'The app is down at 2am.' });
  });

  it('targets a site and jobs: only matching subscriptions get it, and only they see it', async () => {
    f.fake.received.length = 0;
    const res = await publish(f, op, {
      texts: { 'en-US': { title: 'Agents of A', body: 'Team bonus tonight.' } },
      site: 'a.example',
      jobs: [1, 2],
    });
    expect(res.data.deliveries.pending).toBe(2);
    await f.worker.drain();
    expect(f.fake.received.map((r) => r.subscriber).sort()).toEqual([agentA.sub.id, agentA2.sub.id].sort());
    const forPlayer = await f.server.post('/cp/notices/list', undefined, player.token, {
      headers: { 'x-forwarded-host': 'a.example' },
    });
    expect(forPlayer.data.map((n: { title: string }) => n.title)).not.toContain('Agents of A');
    const forAgent = await f.server.post('/cp/notices/list', undefined, agent.token, {
      headers: { 'x-forwarded-host': 'a.example' },
    });
    expect(forAgent.data.map((n: { title: string }) => n.title)).toContain('Agents of A');
  });

  it('targets locales', async () => {
    f.fake.received.length = 0;
    await publish(f, op, {
      texts: { 'ko-KR': { title: '공지', body: '한국어 사용자만' } },
      defaultLocale: 'ko-KR',
      locales: ['ko-KR'],
    });
    await f.worker.drain();
    expect(f.fake.received.map((r) => r.subscriber)).toEqual([koA.sub.id]);
  });

  it('keeps the payload within 1 KB by cutting a long body', async () => {
    f.fake.received.length = 0;
    const body = '공지사항'.repeat(250);
    await publish(f, op, { texts: { 'en-US': { title: '긴 공지', body } }, locales: ['ko-KR'] });
    await f.worker.drain();
    const [r] = f.fake.received;
    expect(r?.bytes).toBeLessThanOrEqual(1024);
    expect(r?.bytes).toBeGreaterThan(900);
    expect(r?.payload.body.endsWith('…')).toBe(true);
    expect(body.startsWith(r?.payload.body.slice(0, -1) ?? 'x')).toBe(true);
  });
});

describe('push service answers', () => {
  it('410 and 404 remove the subscription (and it gets nothing more)', async () => {
    const gone = await subscribe(f, await promoter(f.server, 0), { host: 'a.example' });
    const missing = await subscribe(f, await promoter(f.server, 0), { host: 'a.example' });
    f.fake.answer(gone.sub.id, 410);
    f.fake.answer(missing.sub.id, 404);
    await publish(f, op, { texts: { 'en-US': { title: 'x', body: 'first' } } });
    await f.worker.drain();
    const rows = await f.server.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('endpoint', 'in', [gone.sub.endpoint, missing.sub.endpoint])
      .execute();
    expect(rows).toEqual([]);
    const before = f.fake.requests.length;
    await publish(f, op, { texts: { 'en-US': { title: 'x', body: 'second' } } });
    await f.worker.drain();
    const later = f.fake.requests.slice(before).map((r) => r.subscriber);
    expect(later).not.toContain(gone.sub.id);
    expect(later).not.toContain(missing.sub.id);
  });

  it('500 and 429 are retried with backoff, then delivered once', async () => {
    const flaky = await subscribe(f, await promoter(f.server, 0), { host: 'a.example' });
    const busy = await subscribe(f, await promoter(f.server, 0), { host: 'a.example' });
    f.fake.answer(flaky.sub.id, 500, 500, 201);
    f.fake.answer(busy.sub.id, 429, 201);
    const res = await publish(f, op, { texts: { 'en-US': { title: 'retry', body: 'eventually' } } });
    const id = res.data.id as number;
    const mine = () => f.fake.received.filter((r) => r.payload.noticeId === id);
    await f.worker.drain();
    expect(mine().map((r) => r.subscriber)).not.toContain(flaky.sub.id);
    // Not due yet: nothing is claimed before the backoff has passed.
    expect(await f.worker.drain()).toBe(0);
    f.fake.answer(flaky.sub.id, 500, 201);
    f.server.clock.advance(RETRY_BASE_MS);
    await f.worker.drain();
    expect(mine().filter((r) => r.subscriber === busy.sub.id)).toHaveLength(1);
    expect(mine().filter((r) => r.subscriber === flaky.sub.id)).toHaveLength(0);
    // Second retry waits twice as long.
    f.server.clock.advance(RETRY_BASE_MS);
    expect(await f.worker.drain()).toBe(0);
    f.server.clock.advance(RETRY_BASE_MS);
    await f.worker.drain();
    expect(mine().filter((r) => r.subscriber === flaky.sub.id)).toHaveLength(1);
    const rows = await f.server.db
      .selectFrom('push_outbox')
      .select(['state', 'attempts'])
      .where('notice_id', '=', id)
      .where('state', '!=', 'sent')
      .execute();
    expect(rows).toEqual([]);
  });

  it('gives up after the last attempt, and on other 4xx at once', async () => {
    const broken = await subscribe(f, await promoter(f.server, 0), { host: 'a.example' });
    const refused = await subscribe(f, await promoter(f.server, 0), { host: 'a.example' });
    f.fake.answer(broken.sub.id, 503);
    f.fake.answer(refused.sub.id, 400);
    const res = await publish(f, op, {
      texts: { 'en-US': { title: 'dead', body: 'letters' } },
      site: 'a.example',
    });
    const id = res.data.id as number;
    const attemptsTo = (d: Device) => f.fake.requests.filter((r) => r.subscriber === d.sub.id).length;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await f.worker.drain();
      f.server.clock.advance(3600_000);
    }
    expect(attemptsTo(broken)).toBe(MAX_ATTEMPTS);
    expect(attemptsTo(refused)).toBe(1);
    const dead = await f.server.db
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
      .select(['s.endpoint', 'o.state'])
      .where('o.notice_id', '=', id)
      .where('o.state', '=', 'dead')
      .execute();
    expect(dead.map((d) => d.endpoint).sort()).toEqual([broken.sub.endpoint, refused.sub.endpoint].sort());
    f.fake.answer(broken.sub.id, 201);
    f.fake.answer(refused.sub.id, 201);
  });
});

describe('schedule, withdraw, edit', () => {
  /** Publishes an English notice to a.example, nothing received so far, while enA's device fails its first delivery. */
  async function publishToAWhileEnAFailsOnce(notice: Omit<Parameters<typeof publish>[2], 'site'>) {
    f.fake.received.length = 0;
    f.fake.answer(enA.sub.id, 500, 201);
    return publish(f, op, { ...notice, site: 'a.example' });
  }

  it('sends a scheduled notice when its time comes, not before', async () => {
    f.fake.received.length = 0;
    const from = f.server.clock.now() + HOUR;
    const res = await publish(f, op, {
      texts: { 'en-US': { title: 'later', body: 'in an hour' } },
      site: 'b.example',
      publishFrom: from,
    });
    expect(res.data).toMatchObject({ state: 'scheduled', deliveries: { pending: 0 } });
    await f.worker.drain();
    expect(f.fake.received).toHaveLength(0);
    f.server.clock.advance(HOUR);
    await f.worker.drain();
    expect(f.fake.received.map((r) => r.subscriber).sort()).toEqual([zhB.sub.id, seniorB.sub.id].sort());
    expect(f.fake.received.every((r) => r.payload.noticeId === res.data.id)).toBe(true);
  });

  it('a withdrawn notice sends nothing more and leaves the ticker', async () => {
    const res = await publishToAWhileEnAFailsOnce({
      texts: { 'en-US': { title: 'oops', body: 'wrong notice' } },
    });
    const id = res.data.id as number;
    await f.worker.drain();
    const sentBefore = f.fake.received.length;
    expect(sentBefore).toBeGreaterThan(0);
    const w = await f.server.post('/admin/notices/withdraw', { id }, op.token);
    expect(w.data).toMatchObject({ state: 'withdrawn', deliveries: { pending: 0, dead: 1 } });
    f.server.clock.advance(HOUR);
    await f.worker.drain();
    expect(f.fake.received.length).toBe(sentBefore);
    expect(f.fake.received.some((r) => r.subscriber === enA.sub.id)).toBe(false);
    const ticker = await f.server.post('/cp/notices/list', undefined, player.token, {
      headers: { 'x-forwarded-host': 'a.example' },
    });
    expect(ticker.data.map((n: { id: number }) => n.id)).not.toContain(id);
    const again = await f.server.post('/admin/notices/edit', { id, texts: texts }, op.token);
    expect(again.http).toBe(409);
    expect(again.data.code).toBe('notice_withdrawn');
  });

  it('a scheduled notice withdrawn before its time is never sent', async () => {
    f.fake.received.length = 0;
    const res = await publish(f, op, { texts, publishFrom: f.server.clock.now() + HOUR });
    await f.server.post('/admin/notices/withdraw', { id: res.data.id }, op.token);
    f.server.clock.advance(2 * HOUR);
    await f.worker.drain();
    expect(f.fake.received).toHaveLength(0);
  });

  it('an expired notice drops its pending retries', async () => {
    f.fake.received.length = 0;
    f.fake.answer(koA.sub.id, 500, 201);
    const now = f.server.clock.now();
    const res = await publish(f, op, {
      texts: { 'ko-KR': { title: '짧게', body: '5초' } },
      defaultLocale: 'ko-KR',
      locales: ['ko-KR'],
      publishUntil: now + 5_000,
    });
    await f.worker.drain();
    f.server.clock.advance(RETRY_BASE_MS);
    await f.worker.drain();
    expect(f.fake.received).toHaveLength(0);
    const row = await f.server.db
      .selectFrom('push_outbox')
      .select(['state', 'last_error'])
      .where('notice_id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'dead', last_error: 'notice ended' });
  });

  it('an edit sends the new text to those still waiting, and never repeats one already sent', async () => {
    const res = await publishToAWhileEnAFailsOnce({
      texts: { 'en-US': { title: 'v1', body: 'typo' } },
      jobs: [0],
    });
    const id = res.data.id as number;
    await f.worker.drain();
    const first = f.fake.received.map((r) => r.subscriber);
    expect(first).toContain(koA.sub.id);
    expect(first).not.toContain(enA.sub.id);
    const edited = await f.server.post(
      '/admin/notices/edit',
      { id, texts: { 'en-US': { title: 'v2', body: 'fixed' } }, site: 'a.example', jobs: [0] },
      op.token,
    );
    expect(edited.http).toBe(200);
    expect(edited.data.texts['en-US']).toEqual({ title: 'v2', body: 'fixed' });
    await f.worker.drain();
    const forEn = received(f, enA);
    expect(forEn.map((r) => r.payload.title)).toEqual(['v2']);
    expect(received(f, koA)).toHaveLength(1);
  });
});

describe('the background worker', () => {
  it('sends right after a publish (woken, not waiting for its next poll)', async () => {
    f.fake.received.length = 0;
    f.worker.start();
    try {
      const res = await publish(f, op, {
        texts: { 'en-US': { title: 'now', body: 'live' } },
        site: 'b.example',
      });
      const deadline = Date.now() + 5_000;
      while (f.fake.received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(f.fake.received.map((r) => r.payload.noticeId)).toEqual([res.data.id, res.data.id]);
    } finally {
      await f.worker.stop();
    }
  });
});
