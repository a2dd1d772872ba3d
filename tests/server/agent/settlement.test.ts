import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../../server/business-days';
import { loadConfig } from '../../../server/config';
import type { AppContext } from '../../../server/context';
import { createPostgresDb, createSqliteDb, type Db } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import { LEASE_MS, settleDay } from '../../../server/modules/agent/settlement';
import { createAgentWorker, dueDays } from '../../../server/modules/agent/worker';
import { createPgSchema, serverForSuite, usingPostgres } from '../harness';
import { expectLedgerSound } from '../wallet/helpers';
import {
  addValid,
  bareUsers,
  ctxOf,
  earnings,
  expectedLines,
  expectLinesTraceable,
  lineKeys,
  linesOf,
  link,
  nextDay,
  setRatios,
  settlementPostings,
  systemBalance,
  todayOf,
} from './settle-fixtures';

// A business day's settlement (decision 0017): shares along the chain, one posting per earner and kind,
// run twice or by two settlers at once it moves money once, a crash half-way is resumed, days are settled in
// order by the worker, and a day that has not ended is not touched.

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
let ctx: AppContext;

beforeAll(async () => {
  ctx = ctxOf(server);
});

/** A chain top <- mid <- leaf with ratios 1.00%, 0.40%, 0.10% in slots. */
async function chain(day: Day): Promise<{ top: number; mid: number; leaf: number }> {
  const [top, mid, leaf] = (await bareUsers(server.db, 3, server.clock.now())) as [number, number, number];
  await link(server.db, mid, top, '2000-01-01');
  await link(server.db, leaf, mid, '2000-01-01');
  await setRatios(server.db, top, { slots: 100, sports: 50 }, '2000-01-01');
  await setRatios(server.db, mid, { slots: 40, sports: 50 }, '2000-01-01');
  await setRatios(server.db, leaf, { slots: 10 }, day);
  return { top, mid, leaf };
}

describe('settling a day', () => {
  it('shares each valid bet along its chain into one posting per earner and kind, once', async () => {
    const day = todayOf(server);
    const { top, mid, leaf } = await chain(day);
    await addValid(server.db, leaf, day, 'slots', 1000_00);
    await addValid(server.db, leaf, day, 'sports', 333_33);
    await addValid(server.db, mid, day, 'slots', 50_00);

    // Not before the day has ended.
    expect((await settleDay(ctx, day)).outcome).toBe('not_ended');
    expect(await server.db.selectFrom('agent_settlement_days').selectAll().execute()).toEqual([]);

    nextDay(server);
    const first = await settleDay(ctx, day);
    expect(first).toMatchObject({ outcome: 'settled', validBets: 3, postings: 4, holds: 0, corrections: 0 });

    // slots 1000.00: leaf 0.10% = 1.00, mid 0.40% - 0.10% = 3.00, top 1.00% - 0.40% = 6.00;
    // sports 333.33: leaf 0 (no ratio), mid floor(333.33 x 0.5%) = 1.66, top none (0.50% - 0.50%);
    // mid's own slots 50.00: rake back 0.20, top 0.30.
    expect(await earnings(server.db, leaf, 'rakeback')).toBe(100);
    expect(await earnings(server.db, mid, 'rakeback')).toBe(20);
    expect(await earnings(server.db, mid, 'commission')).toBe(300 + 166);
    expect(await earnings(server.db, top, 'commission')).toBe(600 + 30);
    const lines = await linesOf(server.db, { day });
    expect(lines.map((l) => [l.kind, l.earner, l.member, l.channel, l.depth, l.amount])).toEqual(
      expect.arrayContaining([
        ['rakeback', leaf, leaf, 'slots', 0, 100],
        ['commission', mid, leaf, 'slots', 1, 300],
        ['commission', top, leaf, 'slots', 2, 600],
        ['commission', mid, leaf, 'sports', 1, 166],
        ['rakeback', mid, mid, 'slots', 0, 20],
        ['commission', top, mid, 'slots', 1, 30],
      ]),
    );
    expect(lines).toHaveLength(6);
    expect(lines.every((l) => l.tx !== null)).toBe(true);
    await expectLinesTraceable(server.db);
    const postings = await settlementPostings(server.db);
    expect(postings.map((p) => p.ref).sort()).toEqual(
      [
        `commission:${day}:${mid}`,
        `commission:${day}:${top}`,
        `rakeback:${day}:${leaf}`,
        `rakeback:${day}:${mid}`,
      ].sort(),
    );

    // Again, and through the worker: nothing moves.
    expect((await settleDay(ctx, day)).outcome).toBe('already_settled');
    await createAgentWorker(ctx).runOnce();
    expect(await settlementPostings(server.db)).toEqual(postings);
    expect(await linesOf(server.db, { day })).toHaveLength(6);
    expect(await systemBalance(server.db, 'commission')).toBe(-(300 + 166 + 600 + 30));
    expect(await systemBalance(server.db, 'rakeback')).toBe(-120);
    await expectLedgerSound(server);
  });

  it('settles a day with no bets too', async () => {
    nextDay(server);
    const day = addDays(todayOf(server), -1);
    const other = await settleDay(ctx, day, 'other-process', { leaseMs: LEASE_MS });
    expect(other.outcome).toBe('settled');
    const row = await server.db
      .selectFrom('agent_settlement_days')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'settled', lease_owner: null });
    expect(Number(row.settled_at)).toBe(server.clock.now());
  });

  it('refuses a day that is not a calendar date', async () => {
    await expect(settleDay(ctx, '2026-02-30')).rejects.toThrow(/not a day/);
  });
});

