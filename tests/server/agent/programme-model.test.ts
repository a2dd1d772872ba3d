// Model test of the agent programme's money (issue 14, decision 0017): random trees (up to thousands of
// members, links counting from random days), random ratio versions keeping the ceiling on every day,
// random valid bets per member, day and channel, settled day after day (in random batch sizes, sometimes
// crashing half-way and resumed), with random voids of settled days between them, and valid bets landing late
// through games' own round close (decision 0040): seamless rounds placed on a day and closed after its
// settlement, transfer records of a day pulled after it, some while the day's crashed settlement waits to be
// resumed. Checked against a
// recomputation from the tables and the decision alone (settle-fixtures.ts expectedLines, not the server's
// shares.ts): every day's own lines; per (member, day, channel), the day's lines plus its corrections equal
// the shares of the final valid bet (late ones included), and the chain's together floor(V x top ratio); each earner's
// earnings accounts and each posting equal its lines; the system accounts paid exactly the lines' sums.
// AGENT_MODEL_RUNS sets the number of random runs (one more, of AGENT_MODEL_BIG members, always runs).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../../server/business-days';
import type { AppContext } from '../../../server/context';
import { LEASE_MS, settleDay } from '../../../server/modules/agent/settlement';
import { openRound } from '../../../server/modules/games/repository';
import { closeRound } from '../../../server/modules/games/rounds';
import { withMoneyTx } from '../../../server/modules/ledger/service';
import { addProvider } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { expectLedgerSound } from '../wallet/helpers';
import {
  bareUsers,
  ctxOf,
  type ExpectedLine,
  earnings,
  expectedLines,
  expectLineDaysKept,
  expectLinesTraceable,
  lineKeys,
  linesOf,
  type StoredLine,
  systemBalance,
} from './settle-fixtures';

const RUNS = Number(process.env.AGENT_MODEL_RUNS ?? 6);
const BIG = Number(process.env.AGENT_MODEL_BIG ?? 2500);
const CHANNELS = ['slots', 'live-casino', 'sports'] as const;
const DAYS = 3;

const server = serverForSuite();
let ctx: AppContext;
let provider: Awaited<ReturnType<typeof addProvider>>;
/** Valid bets landed late so far (the runs are not vacuous about them). */
let landed = 0;
/** Each run settles days of its own (days are global: their rows and lines). */
let firstDay: Day = '2019-01-01';

beforeAll(async () => {
  ctx = ctxOf(server);
  provider = await addProvider(server);
});

interface Scenario {
  /** Member i's parent (an earlier member), or -1 for a top agent. */
  parents: number[];
  /** The day index (0..DAYS) from which member i's link to its parent counts (DAYS: not within the run). */
  linkDays: number[];
  /** Per member, day and channel: a new version at this percent of the parent's ratio, or null (kept). */
  ratioDraws: (number | null)[][][];
  /** Per member, day and channel: the valid bet (minor units). */
  bets: number[][][];
  /** Voids after each day's settlement: (member, day back, channel, fraction of what is left). */
  voids: { member: number; back: number; channel: number; fraction: number }[][];
  /**
   * Valid bets landing late, after each day's settlement (and, on the crash day, between its crash and
   * its resumption): a seamless round placed on the day (opened before it was settled) closed now, or a
   * transfer record of the day pulled now.
   */
  lates: Late[][];
  batchLines: number[];
  /** A day whose first settlement crashes after its first batch (then resumed), or -1. */
  crashDay: number;
}

interface Late {
  kind: 'seamless' | 'transfer';
  member: number;
  back: number;
  channel: number;
  validBet: number;
}

