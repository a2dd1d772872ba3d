// VAPID keys: from the environment, else generated once into the data folder; never silently replaced
// while subscriptions made with the old key exist.
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../../server/config';
import { migrateToLatest } from '../../../server/db/migrate';
import { resolveVapidKeys, VAPID_FILE, VapidUnavailable } from '../../../server/modules/push/vapid';
import { createTestDb, startServer } from '../harness';
import { promoter } from '../portal/fixtures';
import { insertSubscriptionRows, insertUserRow } from './helpers';

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setup() {
  const t = await createTestDb();
  cleanups.push(t.drop);
  await migrateToLatest(t.db);
  return t;
}

async function addSubscription(db: Awaited<ReturnType<typeof setup>>['db']) {
  await insertSubscriptionRows(db, await insertUserRow(db, 77), ['https://push.example/1']);
}

describe('VAPID keys', () => {
  it('are generated once into the data folder (owner-only) and reused', async () => {
    const { db, dir } = await setup();
    const config = loadConfig({ DATA_DIR: dir });
    const first = await resolveVapidKeys(config, db, 1, silent);
    const file = path.join(dir, VAPID_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(await resolveVapidKeys(config, db, 2, silent)).toEqual(first);
  });

  it('are not regenerated when the file is gone but subscriptions exist: push refuses to start', async () => {
    const { db, dir } = await setup();
    const config = loadConfig({ DATA_DIR: dir });
    await resolveVapidKeys(config, db, 1, silent);
    await addSubscription(db);
    await rm(path.join(dir, VAPID_FILE));
    await expect(resolveVapidKeys(config, db, 2, silent)).rejects.toThrow(VapidUnavailable);
    await expect(resolveVapidKeys(config, db, 2, silent)).rejects.toThrow(
      /missing but 1 push subscriptions exist/,
    );
    expect(existsSync(path.join(dir, VAPID_FILE))).toBe(false);
  });

  it('refuse a different key from the environment while subscriptions made with the recorded one exist', async () => {
    const { db, dir } = await setup();
    await resolveVapidKeys(loadConfig({ DATA_DIR: dir }), db, 1, silent);
    await addSubscription(db);
    const other = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: other.publicKey,
      VAPID_PRIVATE_KEY: other.privateKey,
    });
    await expect(resolveVapidKeys(config, db, 2, silent)).rejects.toThrow(/differs from the one 1 stored/);
  });

  it('come from the environment when set (both or neither)', async () => {
    const { db, dir } = await setup();
    const env = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: env.publicKey,
      VAPID_PRIVATE_KEY: env.privateKey,
    });
    expect(await resolveVapidKeys(config, db, 1, silent)).toEqual(env);
    expect(existsSync(path.join(dir, VAPID_FILE))).toBe(false);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: env.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: env.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('when unavailable, GET /api/push/key answers 503 push_unavailable and the rest of the API works', async () => {
    const server = await startServer();
    cleanups.push(() => server.close());
    const user = await promoter(server, 0);
    await insertSubscriptionRows(server.db, user.userId, ['https://push.example/2']);
    const res = await fetch(`${server.url}/api/push/key`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { data: { code: string } }).data.code).toBe('push_unavailable');
    const notices = await server.post('/cp/mainview/notice', undefined, user.token);
    expect(notices.http).toBe(200);
  });
});