/** A team of `n` members under 3 top agents, ratios keeping the ceiling, bets on `day` in two channels. */
async function team(db: Db, n: number, day: Day, now: number): Promise<number[]> {
  const ids = await bareUsers(db, n, now);
  const bp = new Map<number, number>();
  for (const [i, id] of ids.entries()) {
    const parent = i < 3 ? undefined : ids[((i * 2654435761) >>> 0) % i];
    if (parent !== undefined) await link(db, id, parent, '2000-01-01');
    const own =
      parent === undefined ? 150 : Math.floor(((bp.get(parent) as number) * (5 + ((i * 31) % 6))) / 10);
    bp.set(id, own);
    await setRatios(db, id, { slots: own, 'live-casino': Math.floor(own / 2) }, '2000-01-01');
    await addValid(db, id, day, 'slots', 1_000 + ((i * 7727) % 90_000));
    if (i % 3 === 0) await addValid(db, id, day, 'live-casino', 5_000 + i);
  }
  return ids;
}

describe('a settlement interrupted, or run twice at once', () => {
  it('is resumed after a crash half-way by another process once the lease has run out, posting once', async () => {
    nextDay(server);
    const day = todayOf(server);
    await team(server.db, 40, day, server.clock.now());
    nextDay(server);
    const expected = await expectedLines(server.db, day);
    const crash = new Error('crash');
    await expect(
      settleDay(ctx, day, 'crashing', {
        batchLines: 10,
        afterBatch: (n) => {
          if (n === 2) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const half = await linesOf(server.db, { day });
    expect(half.length).toBeGreaterThan(0);
    expect(half.length).toBeLessThan(expected.length);

    // Another process waits for the lease, then resumes: the lines written stay, the rest follow, once.
    expect((await settleDay(ctx, day, 'resumer')).outcome).toBe('busy');
    server.clock.advance(LEASE_MS);
    expect((await settleDay(ctx, day, 'resumer', { batchLines: 7 })).outcome).toBe('settled');
    const lines = await linesOf(server.db, { day });
    expect(lineKeys(lines)).toEqual(lineKeys(expected));
    const refs = (await settlementPostings(server.db))
      .map((p) => p.ref)
      .filter((r) => r.includes(`:${day}:`));
    expect(new Set(refs).size).toBe(refs.length);
    const earners = new Set(expected.map((l) => `${l.kind}:${l.earner}`));
    expect(refs).toHaveLength(earners.size);
    await expectLinesTraceable(server.db);
    await expectLedgerSound(server);
  });

  it('leaves the day to whoever took its lease over, when the first settler outlived it', async () => {
    nextDay(server);
    const day = todayOf(server);
    await team(server.db, 25, day, server.clock.now());
    nextDay(server);
    let overtaken: Awaited<ReturnType<typeof settleDay>> | undefined;
    const slow = await settleDay(ctx, day, 'slow', {
      batchLines: 10,
      afterBatch: async (n) => {
        if (n !== 1) return;
        server.clock.advance(LEASE_MS + 1);
        overtaken = await settleDay(ctx, day, 'fast');
      },
    });
    expect(overtaken?.outcome).toBe('settled');
    expect(slow.outcome).toBe('busy');
    expect(lineKeys(await linesOf(server.db, { day }))).toEqual(
      lineKeys(await expectedLines(server.db, day)),
    );
    await expectLedgerSound(server);
  });
});

/** Two handles on one fresh database (two processes' view of it), migrated. */
async function twoHandles(): Promise<{ a: Db; b: Db; drop(): Promise<void> }> {
  if (usingPostgres()) {
    const target = await createPgSchema();
    const open = () =>
      createPostgresDb({ connectionString: target.connectionString, options: target.options, max: 4 });
    const a = open();
    const b = open();
    await migrateToLatest(a);
    return {
      a,
      b,
      async drop() {
        await a.destroy();
        await b.destroy();
        await target.drop();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'beacon-settle-'));
  const file = path.join(dir, 'two.db');
  const a = createSqliteDb(file);
  await migrateToLatest(a);
  const b = createSqliteDb(file);
  return {
    a,
    b,
    async drop() {
      await a.destroy();
      await b.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('two settlers at once, each on its own database handle', () => {
  it('posts each earner once: one settles, the other finds the day busy or settled', async () => {
    const handles = await twoHandles();
    try {
      const clock = { now: () => Date.UTC(2026, 0, 15, 12) };
      const config = loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'silent', DEMO: '1' });
      const ctxA: AppContext = { ...ctx, config, clock, db: handles.a };
      const ctxB: AppContext = { ...ctx, config, clock, db: handles.b };
      const day = '2026-01-14';
      await team(handles.a, 60, day, clock.now());
      const expected = await expectedLines(handles.a, day);
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all([
          settleDay(ctxA, day, 'process-a', { batchLines: 15 }),
          settleDay(ctxB, day, 'process-b', { batchLines: 15 }),
        ]);
        const outcomes = results.map((r) => r.outcome);
        if (round === 0) {
          expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
          expect(outcomes.filter((o) => o === 'busy' || o === 'already_settled')).toHaveLength(1);
        } else expect(outcomes).toEqual(['already_settled', 'already_settled']);
      }
      expect(lineKeys(await linesOf(handles.a, { day }))).toEqual(lineKeys(expected));
      const refs = (await settlementPostings(handles.b)).map((p) => p.ref);
      expect(new Set(refs).size).toBe(refs.length);
      expect(refs).toHaveLength(new Set(expected.map((l) => `${l.kind}:${l.earner}`)).size);
    } finally {
      await handles.drop();
    }
  });
});

describe('the worker', () => {
  it('settles every ended day in order from the first bet, after the delay, and stops at a busy one', async () => {
    const handles = await twoHandles();
    try {
      let now = Date.UTC(2026, 2, 10, 16, 5); // 00:05 on 2026-03-11 in Manila
      const clock = { now: () => now };
      const config = loadConfig({
        DATA_DIR: tmpdir(),
        LOG_LEVEL: 'silent',
        DEMO: '1',
        AGENT_SETTLE_DELAY_SECONDS: '600',
      });
      const wctx: AppContext = { ...ctx, config, clock, db: handles.a };
      expect(await dueDays(wctx)).toEqual([]);
      const [player] = (await bareUsers(handles.a, 1, now)) as [number];
      await setRatios(handles.a, player, { slots: 100 }, '2000-01-01');
      await addValid(handles.a, player, '2026-03-07', 'slots', 100_00);
      await addValid(handles.a, player, '2026-03-09', 'slots', 200_00);
      await addValid(handles.a, player, '2026-03-10', 'slots', 400_00);
      // 2026-03-10 ended 5 minutes ago: within the delay.
      expect(await dueDays(wctx)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
      // Another process holds 2026-03-09: the turn stops there.
      await handles.b
        .insertInto('agent_settlement_days')
        .values({
          day: '2026-03-09',
          state: 'running',
          lease_owner: 'elsewhere',
          lease_until: now + LEASE_MS,
          settled_at: null,
        })
        .execute();
      const worker = createAgentWorker(wctx);
      const first = await worker.runOnce();
      expect(first.map((r) => [r.day, r.outcome])).toEqual([
        ['2026-03-07', 'settled'],
        ['2026-03-08', 'settled'],
        ['2026-03-09', 'busy'],
      ]);
      expect(await earnings(handles.a, player, 'rakeback')).toBe(100);
      now += LEASE_MS + 10 * 60_000;
      const second = await worker.runOnce();
      expect(second.map((r) => [r.day, r.outcome])).toEqual([
        ['2026-03-09', 'settled'],
        ['2026-03-10', 'settled'],
      ]);
      expect(await worker.runOnce()).toEqual([]);
      expect(await earnings(handles.a, player, 'rakeback')).toBe(100 + 200 + 400);
      // Started and stopped like the other modules' workers.
      worker.start();
      await worker.stop();
    } finally {
      await handles.drop();
    }
  });
});
