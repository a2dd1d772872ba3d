// Today's commission estimate as migration 0028 keeps it (decision 0037), against settlement's rule
// recomputed from the tables alone (settle-fixtures' expectedLines): over random business days on which
// members join (at registration, counting that day, or binding later, counting from the next), agents change
// ratios within the ceiling and floor (from the next day, as every change does), members play, rounds
// are voided (on the day or after it) and rounds of an earlier day close late (decision 0040: the day's
// figure follows them, as what the day pays does, its lines and then its corrections), every agent's kept
// figure of every day so far equals the sum of the commission lines settlement would write for that day
// from its final valid bets. On SQLite and PostgreSQL (TEST_DIALECT).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Day } from '../../../server/business-days';
import type { Db } from '../../../server/db/create-db';
import { fillCommissionDays } from '../../../server/db/migrations/0028_agent_commission_days';
import { commissionEstimate } from '../../../server/modules/agent/report-repository';
import { addDailyValid } from '../../../server/modules/games/repository';
import { dbForSuite } from '../harness';
import { bareUsers, expectedLines, setRatios } from './settle-fixtures';

const USERS = 6;
const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'] as const;
const CHANNELS = ['slots', 'live-casino', 'sports'] as const;

type Step =
  | { kind: 'nextDay' }
  | { kind: 'bind'; user: number; agent: number }
  | { kind: 'ratio'; user: number; channel: number; bp: number }
  | { kind: 'play'; user: number; channel: number; validBet: number }
  | { kind: 'void'; user: number; day: number; channel: number }
  | { kind: 'late'; user: number; day: number; channel: number; validBet: number };

