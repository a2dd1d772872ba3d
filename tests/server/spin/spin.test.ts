import { describe, expect, it } from 'vitest';
import { SPIN_DAYS } from '#contract/spin';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import {
  deposit,
  expectLedgerSound,
  money,
  newUser,
  secondary,
  signedCallback,
  type WalletUser,
} from '../wallet/helpers';

// The spin wheel (issue 15, decision 0022) through the API, with the test clock: 7 daily spins from a
// recharge, missed days lost, the wheel gone after its days, doubling at 2000, one prize per day however
// often or concurrently it is asked, and a time-out refusing spins.

const DAY_MS = 86_400_000;
const server = serverForSuite({ demoSeed: true });

/** Makes `code` the only prize that can come out (the table is data: tests set it as an operator would). */
async function onlyPrize(code: string): Promise<void> {
  await server.db.updateTable('spin_prizes').set({ weight: 0 }).execute();
  await server.db.updateTable('spin_prizes').set({ weight: 1 }).where('code', '=', code).execute();
}

async function restorePrizes(): Promise<void> {
  const weights: Record<string, number> = {
    'cash-1': 4000,
    'cash-2': 2500,
    'cash-5': 1800,
    'cash-10': 1000,
    'cash-50': 500,
    'cash-100': 190,
    phone: 10,
  };
  for (const [code, weight] of Object.entries(weights))
    await server.db.updateTable('spin_prizes').set({ weight }).where('code', '=', code).execute();
}

const state = async (user: WalletUser) => {
  const res = await server.post('/spin/state', {}, user.token);
  expect(res.status).toBe(200);
  return res.data;
};
const spin = (user: WalletUser, day: string) => server.post('/spin/draw', { day }, user.token);

async function drawRows(user: WalletUser) {
  return server.db
    .selectFrom('spin_draws')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('day')
    .execute();
}
async function spinTransactions(user: WalletUser) {
  return server.db
    .selectFrom('ledger_transactions')
    .select(['id', 'external_ref'])
    .where('external_source', '=', 'spin')
    .where('user_id', '=', user.id)
    .execute();
}
async function prizeMessages(user: WalletUser) {
  return server.db
    .selectFrom('messages')
    .select(['dedupe_key', 'params'])
    .where('user_id', '=', user.id)
    .where('kind', '=', 'prize_won')
    .execute();
}

describe('the days of a run', () => {
  it('has no wheel before a recharge, and refuses a spin then', async () => {
    const user = await newUser(server);
    const s = await state(user);
    expect(s.run).toBeNull();
    const res = await spin(user, s.today);
    expect(res.http).toBe(409);
    expect(res.data.code).toBe('spin_unavailable');
  });

  it('gives one spin a day for 7 days, loses a missed day, and is gone after the 7 days', async () => {
    await onlyPrize('cash-5');
    try {
      const user = await newUser(server);
      await deposit(server, user, 100);
      const s0 = await state(user);
      expect(s0.run.days).toHaveLength(SPIN_DAYS);
      expect(s0.run.days.map((d: { state: string }) => d.state)).toEqual([
        'open',
        ...Array(SPIN_DAYS - 1).fill('upcoming'),
      ]);
      const firstDay = s0.today;
      const paidBefore = (await secondary(server, user)).canWithdrawCoin;

      const spunDays: string[] = [];
      const start = server.clock.now();
      try {
        for (let i = 0; i < SPIN_DAYS; i++) {
          const today = (await state(user)).today;
          if (i === 3) {
            // Day 4 is missed: the next day it cannot be spun any more.
            server.clock.advance(DAY_MS);
            const late = await spin(user, today);
            expect(late.data.code).toBe('spin_unavailable');
            continue;
          }
          const res = await spin(user, today);
          expect(res.status).toBe(200);
          expect(res.data.replayed).toBe(false);
          expect(res.data.draw).toMatchObject({ day: today, amount: 5, multiplier: 1 });
          spunDays.push(today);
          server.clock.advance(DAY_MS);
        }
        // Day 8: the run has ended, the wheel is gone and a spin is refused.
        const after = await state(user);
        expect(after.run).toBeNull();
        expect((await spin(user, after.today)).data.code).toBe('spin_unavailable');

        // Back on the last day the run shows each day as it went.
        server.clock.advance(-DAY_MS);
        const last = await state(user);
        expect(last.run.firstDay).toBe(firstDay);
        expect(last.run.days.map((d: { state: string }) => d.state)).toEqual([
          'spun',
          'spun',
          'spun',
          'missed',
          'spun',
          'spun',
          'spun',
        ]);
      } finally {
        server.clock.advance(start - server.clock.now());
      }

      expect((await drawRows(user)).map((d) => d.day)).toEqual(spunDays);
      expect(await spinTransactions(user)).toHaveLength(6);
      expect((await secondary(server, user)).canWithdrawCoin).toBeCloseTo(paidBefore + 30, 2);
      expect(await prizeMessages(user)).toHaveLength(6);
      const records = await server.post('/wallet/records', { type: 'spin' }, user.token);
      expect(records.data.content).toHaveLength(6);
      expect(records.data.content[0]).toMatchObject({ type: 'spin', amount: 5, state: 'Success' });
      await expectLedgerSound(server);
    } finally {
      await restorePrizes();
    }
  });

  it('extends a running wheel when the player recharges again, keeping spun days', async () => {
    const user = await newUser(server);
    const start = server.clock.now();
    try {
      await deposit(server, user, 50);
      const first = await state(user);
      expect((await spin(user, first.today)).status).toBe(200);
      server.clock.advance(2 * DAY_MS);
      await deposit(server, user, 50);
      const s = await state(user);
      expect(s.run.firstDay).toBe(first.run.firstDay);
      expect(s.run.days).toHaveLength(SPIN_DAYS + 2);
      expect(s.run.days.map((d: { state: string }) => d.state).slice(0, 3)).toEqual([
        'spun',
        'missed',
        'open',
      ]);
      expect(s.run.recharged).toBe(100);
    } finally {
      server.clock.advance(start - server.clock.now());
    }
  });
});

