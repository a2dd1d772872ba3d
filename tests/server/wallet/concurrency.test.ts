// PostgreSQL concurrency (issue 6): many requests at once through two server instances, each with its
// own connection pool, on one database. SQLite serializes every write on its one connection, so
// these are skipped there (reported as skipped).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawCreateCall } from '#contract/wallet';
import { type App, buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createPostgresDb, type Db } from '../../../server/db/create-db';
import {
  startServer,
  TEST_AUDIT_KEY,
  TEST_OPERATOR_SECRET_KEY,
  type TestServer,
  usingPostgres,
} from '../harness';
import { makeOperator } from '../operators/helpers';
import { moneyAt } from '../processes';
import {
  addBankCard,
  deposit,
  expectLedgerSound,
  money,
  newUser,
  SAFE_PASSWORD,
  secondary,
  seedSites,
} from './helpers';

const pg = usingPostgres();

let server: TestServer;
let second: { app: App; db: Db; url: string } | undefined;

/** The instances' addresses (the first twice while the second is not up). */
const urls = () => [server.url, second?.url ?? server.url];

describe.skipIf(!pg)(
  'PostgreSQL concurrency (skipped unless TEST_DIALECT=postgres with TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      server = await startServer();
      await seedSites(server);
      // A second pool on the first server's own database, as a second process would have.
      if (!server.connection) throw new Error('a PostgreSQL test server names its database');
      const db = createPostgresDb({ ...server.connection, max: 5 });
      const config = loadConfig({
        DATA_DIR: '/tmp',
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'silent',
        DEMO: '1',
        // The first process's key: the database's sealed secrets are the same rows.
        OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY,
        // The first process's audit key too: else it would make one in /tmp, shared by every run here.
        AUDIT_KEY: TEST_AUDIT_KEY,
      });
      const app = await buildApp(config, { db, clock: server.clock });
      await app.listen({ port: 0, host: '127.0.0.1' });
      second = { app, db, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    }, 60_000);
    afterAll(async () => {
      if (second) {
        await second.app.close();
        await second.db.destroy();
      }
      await server.close();
    });

    it('200 parallel debits of one account succeed exactly floor(balance / amount) times', async () => {
      const a = await newUser(server);
      const b = await newUser(server, { safePassword: null });
      await deposit(server, a, 1_000);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          i % 2 === 0
            ? moneyAt(
                urls()[i % 4 < 2 ? 0 : 1] as string,
                '/wallet/safe/deposit',
                { amount: 11 },
                a.token,
                randomUUID(),
              )
            : moneyAt(
                urls()[i % 4 < 2 ? 0 : 1] as string,
                '/wallet/transfer',
                { receiverUid: b.uid, amount: 11, safePassword: SAFE_PASSWORD },
                a.token,
                randomUUID(),
              ),
        ),
      );
      const ok = results.filter((r) => r.status === 200).length;
      const refused = results.filter(
        (r) => r.http === 400 && r.data.issues[0].code === 'insufficient_funds',
      ).length;
      expect(ok).toBe(Math.floor(1_000 / 11));
      expect(refused).toBe(200 - ok);
      const sa = await secondary(server, a);
      const sb = await secondary(server, b);
      expect(sa.canWithdrawCoin).toBe(10);
      expect(Math.round((sa.safeCoin + sb.totalCoin) * 100)).toBe(990_00);
      await expectLedgerSound(server);
    }, 60_000);

    it('transfers both ways at once do not deadlock and conserve the total', async () => {
      const a = await newUser(server);
      const b = await newUser(server);
      await deposit(server, a, 500);
      await deposit(server, b, 500);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
          return moneyAt(
            urls()[i % 3 === 0 ? 1 : 0] as string,
            '/wallet/transfer',
            { receiverUid: to.uid, amount: 10, safePassword: SAFE_PASSWORD },
            from.token,
            randomUUID(),
          );
        }),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const total = (await secondary(server, a)).totalCoin + (await secondary(server, b)).totalCoin;
      expect(total).toBe(1_000);
      await expectLedgerSound(server);
    }, 60_000);

    it('100 parallel replays of one key move money once and all get the same answer', async () => {
      const a = await newUser(server);
      const b = await newUser(server, { safePassword: null });
      await deposit(server, a, 100);
      const key = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          moneyAt(
            urls()[i % 2] as string,
            '/wallet/transfer',
            { receiverUid: b.uid, amount: 25, safePassword: SAFE_PASSWORD },
            a.token,
            key,
          ),
        ),
      );
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.data).toEqual(results[0]?.data);
      }
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect((await secondary(server, a)).canWithdrawCoin).toBe(75);
      expect((await secondary(server, b)).totalCoin).toBe(25);
      await expectLedgerSound(server);
    }, 60_000);

    it('approve and reject racing on two instances: exactly one wins each time', async () => {
      const u = await newUser(server);
      const op = await newUser(server, { safePassword: null });
      await makeOperator(server, op);
      const methodId = await addBankCard(server, u);
      await deposit(server, u, 3_000);
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const w = await money(
          server,
          withdrawCreateCall,
          { amount: 100, methodId, safePassword: SAFE_PASSWORD },
          u.token,
        );
        ids.push(w.data.id);
      }
      const races = await Promise.all(
        ids.map((id, i) =>
          Promise.all([
            moneyAt(urls()[i % 2] as string, '/admin/withdrawals/approve', { id }, op.token, randomUUID()),
            moneyAt(
              urls()[(i + 1) % 2] as string,
              '/admin/withdrawals/reject',
              { id, reason: 'race' },
              op.token,
              randomUUID(),
            ),
          ]),
        ),
      );
      let rejected = 0;
      for (const [ap, rj] of races) {
        expect([ap.status, rj.status].filter((s) => s === 200)).toHaveLength(1);
        expect([ap, rj].find((r) => r.status !== 200)?.data).toEqual({ code: 'state_changed' });
        if (rj.status === 200) rejected++;
      }
      const s = await secondary(server, u);
      expect(s.totalCoin).toBe(3_000);
      expect(s.lockedCoin).toBe((20 - rejected) * 100);
      await expectLedgerSound(server);
    }, 60_000);
  },
);
