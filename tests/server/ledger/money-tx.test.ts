// withMoneyTx under concurrency, over the real database: SQLite, where concurrent money transactions share
// one commit (each in a savepoint of its own), and PostgreSQL with TEST_DIALECT=postgres, where each is a
// transaction of its own. Both must behave as if the transactions ran one after the other.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { AppHandleInMoneyTx } from '../../../server/db/money-tx-scope';
import { referenceCache } from '../../../server/db/reference-cache';
import { post, systemAccount, userAccount, withMoneyTx } from '../../../server/modules/ledger/service';
import { usingPostgres } from '../harness';
import { balanceOf, fund, ledgerTestDb, NOW, newUserId } from './fixtures';

const t = ledgerTestDb();

const deposit = (trx: Db, userId: number, amount: number, ref: string) =>
  post(trx, {
    type: 'deposit',
    userId,
    ref,
    legs: [
      { account: systemAccount('deposits'), amount: -amount },
      { account: userAccount(userId, 'main'), amount },
    ],
    now: NOW,
  });

const spend = (trx: Db, userId: number, amount: number) =>
  post(trx, {
    type: 'withdraw',
    userId,
    ref: null,
    legs: [
      { account: userAccount(userId, 'main'), amount: -amount },
      { account: systemAccount('withdrawals'), amount },
    ],
    now: NOW,
  });

const transactionsWithRef = async (ref: string) =>
  Number(
    (
      await t.db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ref', 'like', `${ref}%`)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('money transactions started together', () => {
  it('a failing one undoes only its own writes; the others commit', async () => {
    const userId = await newUserId(t.db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        withMoneyTx(t.db, async (trx) => {
          await deposit(trx, userId, 100, `undo-${i}`);
          if (i % 3 === 0) throw new Error(`refused ${i}`);
          return i;
        }),
      ),
    );
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(refused).toHaveLength(10);
    expect(refused.every((reason) => /refused \d+/.test(reason))).toBe(true);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    expect(await balanceOf(t.db, userAccount(userId, 'main'))).toBe(20 * 100);
    expect(await transactionsWithRef('undo-')).toBe(20);
  });

  it('each one sees the ones before it: ten spends of a balance that covers five', async () => {
    const userId = await newUserId(t.db);
    await fund(t.db, userId, 500);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => withMoneyTx(t.db, (trx) => spend(trx, userId, 100))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refusals).toHaveLength(5);
    for (const err of refusals) expect(JSON.stringify(err)).toContain('insufficient_funds');
    expect(await balanceOf(t.db, userAccount(userId, 'main'))).toBe(0);
  });

  it.skipIf(usingPostgres())('SQLite: none is answered before its writes are committed', async () => {
    const userId = await newUserId(t.db);
    // A second connection sees only committed writes (WAL): each answer must find its own there.
    const reader = new SqliteDatabase(path.join(t.dir, 'test.db'), { readonly: true });
    const committed = reader.prepare('select count(*) as n from ledger_transactions where ref = ?');
    try {
      const seenAtAnswer = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          withMoneyTx(t.db, (trx) => deposit(trx, userId, 10, `durable-${i}`)).then(
            () => (committed.get(`durable-${i}`) as { n: number }).n,
          ),
        ),
      );
      expect(seenAtAnswer).toEqual(Array.from({ length: 20 }, () => 1));
    } finally {
      reader.close();
    }
  });
});

describe('a money transaction’s body uses only its own handle', () => {
  it('a query or a cached read through the app’s handle fails at once, and undoes only that transaction', async () => {
    const userId = await newUserId(t.db);
    const cached = referenceCache((db) => db.selectFrom('game_channels').select('code').execute());
    await cached.get(t.db);
    const outcomes = await Promise.allSettled([
      withMoneyTx(t.db, (trx) => deposit(trx, userId, 10, 'own-handle-1')),
      withMoneyTx(t.db, async (trx) => {
        await deposit(trx, userId, 10, 'app-handle');
        // On SQLite this waited for the connection the transaction holds: forever, and everyone after it.
        return t.db.selectFrom('users').select('id').execute();
      }),
      withMoneyTx(t.db, async (trx) => {
        await deposit(trx, userId, 10, 'app-cache');
        return cached.get(t.db);
      }),
      withMoneyTx(t.db, async (trx) => {
        await deposit(trx, userId, 10, 'own-handle-2');
        return cached.get(trx);
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(AppHandleInMoneyTx);
    expect(await transactionsWithRef('app-handle')).toBe(0);
    expect(await transactionsWithRef('app-cache')).toBe(0);
    expect(await transactionsWithRef('own-handle-2')).toBe(1);
    expect(await balanceOf(t.db, userAccount(userId, 'main'))).toBe(20);
  });

  it('work a body leaves running is not held to it once the transaction is over', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await withMoneyTx(t.db, async () => {
      later = new Promise((done) => setTimeout(done, 20)).then(() =>
        t.db.selectFrom('users').select('id').limit(1).execute(),
      );
    });
    await expect(later).resolves.toBeDefined();
  });
});