describe('what counts as a recharge (issue 31)', () => {
  it('opens no wheel for an unpaid or failed order, and opens it on the day the order is paid', async () => {
    const user = await newUser(server);
    const start = server.clock.now();
    const pay = (orderNo: string, amount: number, status: 'paid' | 'failed' = 'paid') =>
      server.post('/wallet/sandbox/callback', signedCallback(orderNo, amount, status));
    const order = (amount: number) => money(server, '/wallet/deposit/create', { amount }, user.token);
    try {
      // Ten minutes after the site's business day turns (found by stepping the clock)...
      const before = (await state(user)).today;
      while ((await state(user)).today === before) server.clock.advance(10 * 60_000);
      const paidDay = (await state(user)).today;
      // ...so an order made twenty minutes earlier was made on the day before.
      server.clock.advance(-20 * 60_000);
      const made = await order(2500);
      const failed = await order(300);
      expect((await pay(failed.data.orderNo, 300, 'failed')).data.state).toBe('Fail');
      expect((await state(user)).run).toBeNull();
      server.clock.advance(20 * 60_000);
      expect((await state(user)).run).toBeNull();
      expect((await pay(made.data.orderNo, 2500)).data.state).toBe('Success');
      const s = await state(user);
      expect(s.run).toMatchObject({ firstDay: paidDay, recharged: 2500, doubled: true });
    } finally {
      server.clock.advance(start - server.clock.now());
    }
  });
});

describe('doubling at 2000', () => {
  it('doubles the spins after the run has 2000 recharged, reached mid-week', async () => {
    await onlyPrize('cash-10');
    const user = await newUser(server);
    const start = server.clock.now();
    try {
      await deposit(server, user, 1500);
      const d1 = await spin(user, (await state(user)).today);
      expect(d1.data.draw).toMatchObject({ amount: 10, multiplier: 1 });
      expect((await state(user)).run.doubled).toBe(false);

      server.clock.advance(DAY_MS);
      await deposit(server, user, 499);
      const d2 = await spin(user, (await state(user)).today);
      expect(d2.data.draw).toMatchObject({ amount: 10, multiplier: 1 });

      // Reached on day 3 (1999 + 1), so day 3's spin, made after it, pays double; day 2's stays.
      server.clock.advance(DAY_MS);
      await deposit(server, user, 1);
      const s3 = await state(user);
      expect(s3.run.recharged).toBe(2000);
      expect(s3.run.doubled).toBe(true);
      const d3 = await spin(user, s3.today);
      expect(d3.data.draw).toMatchObject({ amount: 20, multiplier: 2, prize: { amount: 10 } });
      const rows = await drawRows(user);
      expect(rows.map((r) => Number(r.amount))).toEqual([10_00, 10_00, 20_00]);
      await expectLedgerSound(server);
    } finally {
      server.clock.advance(start - server.clock.now());
      await restorePrizes();
    }
  });

  it('doubles from the first spin when one recharge is 2000', async () => {
    await onlyPrize('cash-2');
    try {
      const user = await newUser(server);
      await deposit(server, user, 2000);
      const res = await spin(user, (await state(user)).today);
      expect(res.data.draw).toMatchObject({ amount: 4, multiplier: 2 });
    } finally {
      await restorePrizes();
    }
  });
});

