// Issue 5: several server processes on one PostgreSQL share one outbox, and a delivery is sent by
// exactly one of them (claims use FOR UPDATE SKIP LOCKED). SQLite serves one process by design, so
// this runs only with TEST_DIALECT=postgres.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import { claimDue, markSent } from '../../../server/modules/push/repository';
import { createTestDb, pgDatabaseUrl, usingPostgres } from '../harness';
import {
  call,
  demoLogin,
  type ProcessEnv,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../processes';
import type { FakePushService } from './fake-push-service';
import { insertSubscriptionRows, insertUserRow, pushProcessEnvironment } from './helpers';

const DEVICES = 60;

describe.skipIf(!usingPostgres())('two server processes, one outbox (PostgreSQL only)', () => {
  let fake: FakePushService;
  let proc: ProcessEnv;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // Several processes need one key pair: from the environment (README, VAPID_PUBLIC_KEY).
    ({ fake, proc } = await pushProcessEnvironment({
      PUSH_CONCURRENCY: '3',
    }));
  });
  afterAll(async () => {
    for (const s of servers) await s.kill('SIGTERM');
    await fake?.close();
    await proc?.cleanup();
  });

  it(`sends each of ${DEVICES} deliveries once, shared between the processes`, async () => {
    servers.push(await startServerProcess(proc.env));
    servers.push(await startServerProcess(proc.env));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const player = await demoLogin(a.url, 'player');
    const op = await demoLogin(b.url, 'operator');
    const subscribers = Array.from({ length: DEVICES }, () => fake.subscriber());
    for (const [i, s] of subscribers.entries())
      await call(i % 2 ? a.url : b.url, '/push/subscribe', { endpoint: s.endpoint, keys: s.keys }, player);
    // Nothing is answered until both processes hold claimed deliveries at the same time.
    fake.setDelay(20);
    const release = fake.pause();
    const notice = await call(
      a.url,
      '/admin/notices/create',
      { texts: { 'en-US': { title: 'Both', body: 'x' } } },
      op,
    );
    expect(notice.deliveries.pending).toBe(DEVICES);
    const db = proc.openDb();
    try {
      await waitFor(
        async () => {
          const leased = await db
            .selectFrom('push_outbox')
            .select('locked_by')
            .distinct()
            .where('state', '=', 'sending')
            .execute();
          return leased.length === 2;
        },
        30_000,
        'both processes to claim deliveries',
      );
    } finally {
      release();
      await db.destroy();
    }
    await waitFor(() => fake.received.length >= DEVICES, 60_000, 'every delivery');
    await new Promise((r) => setTimeout(r, 1500));

    expect(fake.errors).toEqual([]);
    const counts = new Map<string, number>();
    for (const r of fake.received) counts.set(r.subscriber, (counts.get(r.subscriber) ?? 0) + 1);
    expect(counts.size).toBe(DEVICES);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(fake.requests).toHaveLength(DEVICES);

    const check = proc.openDb();
    try {
      const rows = await check.selectFrom('push_outbox').select(['state', 'locked_by']).execute();
      expect(rows.filter((r) => r.state === 'sent')).toHaveLength(DEVICES);
      // Both processes took part (otherwise this test would prove nothing about sharing).
      expect(new Set(rows.map((r) => r.locked_by)).size).toBe(2);
    } finally {
      await check.destroy();
    }
  }, 120_000);
});

describe.skipIf(!usingPostgres())('claims under contention (PostgreSQL only)', () => {
  it('never hands one delivery to two claimers', async () => {
    const t = await createTestDb();
    const pools: ReturnType<typeof createPostgresDb>[] = [];
    try {
      await migrateToLatest(t.db);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]?.s;
      const userId = await insertUserRow(t.db, 1);
      const subs = await insertSubscriptionRows(
        t.db,
        userId,
        Array.from({ length: 40 }, (_, i) => `https://push.example/${i}`),
      );
      const notices = await t.db
        .insertInto('notices')
        .values(
          Array.from({ length: 10 }, () => ({
            site_id: null,
            content: 'x',
            publish_from: 1,
            publish_until: null,
            withdrawn_at: null,
            created_at: 1,
            enqueued_at: 1,
          })),
        )
        .returning('id')
        .execute();
      const rows = notices.flatMap((n) =>
        subs.map((subscriptionId) => ({
          notice_id: n.id,
          subscription_id: subscriptionId,
          state: 'pending' as const,
          next_attempt_at: 1,
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: 1,
          sent_at: null,
        })),
      );
      await t.db.insertInto('push_outbox').values(rows).execute();

      const connectionString = await pgDatabaseUrl();
      const claimed: number[] = [];
      const claimers = Array.from({ length: 8 }, async (_, w) => {
        const db = createPostgresDb({ connectionString, options: `-c search_path=${schema}`, max: 1 });
        pools.push(db);
        for (;;) {
          const batch = await claimDue(db, `w${w}`, 1000, 60_000, 3);
          if (batch.length === 0) return;
          for (const d of batch) {
            claimed.push(d.id);
            await markSent(db, d, `w${w}`, 1000);
          }
        }
      });
      await Promise.all(claimers);
      expect(claimed).toHaveLength(rows.length);
      expect(new Set(claimed).size).toBe(rows.length);
    } finally {
      for (const p of pools) await p.destroy();
      await t.drop();
    }
  }, 60_000);
});
