import webpush from 'web-push';
import type { Db } from '../../../server/db/create-db';
import { insertUser } from '../../../server/modules/auth/repository';
import { newUserDefaults } from '../../../server/modules/auth/service';
import { createPushWorker, type PushWorker } from '../../../server/modules/push/worker';
import { type ApiResult, startServer, type TestServer } from '../harness';
import { makeOperator } from '../operators/helpers';
import { type Promoter, promoter } from '../portal/fixtures';
import { type ProcessEnv, processEnvironment } from '../processes';
import { type FakePushService, type FakeSubscriber, startFakePushService } from './fake-push-service';

export const SUBJECT = 'mailto:ops@beacon.test';

/** The fake push service listens on loopback, which only this test allowance lets the server reach. */
export const FAKE_PUSH_ALLOWANCE = { PUSH_TEST_HOSTS: '127.0.0.1' };

/** The server's VAPID variables for a fresh key pair (how several processes share one: README). */
function vapidVariables(vapid: { publicKey: string; privateKey: string }): Record<string, string> {
  return { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: SUBJECT };
}

/**
 * A fake push service, and the environment of real server processes that send to it: one VAPID pair,
 * and the service's self-signed certificate trusted (nothing else about TLS changes).
 */
export async function pushProcessEnvironment(
  extra: Record<string, string> = {},
): Promise<{ fake: FakePushService; proc: ProcessEnv }> {
  const fake = await startFakePushService({ subject: SUBJECT });
  const proc = await processEnvironment({
    ...vapidVariables(webpush.generateVAPIDKeys()),
    ...FAKE_PUSH_ALLOWANCE,
    NODE_EXTRA_CA_CERTS: fake.certFile,
    ...extra,
  });
  return { fake, proc };
}

export interface PushFixture {
  server: TestServer;
  fake: FakePushService;
  worker: PushWorker;
  vapid: { publicKey: string; privateKey: string };
  close(): Promise<void>;
}

/** A test server with a fixed VAPID pair, a fake push service and a worker that trusts it. */
export async function startPushFixture(env: Record<string, string> = {}): Promise<PushFixture> {
  const fake = await startFakePushService({ subject: SUBJECT });
  const vapid = webpush.generateVAPIDKeys();
  const server = await startServer({
    env: { ...vapidVariables(vapid), ...FAKE_PUSH_ALLOWANCE, ...env },
  });
  const worker = createPushWorker(server.app.ctx, server.app.push, { ca: fake.certPem, tickMs: 20 });
  return {
    server,
    fake,
    worker,
    vapid,
    async close() {
      await worker.stop();
      await server.close();
      await fake.close();
    },
  };
}

export async function operator(server: TestServer): Promise<Promoter> {
  const op = await promoter(server, 0);
  await makeOperator(server, { id: op.userId, token: op.token });
  return op;
}

export interface Device {
  user: Promoter;
  sub: FakeSubscriber;
}

/** A browser of `user` subscribed from `host` in `language`. */
export async function subscribe(
  f: PushFixture,
  user: Promoter,
  opts: { language?: string; host?: string } = {},
): Promise<Device> {
  const sub = f.fake.subscriber();
  const headers: Record<string, string> = {};
  if (opts.language) headers['accept-language'] = opts.language;
  if (opts.host) headers['x-forwarded-host'] = opts.host;
  const res = await f.server.post(
    '/push/subscribe',
    { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null },
    user.token,
    { headers },
  );
  if (res.status !== 200) throw new Error(`subscribe failed: ${res.message}`);
  return { user, sub };
}

export type NoticeInput = Record<string, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
export async function publish(f: PushFixture, op: Promoter, notice: NoticeInput): Promise<ApiResult<any>> {
  return f.server.post('/admin/notices/create', notice, op.token);
}

export const received = (f: PushFixture, device: Device) =>
  f.fake.received.filter((r) => r.subscriber === device.sub.id);

/** A user row written straight to the database, for tests that run without the HTTP server. */
export async function insertUserRow(db: Db, uid: number): Promise<number> {
  const row = await insertUser(db, {
    ...newUserDefaults(),
    uid,
    area_code: '63',
    phone: `91700${String(uid).padStart(5, '0')}`,
    username: `u${uid}`,
    password_hash: 'x',
    invited_by: null,
    created_at: 1,
    updated_at: 1,
  });
  return row.id;
}

/**
 * Subscription rows of `userId` at these endpoints, written straight to the database; their keys are
 * placeholders (nothing is sent to them) unless `keysOf` gives each its own.
 */
export async function insertSubscriptionRows(
  db: Db,
  userId: number,
  endpoints: string[],
  keysOf: () => { p256dh: string; auth: string } = () => ({ p256dh: 'B', auth: 'a' }),
): Promise<number[]> {
  const rows = await db
    .insertInto('push_subscriptions')
    .values(
      endpoints.map((endpoint) => ({
        user_id: userId,
        endpoint,
        ...keysOf(),
        locale: 'en-US',
        site_id: null,
        expiration_time: null,
        created_at: 1,
        updated_at: 1,
        last_success_at: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