describe('one prize per day', () => {
  it('answers a replay with the first spin and pays once', async () => {
    const user = await newUser(server);
    await deposit(server, user, 10);
    const today = (await state(user)).today;
    const first = await spin(user, today);
    expect(first.data.replayed).toBe(false);
    const again = await spin(user, today);
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ draw: first.data.draw, replayed: true });
    expect(await drawRows(user)).toHaveLength(1);
    expect((await spinTransactions(user)).length).toBe(first.data.draw.prize.kind === 'cash' ? 1 : 0);
    expect(await prizeMessages(user)).toHaveLength(1);
    // A retry after midnight of a lost answer names the day it was for: the same spin, not a refusal.
    const start = server.clock.now();
    server.clock.advance(DAY_MS);
    try {
      const late = await spin(user, today);
      expect(late.data).toEqual({ draw: first.data.draw, replayed: true });
    } finally {
      server.clock.advance(start - server.clock.now());
    }
  });

  it('gives exactly one prize to 20 concurrent spins', async () => {
    await onlyPrize('cash-50');
    try {
      const user = await newUser(server);
      await deposit(server, user, 10);
      const before = (await secondary(server, user)).canWithdrawCoin;
      const today = (await state(user)).today;
      const answers = await Promise.all(Array.from({ length: 20 }, () => spin(user, today)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(answers.filter((a) => !a.data.replayed)).toHaveLength(1);
      for (const a of answers) expect(a.data.draw).toEqual(answers[0]?.data.draw);
      expect(await drawRows(user)).toHaveLength(1);
      expect(await spinTransactions(user)).toHaveLength(1);
      expect(await prizeMessages(user)).toHaveLength(1);
      expect((await secondary(server, user)).canWithdrawCoin).toBeCloseTo(before + 50, 2);
      await expectLedgerSound(server);
    } finally {
      await restorePrizes();
    }
  });
});