const scenario = (maxMembers: number): fc.Arbitrary<Scenario> =>
  fc.integer({ min: 1, max: maxMembers }).chain((n) =>
    fc.record({
      parents: fc
        .array(fc.option(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { freq: 8 }), {
          minLength: n,
          maxLength: n,
        })
        .map((draws) => draws.map((x, i) => (i === 0 || x === null ? -1 : Math.floor(x * i)))),
      linkDays: fc.array(
        fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat(DAYS) }),
        {
          minLength: n,
          maxLength: n,
        },
      ),
      ratioDraws: fc.array(
        fc.array(
          fc.array(
            fc.option(
              fc.oneof(
                { weight: 4, arbitrary: fc.integer({ min: 60, max: 100 }) },
                { weight: 1, arbitrary: fc.integer({ min: 0, max: 100 }) },
              ),
              { freq: 3 },
            ),
            {
              minLength: CHANNELS.length,
              maxLength: CHANNELS.length,
            },
          ),
          { minLength: DAYS, maxLength: DAYS },
        ),
        { minLength: n, maxLength: n },
      ),
      bets: fc.array(
        fc.array(
          fc.array(
            fc.oneof(
              { weight: 2, arbitrary: fc.constant(0) },
              { weight: 3, arbitrary: fc.integer({ min: 1, max: 10_000_000 }) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }) },
            ),
            { minLength: CHANNELS.length, maxLength: CHANNELS.length },
          ),
          { minLength: DAYS, maxLength: DAYS },
        ),
        { minLength: n, maxLength: n },
      ),
      voids: fc.array(
        fc.array(
          fc.record({
            member: fc.nat(n - 1),
            back: fc.nat(1),
            channel: fc.nat(CHANNELS.length - 1),
            fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
          }),
          { maxLength: 4 },
        ),
        { minLength: DAYS, maxLength: DAYS },
      ),
      lates: fc.array(
        fc.array(
          fc.record({
            kind: fc.constantFrom('seamless' as const, 'transfer' as const),
            member: fc.nat(n - 1),
            back: fc.nat(1),
            channel: fc.nat(CHANNELS.length - 1),
            validBet: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 5_000_000 })),
          }),
          { maxLength: 4 },
        ),
        { minLength: DAYS, maxLength: DAYS },
      ),
      batchLines: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: DAYS, maxLength: DAYS }),
      crashDay: fc.integer({ min: -1, max: DAYS - 1 }),
    }),
  );

const chunked = async <T>(rows: T[], write: (part: T[]) => Promise<unknown>, size = 500) => {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
};

/** Writes a scenario's users, closure rows, ratio versions and valid bets; answers the ids and days. */
async function seed(s: Scenario): Promise<{ ids: number[]; days: Day[] }> {
  const db = server.db;
  const now = server.clock.now();
  const n = s.parents.length;
  const ids = await bareUsers(db, n, now);
  const days = Array.from({ length: DAYS }, (_, k) => addDays(firstDay, k));
  firstDay = addDays(firstDay, DAYS + 1);
  const linkDay = (k: number) => (k === 0 ? '2000-01-01' : k < DAYS ? (days[k] as Day) : '9999-12-31');

  // The closure: each link counts from the latest bind day on its path (a bind moves the whole subtree).
  const tree: { ancestor_id: number; descendant_id: number; depth: number; effective_day: string }[] = [];
  const chainOf: { member: number; from: number }[][] = [];
  for (let i = 0; i < n; i++) {
    const p = s.parents[i] as number;
    chainOf[i] =
      p < 0
        ? []
        : [
            { member: p, from: s.linkDays[i] as number },
            ...(chainOf[p] as { member: number; from: number }[]).map((a) => ({
              member: a.member,
              from: Math.max(a.from, s.linkDays[i] as number),
            })),
          ];
    for (const [k, a] of (chainOf[i] as { member: number; from: number }[]).entries())
      tree.push({
        ancestor_id: ids[a.member] as number,
        descendant_id: ids[i] as number,
        depth: k + 1,
        effective_day: linkDay(a.from),
      });
  }
  await chunked(tree, (part) => db.insertInto('agent_tree').values(part).execute());

  // Ratios top-down, day by day: a draw sets a new version within the parent's ratio that day; without one,
  // the member keeps its ratio unless the parent's went below it. Tops start from up to 3.00%.
  const ratios: {
    user_id: number;
    channel_code: string;
    ratio_bp: number;
    effective_day: string;
    created_at: number;
  }[] = [];
  const value: number[][][] = [];
  for (let i = 0; i < n; i++) {
    value[i] = [];
    const p = s.parents[i] as number;
    for (let d = 0; d < DAYS; d++) {
      (value[i] as number[][])[d] = [];
      for (let c = 0; c < CHANNELS.length; c++) {
        const cap = p < 0 ? 300 : (((value[p] as number[][])[d] as number[])[c] as number);
        const draw = ((s.ratioDraws[i] as (number | null)[][])[d] as (number | null)[])[c] ?? null;
        const before =
          d === 0 ? Math.floor((cap * 8) / 10) : (((value[i] as number[][])[d - 1] as number[])[c] as number);
        const bp = draw === null ? Math.min(before, cap) : Math.floor((cap * draw) / 100);
        ((value[i] as number[][])[d] as number[])[c] = bp;
        if (d === 0 || bp !== before)
          ratios.push({
            user_id: ids[i] as number,
            channel_code: CHANNELS[c] as string,
            ratio_bp: bp,
            effective_day: d === 0 ? '2000-01-01' : (days[d] as Day),
            created_at: now,
          });
      }
    }
  }
  await chunked(ratios, (part) => db.insertInto('agent_ratios').values(part).execute());

  const bets: {
    user_id: number;
    day: string;
    channel_code: string;
    rounds: number;
    bet: number;
    win: number;
    valid_bet: number;
  }[] = [];
  for (let i = 0; i < n; i++)
    for (let d = 0; d < DAYS; d++)
      for (let c = 0; c < CHANNELS.length; c++) {
        const v = ((s.bets[i] as number[][])[d] as number[])[c] as number;
        if (v > 0)
          bets.push({
            user_id: ids[i] as number,
            day: days[d] as Day,
            channel_code: CHANNELS[c] as string,
            rounds: 1,
            bet: v,
            win: 0,
            valid_bet: v,
          });
      }
  await chunked(bets, (part) => db.insertInto('game_daily_valid').values(part).execute());
  return { ids, days };
}

