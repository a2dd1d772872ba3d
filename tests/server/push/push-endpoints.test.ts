// Issue 11, finding 10: a push subscription must not turn the push worker into a way to reach the
// server's own network. Only the push services' hosts are accepted, at public addresses, when
// subscribing and again on the connection the worker opens. Both servers here run WITHOUT the test
// allowance (PUSH_TEST_HOSTS) the rest of the push suite uses for its loopback fake push service.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Promoter, promoter } from '../portal/fixtures';
import { insertSubscriptionRows, operator, type PushFixture, publish, startPushFixture } from './helpers';

const NO_ALLOWANCE = { PUSH_TEST_HOSTS: '' };

/** A TCP listener on loopback that only counts who connects (a TLS handshake would start with one). */
async function listener(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function subscribeTo(f: PushFixture, user: Promoter, endpoint: string) {
  const { keys } = f.fake.subscriber();
  return f.server.post('/push/subscribe', { endpoint, keys, expirationTime: null }, user.token);
}

/** Subscription rows written straight to the database, as if stored before the checks existed. */
async function storeSubscriptions(f: PushFixture, userId: number, endpoints: string[]) {
  await insertSubscriptionRows(f.server.db, userId, endpoints, () => f.fake.subscriber().keys);
}

async function deliveries(f: PushFixture) {
  return f.server.db
    .selectFrom('push_outbox as o')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select(['s.endpoint', 'o.state', 'o.last_error'])
    .execute();
}

describe('with the default push services', () => {
  let f: PushFixture;
  let user: Promoter;
  let op: Promoter;
  let tcp: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    f = await startPushFixture(NO_ALLOWANCE);
    user = await promoter(f.server, 0);
    op = await operator(f.server);
    tcp = await listener();
  });
  afterAll(async () => {
    await f?.close();
    await tcp?.close();
  });

  it.each([
    'https://127.0.0.1:{port}/push/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'https://[::1]:22/',
    'https://[fd00::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://100.64.0.1/push',
    'https://0.0.0.0/push',
    'https://localhost/push/x',
    'https://push.evil.example/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://push.apple.com/x',
  ])('refuses %s at subscribe time and stores nothing', async (template) => {
    const endpoint = template.replace('{port}', String(tcp.port));
    const res = await subscribeTo(f, user, endpoint);
    expect(res.http).toBe(400);
    expect(res.data.issues).toEqual([
      { path: 'endpoint', code: 'push_endpoint_not_allowed', message: 'This push service is not supported' },
    ]);
    const stored = await f.server.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', endpoint)
      .execute();
    expect(stored).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx7',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts the push service endpoint %s', async (endpoint) => {
    const res = await subscribeTo(f, user, endpoint);
    expect(res.status).toBe(200);
    await f.server.post('/push/unsubscribe', { endpoint }, user.token);
  });

  it('never connects to a stored endpoint on a private address: the delivery dies, nothing reaches it', async () => {
    const other = await promoter(f.server, 0);
    await storeSubscriptions(f, other.userId, [
      `https://127.0.0.1:${tcp.port}/push/a`,
      `https://[::1]:${tcp.port}/push/b`,
    ]);
    const res = await publish(f, op, { texts: { 'en-US': { title: 'Hi', body: 'There' } } });
    expect(res.http).toBe(200);
    await f.worker.drain();
    const rows = (await deliveries(f)).filter((d) => d.endpoint.includes(`:${tcp.port}/`));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.state).toBe('dead');
      expect(row.last_error).toMatch(/^refused: /);
    }
    expect(tcp.connections()).toBe(0);
  });
});

describe('a listed push service host that resolves to a private address', () => {
  let f: PushFixture;
  let user: Promoter;
  let op: Promoter;
  beforeAll(async () => {
    // localhost stands for a push service whose DNS answer points into the server's own network.
    f = await startPushFixture({ ...NO_ALLOWANCE, PUSH_SERVICE_HOSTS: 'localhost' });
    user = await promoter(f.server, 0);
    op = await operator(f.server);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('is refused at subscribe time after resolving it', async () => {
    const res = await subscribeTo(f, user, 'https://localhost/push/x');
    expect(res.http).toBe(400);
    expect(res.data.issues[0].code).toBe('push_endpoint_not_allowed');
  });

  it('is refused when sending, on the resolved address, for good (no retry)', async () => {
    await storeSubscriptions(f, user.userId, ['https://localhost/push/y']);
    expect((await publish(f, op, { texts: { 'en-US': { title: 'Hi', body: 'There' } } })).http).toBe(200);
    await f.worker.drain();
    const [row] = await deliveries(f);
    expect(row?.state).toBe('dead');
    expect(row?.last_error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), not a public address/);
  });
});
