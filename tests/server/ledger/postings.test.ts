// The ledger's external references and reversals (issue 12), over the real database: SQLite, and
// PostgreSQL with TEST_DIALECT=postgres. Every test ends with the books audited.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_REF_MAX,
  type ExternalRef,
  findByExternalRef,
  type LedgerErrorCode,
  type Posting,
  post,
  reverse,
  systemAccount,
  userAccount,
  withMoneyTx,
} from '../../../server/modules/ledger/service';
import { balanceOf, fund, ledgerTestDb, NOW, newUserId, transactionCount } from './fixtures';

const t = ledgerTestDb();

let seq = 0;
const newRef = (source = 'provider:demo'): ExternalRef => ({ source, ref: `TX-${++seq}` });

/** A seamless-wallet bet: the user's main account pays into a provider's system account. */
const bet = (userId: number, amount: number, external: ExternalRef | null): Posting => ({
  type: 'bet',
  userId,
  ref: null,
  legs: [
    { account: userAccount(userId, 'main'), amount: -amount },
    { account: systemAccount('deposits'), amount },
  ],
  now: NOW,
  external,
});

const postTx = (posting: Posting) => withMoneyTx(t.db, (trx) => post(trx, posting));

async function ledgerCode(p: Promise<unknown>): Promise<LedgerErrorCode | string> {
  try {
    await p;
  } catch (err) {
    const e = err as { code?: string; data?: { issues?: { code: string }[] } };
    return e.code ?? e.data?.issues?.[0]?.code ?? String(err);
  }
  throw new Error('expected a refusal');
}

async function countByExternal(e: ExternalRef): Promise<number> {
  const row = await t.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('external_source', '=', e.source)
    .where('external_ref', '=', e.ref)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('external references', () => {
  it('posting the same reference twice posts once and answers the first transaction', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const ref = newRef();
    const first = await postTx(bet(u, 100_00, ref));
    expect(first.replayed).toBe(false);
    const again = await postTx(bet(u, 100_00, ref));
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await countByExternal(ref)).toBe(1);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(400_00);
    expect(await findByExternalRef(t.db, ref)).toBe(first.transactionId);
  });

  it('a replay is answered even when the funds it took are gone (not insufficient_funds)', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 100_00);
    const ref = newRef();
    await postTx(bet(u, 100_00, ref));
    expect((await postTx(bet(u, 100_00, ref))).replayed).toBe(true);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(0);
  });

  it('the same id from another source is another event; the same source and id with other legs is refused', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const ref = newRef('provider:one');
    await postTx(bet(u, 10_00, ref));
    const other = await postTx(bet(u, 10_00, { source: 'provider:two', ref: ref.ref }));
    expect(other.replayed).toBe(false);
    expect(await ledgerCode(postTx(bet(u, 11_00, ref)))).toBe('external_ref_reused');
    expect(await ledgerCode(postTx({ ...bet(u, 10_00, ref), type: 'win' }))).toBe('external_ref_reused');
    const v = await newUserId(t.db);
    await fund(t.db, v, 500_00);
    expect(await ledgerCode(postTx(bet(v, 10_00, ref)))).toBe('external_ref_reused');
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(480_00);
    expect(await balanceOf(t.db, userAccount(v, 'main'))).toBe(500_00);
  });

  it('refuses an empty or too long reference or source before touching the books', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 100_00);
    const before = await transactionCount(t.db);
    for (const external of [
      { source: 'provider:demo', ref: '' },
      { source: '', ref: 'TX' },
      { source: 'provider:demo', ref: 'x'.repeat(EXTERNAL_REF_MAX + 1) },
      { source: 'p'.repeat(33), ref: 'TX' },
    ]) {
      expect(await ledgerCode(postTx(bet(u, 1_00, external)))).toBe('external_ref_invalid');
    }
    expect(await transactionCount(t.db)).toBe(before);
    // The longest allowed fits the column on both dialects.
    const longest = { source: 'p'.repeat(32), ref: 'x'.repeat(EXTERNAL_REF_MAX) };
    expect((await postTx(bet(u, 1_00, longest))).replayed).toBe(false);
  });

  it('the database itself refuses a second row with the same source and reference', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 100_00);
    const ref = newRef();
    await postTx(bet(u, 1_00, ref));
    const insert = sql`insert into ledger_transactions (type, user_id, ref, external_source, external_ref, created_at)
      values ('bet', ${u}, null, ${ref.source}, ${ref.ref}, ${NOW})`;
    await expect(insert.execute(t.db)).rejects.toThrow(/unique/i);
    // A source without a reference (or the reverse) is refused too.
    const half = sql`insert into ledger_transactions (type, external_source, created_at) values ('bet', 'x', ${NOW})`;
    await expect(half.execute(t.db)).rejects.toThrow(/check/i);
  });

  it('10 concurrent posts of one reference: exactly one transaction, money moved once', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 100_00);
    const ref = newRef();
    const results = await Promise.all(Array.from({ length: 10 }, () => postTx(bet(u, 100_00, ref))));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await countByExternal(ref)).toBe(1);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(0);
  });

  it('a concurrent post of the same reference on other accounts waits for the first and is refused, moving nothing', async () => {
    // No account in common, so no row lock orders them: the unique index does.
    const u = await newUserId(t.db);
    const v = await newUserId(t.db);
    await fund(t.db, u, 100_00);
    const ref = newRef();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posted = () => {};
    const firstPosted = new Promise<void>((resolve) => {
      posted = resolve;
    });
    const first = withMoneyTx(t.db, async (trx) => {
      const r = await post(trx, bet(u, 30_00, ref));
      posted();
      await gate;
      return r;
    });
    await firstPosted;
    const bonus: Posting = {
      type: 'bet',
      userId: v,
      ref: null,
      legs: [
        { account: systemAccount('bonuses'), amount: -5_00 },
        { account: userAccount(v, 'locked'), amount: 5_00 },
      ],
      now: NOW,
      external: ref,
    };
    const second = ledgerCode(postTx(bonus));
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect((await first).replayed).toBe(false);
    expect(await second).toBe('external_ref_reused');
    expect(await countByExternal(ref)).toBe(1);
    expect(await balanceOf(t.db, userAccount(v, 'locked'))).toBe(0);
  });
});