/** A void of part of a settled day's valid bet, as games and corrections.ts record it. */
async function voidPart(userId: number, day: Day, channel: string, fraction: number): Promise<void> {
  const row = await server.db
    .selectFrom('game_daily_valid')
    .select('valid_bet')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('channel_code', '=', channel)
    .executeTakeFirst();
  const left = Number(row?.valid_bet ?? 0);
  if (left <= 0) return;
  const delta = -Math.max(1, Math.floor(left * fraction));
  const round = await server.db
    .insertInto('game_rounds')
    .values({
      provider_code: provider.code,
      round_ref: `void-${userId}-${day}-${channel}-${Math.random()}`,
      user_id: userId,
      game_id: provider.gameId,
      channel_code: channel,
      bet: -delta,
      win: 0,
      valid_bet: 0,
      status: 'void',
      placed_at: 0,
      settled_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('game_daily_valid')
    .set({ valid_bet: left + delta })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('channel_code', '=', channel)
    .execute();
  await server.db
    .insertInto('agent_corrections')
    .values({
      round_id: Number(round.id),
      user_id: userId,
      channel_code: channel,
      round_day: day,
      valid_bet_delta: delta,
      booked_day: null,
      created_at: server.clock.now(),
    })
    .execute();
}

/** Noon of a day in the zone the rounds are counted in here: placed then, a round counts on that day. */
const ZONE = 'Asia/Manila';
const noonOf = (day: Day): number => Date.parse(`${day}T12:00:00+08:00`);

/** A round of the day, opened (pending) as a seamless bet opens it; its id. */
async function openLate(userId: number, day: Day, channel: string, trx = server.db): Promise<number> {
  const id = await openRound(trx, {
    provider_code: provider.code,
    round_ref: `late-${userId}-${day}-${channel}-${Math.random()}`,
    user_id: userId,
    game_id: provider.gameId,
    channel_code: channel,
    status: 'pending',
    placed_at: noonOf(day),
  });
  if (id === undefined) throw new Error('late round not opened');
  return id;
}

/**
 * A valid bet landing late through games' round close, in a money transaction of its own: a seamless
 * round (opened earlier: `roundId`) closed by its win, or a transfer record's round opened and closed at once
 * as the puller posts it.
 */
async function landLate(
  userId: number,
  day: Day,
  channel: string,
  validBet: number,
  roundId?: number,
): Promise<void> {
  await withMoneyTx(server.db, async (trx) => {
    const id = roundId ?? (await openLate(userId, day, channel, trx));
    await closeRound(
      ctx,
      trx,
      { id, user_id: userId, channel_code: channel, placed_at: noonOf(day) },
      { bet: validBet, win: 0 },
      'settled',
      server.clock.now(),
      ZONE,
    );
  });
  landed++;
}

type Sums = Map<string, number>;
const add = (sums: Sums, key: string, amount: number) => sums.set(key, (sums.get(key) ?? 0) + amount);
const sumBy = (
  lines: readonly (ExpectedLine | StoredLine)[],
  keyOf: (l: ExpectedLine | StoredLine) => string,
): Sums => {
  const sums: Sums = new Map();
  for (const l of lines) add(sums, keyOf(l), l.amount);
  for (const [k, v] of sums) if (v === 0) sums.delete(k);
  return sums;
};

async function check(s: Scenario): Promise<void> {
  const houseBefore = {
    rakeback: await systemBalance(server.db, 'rakeback'),
    commission: await systemBalance(server.db, 'commission'),
  };
  const { ids, days } = await seed(s);
  const mine = new Set(ids);
  // Seamless rounds are opened on their day, before it is settled; closed late below.
  const opened = new Map<Late, number>();
  for (const [d, lates] of s.lates.entries())
    for (const late of lates)
      if (late.kind === 'seamless') {
        const day = days[d - Math.min(late.back, d)] as Day;
        opened.set(late, await openLate(ids[late.member] as number, day, CHANNELS[late.channel] as string));
      }
  // The day settled on the d-th turn lands these late (none on the last: no later day would book them).
  const lateOn = async (d: number, lates: Late[]) => {
    if (d >= DAYS - 1) return;
    for (const late of lates)
      await landLate(
        ids[late.member] as number,
        days[d - Math.min(late.back, d)] as Day,
        CHANNELS[late.channel] as string,
        late.validBet,
        opened.get(late),
      );
  };

  for (const [d, day] of days.entries()) {
    const expected = await expectedLines(server.db, day);
    const opts = { batchLines: s.batchLines[d] as number };
    if (s.crashDay === d) {
      await settleDay(ctx, day, 'model-crash', {
        ...opts,
        afterBatch: () => {
          throw new Error('crash');
        },
      }).catch((err: Error) => expect(err.message).toBe('crash'));
      // Late on the day being settled (its row exists, running) and the one before: the resumed run must
      // leave them to the next day's corrections.
      await lateOn(
        d,
        (s.lates[d] as Late[]).filter((l) => l.kind === 'transfer'),
      );
      server.clock.advance(LEASE_MS);
    }
    const result = await settleDay(ctx, day, 'model', opts);
    // A day with nothing to write has no batch to crash after: the first run settled it.
    expect(['settled', 'already_settled']).toContain(result.outcome);
    // The day's own lines: what the recomputation makes of the valid bets as they were at settlement.
    const own = (await linesOf(server.db, { day })).filter((l) => l.correctsDay === null);
    expect(lineKeys(own)).toEqual(lineKeys(expected));
    await lateOn(
      d,
      (s.lates[d] as Late[]).filter((l) => l.kind === 'seamless' || s.crashDay !== d),
    );
    if (d < DAYS - 1)
      for (const v of s.voids[d] as Scenario['voids'][number]) {
        const back = Math.min(v.back, d);
        await voidPart(
          ids[v.member] as number,
          days[d - back] as Day,
          CHANNELS[v.channel] as string,
          v.fraction,
        );
      }
  }

  const lines = (await linesOf(server.db)).filter((l) => mine.has(l.member));
  for (const day of days) {
    // Per (earner, member, channel, kind): the day's lines and its corrections make the final valid bet's shares.
    const final = await expectedLines(server.db, day);
    const ofDay = lines.filter((l) => (l.correctsDay ?? l.day) === day);
    const key = (l: ExpectedLine | StoredLine) => `${l.kind}|${l.earner}|${l.member}|${l.channel}`;
    expect(sumBy(ofDay, key)).toEqual(sumBy(final, key));
    // Per (member, channel): the chain earns exactly floor(V x top ratio), the top being the highest ratio.
    const chainKey = (l: ExpectedLine | StoredLine) => `${l.member}|${l.channel}`;
    const top = new Map<string, { v: number; bp: number }>();
    for (const l of await expectedTop(day)) top.set(`${l.member}|${l.channel}`, l);
    const sums = sumBy(ofDay, chainKey);
    for (const [k, t] of top) {
      const whole = Number((BigInt(t.v) * BigInt(t.bp)) / 10_000n);
      expect(sums.get(k) ?? 0, k).toBe(whole);
    }
  }

  // The ledger: each earner's accounts hold its lines, each posting its day's lines, the house paid it all.
  const byEarner = sumBy(lines, (l) => `${l.earner}|${l.kind}`);
  for (const id of ids)
    for (const kind of ['rakeback', 'commission'] as const)
      expect(await earnings(server.db, id, kind), `${id} ${kind}`).toBe(byEarner.get(`${id}|${kind}`) ?? 0);
  const total = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);
  expect(await systemBalance(server.db, 'rakeback')).toBe(houseBefore.rakeback - total('rakeback'));
  expect(await systemBalance(server.db, 'commission')).toBe(houseBefore.commission - total('commission'));
  const postings = await server.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['t.external_ref', 'a.code', 'e.amount'])
    .where('t.external_source', '=', 'settlement')
    .where('a.code', 'like', 'earn:%')
    .execute();
  const posted: Sums = new Map();
  for (const p of postings) {
    const [kind, day, earner] = (p.external_ref as string).split(':') as [string, string, string];
    if (days.includes(day) && mine.has(Number(earner)))
      add(posted, `${kind}|${day}|${earner}`, Number(p.amount));
  }
  expect(posted).toEqual(sumBy(lines, (l) => `${l.kind}|${(l as StoredLine).day}|${l.earner}`));
  await expectLinesTraceable(server.db);
  await expectLineDaysKept(server.db);
}

