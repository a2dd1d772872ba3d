// withMoneyTx under concurrency, over the real database: SQLite, where concurrent money transactions share
// one commit (each in a savepoint of its own), and PostgreSQL with TEST_DIALECT=postgres, where each is a
// transaction of its own. Both must behave as if the transactions ran one after the other.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/create-db';
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
