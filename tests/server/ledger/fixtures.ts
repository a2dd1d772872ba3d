import { afterEach, expect } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { newUserDefaults } from '../../../server/modules/auth/service';
import { auditLedger } from '../../../server/modules/ledger/repository';
import {
  ensureUserAccounts,
  post,
  systemAccount,
  userAccount,
  withMoneyTx,
} from '../../../server/modules/ledger/service';

import { dbForSuite, type SuiteDb } from '../harness';

export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

export type LedgerTestDb = SuiteDb;

/**
 * A fresh migrated database for the file's tests (SQLite, or PostgreSQL with TEST_DIALECT=postgres), whose
 * books are audited after every test: balanced, cached balances exact, no user account negative.
 */
export function ledgerTestDb(): LedgerTestDb {
  const t = dbForSuite();
  afterEach(async () => {
    expect(await auditLedger(t.db)).toEqual({
      entriesTotal: 0,
      unbalancedTransactions: 0,
      driftedAccounts: 0,
      negativeUserAccounts: 0,
    });
  });
  return t;
}

let counter = 0;

/** A bare user row with its ledger accounts (the ledger needs nothing else of a user). */
export async function newUserId(db: Db): Promise<number> {
  const n = ++counter;
  const row = await db
    .insertInto('users')
    .values({
      // A new account's columns as the server writes them; what these tests tell apart is set after.
      ...newUserDefaults(),
      uid: 20_000_000 + n,
      area_code: '63',
      phone: `9170000${String(n).padStart(3, '0')}`,
      username: `ledger-${n}`,
      password_hash: 'x',
      invite_code: `L${n}`,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensureUserAccounts(db, row.id, NOW);
  return row.id;
}

/** A deposit of `amount` minor units into the user's main account. */
export const fund = (db: Db, userId: number, amount: number) =>
  withMoneyTx(db, (trx) =>
    post(trx, {
      type: 'deposit',
      userId,
      ref: null,
      legs: [
        { account: systemAccount('deposits'), amount: -amount },
        { account: userAccount(userId, 'main'), amount },
      ],
      now: NOW,
    }),
  );

export async function balanceOf(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

export async function transactionCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