/**
 * Per (member, channel) of a day, from the tables alone: the final valid bet and the highest ratio of the
 * chain counting that day (the top's, the ceiling kept).
 */
async function expectedTop(day: Day): Promise<{ member: number; channel: string; v: number; bp: number }[]> {
  const bets = await server.db.selectFrom('game_daily_valid').selectAll().where('day', '=', day).execute();
  const links = await server.db
    .selectFrom('agent_tree')
    .selectAll()
    .where('effective_day', '<=', day)
    .execute();
  const versions = await server.db
    .selectFrom('agent_ratios')
    .selectAll()
    .where('effective_day', '<=', day)
    .execute();
  const latest = new Map<string, { day: string; bp: number }>();
  for (const v of versions) {
    const key = `${Number(v.user_id)}|${v.channel_code}`;
    const known = latest.get(key);
    if (!known || known.day < v.effective_day)
      latest.set(key, { day: v.effective_day, bp: Number(v.ratio_bp) });
  }
  const above = new Map<number, number[]>();
  for (const l of links)
    above.set(Number(l.descendant_id), [
      ...(above.get(Number(l.descendant_id)) ?? []),
      Number(l.ancestor_id),
    ]);
  return bets.map((b) => {
    const member = Number(b.user_id);
    const users = [member, ...(above.get(member) ?? [])];
    return {
      member,
      channel: b.channel_code,
      v: Number(b.valid_bet),
      bp: Math.max(...users.map((u) => latest.get(`${u}|${b.channel_code}`)?.bp ?? 0)),
    };
  });
}

describe('the agent programme’s money, against a recomputation', () => {
  it('holds over random small trees, ratio changes, bets, voids and late bets', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(40), async (s) => {
        await check(s);
      }),
      { numRuns: RUNS },
    );
    expect(landed).toBeGreaterThan(0);
    await expectLedgerSound(server);
  }, 300_000);

  it(`holds over one tree of ${BIG} members`, async () => {
    const s = fc.sample(
      scenario(BIG).filter(
        (x) => x.parents.length > BIG / 2 && x.lates.slice(0, DAYS - 1).some((l) => l.length > 0),
      ),
      { numRuns: 1, seed: 14 },
    )[0] as Scenario;
    await check(s);
    await expectLedgerSound(server);
  }, 600_000);
});