const who = fc.nat(USERS - 1);
const channel = fc.nat(CHANNELS.length - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('nextDay' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('bind' as const), user: who, agent: who }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ratio' as const),
      user: who,
      channel,
      bp: fc.integer({ min: 0, max: 3000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      user: who,
      channel,
      validBet: fc.integer({ min: 1, max: 1_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('void' as const),
      user: who,
      day: fc.nat(DAYS.length - 1),
      channel,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('late' as const),
      user: who,
      day: fc.nat(DAYS.length - 1),
      channel,
      validBet: fc.integer({ min: 1, max: 1_000_000 }),
    }),
  },
);

/** The tree and latest ratios as the run has made them: what the bind and ratio rules are checked on. */
class Model {
  parent = new Map<number, number>();
  latest = new Map<string, number>();
  played = new Set<number>();
  bp = (user: number, ch: string) => this.latest.get(`${user}:${ch}`) ?? 0;
  ancestors(user: number): number[] {
    const up: number[] = [];
    for (let p = this.parent.get(user); p !== undefined; p = this.parent.get(p)) up.push(p);
    return up;
  }
  subtree(user: number): number[] {
    return [...this.parent.keys()].filter((u) => this.ancestors(u).includes(user)).concat(user);
  }
  children(user: number): number[] {
    return [...this.parent].filter(([, p]) => p === user).map(([c]) => c);
  }
}

describe("today's commission kept by trigger", () => {
  const suiteDb = dbForSuite();

  it('equals the commission lines settlement would write, every agent, every day', async () => {
    const { db } = suiteDb;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 60 }), async (steps) => {
        const users = await bareUsers(db, USERS, 0);
        const model = new Model();
        let today = 0;
        // Ratios falling with the user's index: a user binds under any of the earlier ones, and chains earn.
        for (const [i, user] of users.entries()) {
          const bp = (USERS - i) * 400;
          await setRatios(db, user, Object.fromEntries(CHANNELS.map((ch) => [ch, bp])), DAYS[0]);
          for (const ch of CHANNELS) model.latest.set(`${user}:${ch}`, bp);
        }
        for (const s of steps) {
          if (s.kind === 'nextDay') {
            if (today < DAYS.length - 1) today++;
            continue;
          }
          const day = DAYS[today] as Day;
          const tomorrow = DAYS[today + 1];
          const user = users[s.user] as number;
          if (s.kind === 'bind') {
            const agent = users[s.agent] as number;
            if (model.parent.has(user) || model.subtree(user).includes(agent)) continue;
            // The ceiling must hold under the agent: the bind's own rule (tested in the bind's tests).
            if (model.subtree(user).some((u) => CHANNELS.some((ch) => model.bp(u, ch) > model.bp(agent, ch))))
              continue;
            // A registration counts from its day (the user has not played, nor has anyone under them); a later
            // bind from the next day.
            const fresh = model.subtree(user).every((u) => !model.played.has(u));
            const from = fresh ? day : tomorrow;
            if (from === undefined) continue;
            await bindSubtree(db, model, user, agent, from);
            model.parent.set(user, agent);
            continue;
          }
          if (s.kind === 'ratio') {
            if (tomorrow === undefined) continue;
            const ch = CHANNELS[s.channel] as string;
            const parent = model.parent.get(user);
            const ceiling = parent === undefined ? 10_000 : model.bp(parent, ch);
            const floor = Math.max(0, ...model.children(user).map((c) => model.bp(c, ch)));
            const bp = Math.min(Math.max(s.bp, floor), ceiling);
            await setRatios(db, user, { [ch]: bp }, tomorrow);
            model.latest.set(`${user}:${ch}`, bp);
            continue;
          }
          const ch = CHANNELS[s.channel] as string;
          if (s.kind === 'play') {
            await addDailyValid(db, {
              user_id: user,
              day,
              channel_code: ch,
              rounds: 1,
              bet: s.validBet,
              win: 0,
              valid_bet: s.validBet,
            });
            model.played.add(user);
            continue;
          }
          if (s.kind === 'late') {
            // A round the user placed on an earlier day (so they had played), closing now.
            if (!model.played.has(user)) continue;
            await addDailyValid(db, {
              user_id: user,
              day: DAYS[Math.min(s.day, today)] as Day,
              channel_code: ch,
              rounds: 1,
              bet: s.validBet,
              win: 0,
              valid_bet: s.validBet,
            });
            continue;
          }
          // A void takes one round and its valid bet back out of the round's day, as games' voidRound does.
          const voidDay = DAYS[Math.min(s.day, today)] as Day;
          const row = await db
            .selectFrom('game_daily_valid')
            .select(['rounds', 'valid_bet'])
            .where('user_id', '=', user)
            .where('day', '=', voidDay)
            .where('channel_code', '=', ch)
            .executeTakeFirst();
          if (!row || Number(row.rounds) === 0) continue;
          const share = Math.floor(Number(row.valid_bet) / Number(row.rounds));
          await addDailyValid(db, {
            user_id: user,
            day: voidDay,
            channel_code: ch,
            rounds: -1,
            bet: -share,
            win: 0,
            valid_bet: -share,
          });
        }
        for (const day of DAYS.slice(0, today + 1)) {
          const want = new Map(users.map((u) => [u, 0]));
          for (const line of await expectedLines(db, day))
            if (line.kind === 'commission' && want.has(line.earner))
              want.set(line.earner, (want.get(line.earner) ?? 0) + line.amount);
          const got = new Map<number, number>();
          for (const u of users) got.set(u, await commissionEstimate(db, u, day));
          expect(got).toEqual(want);
          checked += [...want.values()].filter((amount) => amount > 0).length;
        }
      }),
      { numRuns: 60 },
    );
    // The runs did compare commissions, not only zeros.
    expect(checked).toBeGreaterThan(10);

    // The fill of existing data (the migration's, and a bulk load's with triggers off) keeps the same figures.
    const keptRows = await totals(db);
    await db.deleteFrom('agent_commission_days').execute();
    await fillCommissionDays(db);
    expect(await totals(db)).toEqual(keptRows);
  });
});

/** Every non-zero (agent, day) figure of the table, its slots added up. */
async function totals(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('agent_commission_days')
    .select(['agent_id', 'day', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .groupBy(['agent_id', 'day'])
    .execute();
  return new Map(
    rows.filter((r) => Number(r.amount) !== 0).map((r) => [`${r.agent_id}|${r.day}`, Number(r.amount)]),
  );
}

/**
 * `user` (with whatever hangs under them) bound under `agent` from `day`: a closure row from each of the
 * agent's chain (the agent included) to each of the user's subtree (the user included), as the bind does.
 */
async function bindSubtree(db: Db, model: Model, user: number, agent: number, day: Day): Promise<void> {
  const above = [agent, ...model.ancestors(agent)];
  const below = model.subtree(user);
  const rows = [];
  for (const [i, a] of above.entries())
    for (const d of below) {
      const depthBelowUser = d === user ? 0 : model.ancestors(d).indexOf(user) + 1;
      rows.push({ ancestor_id: a, descendant_id: d, depth: i + 1 + depthBelowUser, effective_day: day });
    }
  await db.insertInto('agent_tree').values(rows).execute();
}