describe('reverse', () => {
  it('posts the opposite legs, linked to the first, and restores the balances', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const b = await postTx(bet(u, 120_00, newRef()));
    const sysBefore = await balanceOf(t.db, systemAccount('deposits'));
    const r = await withMoneyTx(t.db, (trx) =>
      reverse(trx, b.transactionId, { type: 'rollback', now: NOW + 1 }),
    );
    expect(r.replayed).toBe(false);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(500_00);
    expect(await balanceOf(t.db, systemAccount('deposits'))).toBe(sysBefore - 120_00);
    const row = await t.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', r.transactionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'rollback',
      user_id: u,
      reverses_id: b.transactionId,
      created_at: NOW + 1,
    });
    const legs = async (id: number) =>
      (
        await t.db
          .selectFrom('ledger_entries')
          .select(['account_id', 'amount'])
          .where('transaction_id', '=', id)
          .orderBy('account_id')
          .execute()
      ).map((e) => ({ account: e.account_id, amount: Number(e.amount) }));
    expect(await legs(r.transactionId)).toEqual(
      (await legs(b.transactionId)).map((e) => ({ account: e.account, amount: -e.amount })),
    );
    // The first one is untouched.
    expect(
      await t.db
        .selectFrom('ledger_transactions')
        .select('reverses_id')
        .where('id', '=', b.transactionId)
        .executeTakeFirst(),
    ).toEqual({ reverses_id: null });
  });

  it('a transaction is reversed once: a second reversal is refused and moves nothing', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const b = await postTx(bet(u, 50_00, newRef()));
    await withMoneyTx(t.db, (trx) => reverse(trx, b.transactionId, { type: 'rollback', now: NOW }));
    const before = await transactionCount(t.db);
    expect(
      await ledgerCode(
        withMoneyTx(t.db, (trx) => reverse(trx, b.transactionId, { type: 'rollback', now: NOW })),
      ),
    ).toBe('already_reversed');
    expect(await transactionCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(500_00);
  });

  it('10 concurrent reversals of one transaction: exactly one', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const b = await postTx(bet(u, 50_00, newRef()));
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        withMoneyTx(t.db, (trx) => reverse(trx, b.transactionId, { type: 'rollback', now: NOW })).then(
          () => 'ok',
          (err: { code?: string }) => err.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_reversed')).toHaveLength(9);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(500_00);
  });

  it('a rollback replayed with its own reference answers the first reversal', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const b = await postTx(bet(u, 50_00, newRef()));
    const rollbackRef = newRef();
    const once = () =>
      withMoneyTx(t.db, (trx) =>
        reverse(trx, b.transactionId, { type: 'rollback', external: rollbackRef, now: NOW }),
      );
    const first = await once();
    expect(await once()).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(500_00);
  });

  it('refuses to reverse a reversal and an unknown transaction', async () => {
    const u = await newUserId(t.db);
    await fund(t.db, u, 500_00);
    const b = await postTx(bet(u, 50_00, newRef()));
    const r = await withMoneyTx(t.db, (trx) => reverse(trx, b.transactionId, { type: 'rollback', now: NOW }));
    expect(
      await ledgerCode(
        withMoneyTx(t.db, (trx) => reverse(trx, r.transactionId, { type: 'rollback', now: NOW })),
      ),
    ).toBe('reversal_not_reversible');
    expect(
      await ledgerCode(withMoneyTx(t.db, (trx) => reverse(trx, 999_999_999, { type: 'rollback', now: NOW }))),
    ).toBe('transaction_not_found');
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(500_00);
  });

  it('reversing a deposit the user already spent is refused with insufficient_funds, nothing moved', async () => {
    const u = await newUserId(t.db);
    const d = await fund(t.db, u, 100_00);
    await postTx(bet(u, 60_00, newRef()));
    const before = await transactionCount(t.db);
    expect(
      await ledgerCode(
        withMoneyTx(t.db, (trx) => reverse(trx, d.transactionId, { type: 'deposit_reversal', now: NOW })),
      ),
    ).toBe('insufficient_funds');
    expect(await transactionCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(40_00);
    // Once the money is back, the reversal goes through (the refusal left nothing behind).
    await fund(t.db, u, 60_00);
    await withMoneyTx(t.db, (trx) => reverse(trx, d.transactionId, { type: 'deposit_reversal', now: NOW }));
    expect(await balanceOf(t.db, userAccount(u, 'main'))).toBe(0);
  });
});