describe('refusals', () => {
  it('refuses a spin during a time-out, and keeps the day spun before it', async () => {
    const user = await newUser(server);
    await deposit(server, user, 10);
    const today = (await state(user)).today;
    const spun = await spin(user, today);
    const start = server.clock.now();
    try {
      server.clock.advance(DAY_MS);
      const block = await server.post(
        '/protection/block',
        { kind: 'time_out', duration: '24h', confirm: true },
        user.token,
      );
      expect(block.status).toBe(200);
      const tomorrow = (await state(user)).today;
      const refused = await spin(user, tomorrow);
      expect(refused.http).toBe(403);
      expect(refused.data.code).toBe('protection_time_out');
      expect(await drawRows(user)).toHaveLength(1);
      // What was won before the time-out is still shown.
      expect((await spin(user, today)).data).toEqual({ draw: spun.data.draw, replayed: true });
      // The time-out over, the next day spins again.
      server.clock.advance(DAY_MS);
      expect((await spin(user, (await state(user)).today)).data.replayed).toBe(false);
    } finally {
      server.clock.advance(start - server.clock.now());
    }
  });

  it('refuses bad input with clear codes and loses nothing', async () => {
    const user = await newUser(server);
    await deposit(server, user, 10);
    const cases: [unknown, string][] = [
      [{}, 'required'],
      [{ day: 20260115 }, 'invalid_type'],
      [{ day: '15/01/2026' }, 'day_invalid'],
      [{ day: `2026-01-15${'x'.repeat(5000)}` }, 'day_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await server.post('/spin/draw', body, user.token);
      expect(res.http).toBe(400);
      expect(res.data.issues[0]).toMatchObject({ path: 'day', code });
    }
    expect((await spin(user, '2026-02-30')).data.issues[0].code).toBe('day_invalid');
    // Another day than today that was not spun: tomorrow, or yesterday (missed).
    const today = (await state(user)).today;
    const [y, m, d] = today.split('-').map(Number);
    const shift = (n: number) =>
      new Date(Date.UTC(y as number, (m as number) - 1, (d as number) + n)).toISOString().slice(0, 10);
    expect((await spin(user, shift(1))).data.code).toBe('spin_unavailable');
    expect((await spin(user, shift(-1))).data.code).toBe('spin_unavailable');
    expect(await drawRows(user)).toHaveLength(0);
    expect((await spin(user, today)).status).toBe(200);
  });

  it('refuses callers without a session', async () => {
    for (const path of ['/spin/state', '/spin/draw']) {
      const res = await server.post(path, { day: '2026-01-15' });
      expect(res.status).toBe(996);
      const bad = await server.post(path, { day: '2026-01-15' }, 'not-a-token');
      expect(bad.status).toBe(996);
    }
  });
});

describe('item prizes and their follow-up', () => {
  it('makes a cell phone a follow-up due in 24 hours, for the player and for operators', async () => {
    await onlyPrize('phone');
    try {
      const user = await newUser(server);
      await deposit(server, user, 10);
      const before = (await secondary(server, user)).totalCoin;
      const res = await spin(user, (await state(user)).today);
      const now = server.clock.now();
      expect(res.data.draw).toMatchObject({
        prize: { code: 'phone', kind: 'item' },
        amount: 0,
        followUp: { dueAt: now + DAY_MS, doneAt: null },
      });
      expect((await secondary(server, user)).totalCoin).toBe(before);
      expect(await spinTransactions(user)).toHaveLength(0);
      expect((await state(user)).followUps).toEqual([res.data.draw]);

      // Operators only.
      const notOperator = await server.post('/admin/spin/follow-ups', {}, user.token);
      expect(notOperator.http).toBe(403);
      const operator = await newUser(server);
      await makeOperator(server, operator);
      const list = await server.post('/admin/spin/follow-ups', { state: 'open' }, operator.token);
      expect(list.status).toBe(200);
      const mine = list.data.content.find((f: { user: { uid: number } }) => f.user.uid === user.uid);
      expect(mine).toMatchObject({ prize: { code: 'phone' }, dueAt: now + DAY_MS, doneAt: null });

      expect((await server.post('/admin/spin/follow-ups/done', { id: mine.id }, operator.token)).http).toBe(
        400,
      );
      expect(
        (await server.post('/admin/spin/follow-ups/done', { id: 999_999, note: 'x' }, operator.token)).data
          .issues[0].code,
      ).toBe('follow_up_not_found');
      const done = await server.post(
        '/admin/spin/follow-ups/done',
        { id: mine.id, note: 'Called, phone sent' },
        operator.token,
      );
      expect(done.data).toMatchObject({ doneBy: { uid: operator.uid }, note: 'Called, phone sent' });
      const twice = await server.post(
        '/admin/spin/follow-ups/done',
        { id: mine.id, note: 'again' },
        operator.token,
      );
      expect(twice.http).toBe(409);
      expect(twice.data.code).toBe('state_changed');
      expect((await state(user)).followUps[0].followUp.doneAt).toBe(server.clock.now());
      const open = await server.post('/admin/spin/follow-ups', { state: 'open' }, operator.token);
      expect(open.data.content.some((f: { id: number }) => f.id === mine.id)).toBe(false);
    } finally {
      await restorePrizes();
    }
  });

  it('publishes the prize table with its weights and who runs it', async () => {
    const user = await newUser(server);
    const s = await state(user);
    expect(s.prizes.map((p: { code: string; weight: number }) => [p.code, p.weight])).toEqual([
      ['cash-1', 4000],
      ['cash-2', 2500],
      ['cash-5', 1800],
      ['cash-10', 1000],
      ['cash-50', 500],
      ['cash-100', 190],
      ['phone', 10],
    ]);
    expect(s.operator.length).toBeGreaterThan(0);
  });
});
