// The team figures migration 0012 keeps by trigger (decision 0019), against a recomputation from the tables
// they sum: after random binds (a leaf or a whole subtree hung under an agent), rounds settled on random
// days and channels, and voids (a day's rounds and valid bets going back down, sometimes to none), every
// agent's valid bets and active members per day, members by last day played, and member counts equal what
// the closure table and game_daily_valid say. On SQLite and PostgreSQL (TEST_DIALECT).
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/create-db';
import { migrateToLatest } from '../../../server/db/migrate';
import { insertClosure } from '../../../server/modules/agent/tree-repository';
import { addDailyValid } from '../../../server/modules/games/repository';
import { createTestDb } from '../harness';
import { bareUsers } from './settle-fixtures';

const USERS = 5;
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05'] as const;
const CHANNELS = ['slots', 'live-casino', 'sports'] as const;

type Step =
  | { kind: 'bind'; user: number; agent: number }
  | { kind: 'play'; user: number; day: number; channel: number; validBet: number }
  | { kind: 'void'; user: number; day: number; channel: number };

const where = { user: fc.nat(USERS - 1), day: fc.nat(DAYS.length - 1), channel: fc.nat(CHANNELS.length - 1) };
// Mostly rounds, so that members play on several days after their binds.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bind' as const), user: where.user, agent: where.user }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      ...where,
      validBet: fc.integer({ min: 0, max: 5000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), ...where }) },
);

const key = (...parts: (string | number)[]) => parts.join('|');

/** Non-zero (agent, day) sums of a kept table, its slots added up. */
async function kept(db: Db, table: 'agent_team_days' | 'agent_team_active', column: string, users: number[]) {
  const { rows } = await sql<{ agent_id: number; day: string; n: unknown }>`select agent_id, day,
      sum(${sql.ref(column)}) as n from ${sql.table(table)}
    where agent_id in (${sql.join(users)}) group by agent_id, day`.execute(db);
  return new Map(
    rows.filter((r) => Number(r.n) !== 0).map((r) => [key(Number(r.agent_id), r.day), Number(r.n)]),
  );
}

/** The same figures computed from agent_tree and game_daily_valid. */
async function recomputed(db: Db, users: number[]) {
  const tree = await db.selectFrom('agent_tree').select(['ancestor_id', 'descendant_id', 'depth']).execute();
  const play = await db.selectFrom('game_daily_valid').selectAll().where('user_id', 'in', users).execute();
  const perUserDay = new Map<string, { validBet: number; rounds: number }>();
  const lastDay = new Map<number, string>();
  for (const row of play) {
    const k = key(Number(row.user_id), row.day);
    const entry = perUserDay.get(k) ?? { validBet: 0, rounds: 0 };
    entry.validBet += Number(row.valid_bet);
    entry.rounds += Number(row.rounds);
    perUserDay.set(k, entry);
  }
  for (const [k, entry] of perUserDay) {
    const [user, day] = k.split('|') as [string, string];
    if (entry.rounds > 0 && (lastDay.get(Number(user)) ?? '') < day) lastDay.set(Number(user), day);
  }
  const validBets = new Map<string, number>();
  const active = new Map<string, number>();
  const lastPlayed = new Map<string, number>();
  const sizes = new Map<number, { direct: number; total: number }>();
  for (const link of tree) {
    const [agent, member] = [Number(link.ancestor_id), Number(link.descendant_id)];
    if (!users.includes(agent)) continue;
    const size = sizes.get(agent) ?? { direct: 0, total: 0 };
    size.total++;
    if (Number(link.depth) === 1) size.direct++;
    sizes.set(agent, size);
    for (const day of DAYS) {
      const entry = perUserDay.get(key(member, day));
      if (!entry) continue;
      if (entry.validBet !== 0)
        validBets.set(key(agent, day), (validBets.get(key(agent, day)) ?? 0) + entry.validBet);
      if (entry.rounds > 0) active.set(key(agent, day), (active.get(key(agent, day)) ?? 0) + 1);
    }
    const last = lastDay.get(member);
    if (last) lastPlayed.set(key(agent, last), (lastPlayed.get(key(agent, last)) ?? 0) + 1);
  }
  for (const [k, v] of validBets) if (v === 0) validBets.delete(k);
  return { validBets, active, lastPlayed, sizes };
}

describe('team figures kept by trigger', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDb();
    db = created.db;
    drop = created.drop;
    await migrateToLatest(db);
  });
  afterAll(() => drop());

  it('equal a recomputation after random binds, rounds and voids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 80 }), async (steps) => {
        const users = await bareUsers(db, USERS, Date.UTC(2026, 2, 1));
        for (const s of steps) {
          const user = users[s.user] as number;
          if (s.kind === 'bind') {
            const agent = users[s.agent] as number;
            const bound = await db
              .selectFrom('agent_tree')
              .select('ancestor_id')
              .where('descendant_id', '=', user)
              .executeTakeFirst();
            const below = await db
              .selectFrom('agent_tree')
              .select('descendant_id')
              .where('ancestor_id', '=', user)
              .where('descendant_id', '=', agent)
              .executeTakeFirst();
            // Bound once, never under oneself or one's own descendant (the bind's rules, tested elsewhere).
            if (bound || below || user === agent) continue;
            await insertClosure(db, user, agent, DAYS[0]);
            continue;
          }
          const day = DAYS[s.day] as string;
          const channel = CHANNELS[s.channel] as string;
          if (s.kind === 'play') {
            await addDailyValid(db, {
              user_id: user,
              day,
              channel_code: channel,
              rounds: 1,
              bet: s.validBet,
              win: 0,
              valid_bet: s.validBet,
            });
            continue;
          }
          // A void takes one round and its valid bet back out, as games' voidRound does.
          const row = await db
            .selectFrom('game_daily_valid')
            .select(['rounds', 'valid_bet'])
            .where('user_id', '=', user)
            .where('day', '=', day)
            .where('channel_code', '=', channel)
            .executeTakeFirst();
          if (!row || Number(row.rounds) === 0) continue;
          const share = Math.floor(Number(row.valid_bet) / Number(row.rounds));
          await addDailyValid(db, {
            user_id: user,
            day,
            channel_code: channel,
            rounds: -1,
            bet: -share,
            win: 0,
            valid_bet: -share,
          });
        }
        const want = await recomputed(db, users);
        console.log(
          steps.length,
          want.lastPlayed.size,
          (await kept(db, 'agent_team_active', 'members', users)).size,
        );
        expect(await kept(db, 'agent_team_days', 'valid_bet', users)).toEqual(want.validBets);
        expect(await kept(db, 'agent_team_days', 'active_members', users)).toEqual(want.active);
        expect(await kept(db, 'agent_team_active', 'members', users)).toEqual(want.lastPlayed);
        const sizes = await db
          .selectFrom('agent_team_sizes')
          .selectAll()
          .where('agent_id', 'in', users)
          .where('total', '>', 0)
          .execute();
        expect(
          new Map(
            sizes.map((r) => [Number(r.agent_id), { direct: Number(r.direct), total: Number(r.total) }]),
          ),
        ).toEqual(want.sizes);
      }),
      { numRuns: 60 },
    );
  });
});
