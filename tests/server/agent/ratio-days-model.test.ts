// Issue 31, item 3 (decision 0041), as a property: over teams whose users are on sites of three time zones
// (Manila UTC+8, Los Angeles UTC-8/-7, Kiritimati UTC+14: a day ahead of Los Angeles most of the time), agents
// changing their direct members' ratios and operators changing anyone's, through the real calls, with the
// clock moving across the zones' midnights, on every step:
// - no change took effect on a day already begun for the user it is set for, nor for any member of theirs
//   (whose bets the ratio is paid on): the ratio stored for such a day never moves again;
// - the ceiling and floor hold on every day any stored version reaches, each member's day counted as
//   settlement counts it (its date, with the ratio versions of that date): a member's ratio is never above
//   its agent's, so an agent's never below any of its members', and the chain earns at most the top's share.
// On SQLite and PostgreSQL (TEST_DIALECT).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminRatiosCall } from '#contract/admin/agent';
import { agentDownCall } from '#contract/agent';
import { businessDay, type Day } from '../../../server/business-days';
import { forgetSites } from '../../../server/modules/site/service';
import { type ApiResult, serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import { link } from './settle-fixtures';
import { addZoneSite, codeOf, quickUser, setRatiosDirectly, type TeamUser } from './team-fixtures';

const ZONES = ['Asia/Manila', 'America/Los_Angeles', 'Pacific/Kiritimati'] as const;
const CHANNELS = ['slots', 'live-casino'] as const;
const REFUSALS = new Set(['ratios.0.rate:ratio_above_parent', 'ratios.0.rate:ratio_below_member']);

const server = serverForSuite();
const siteOf = new Map<string, number>();

beforeAll(async () => {
  for (const zone of ZONES) {
    const domain = `${zone.split('/')[1]?.toLowerCase()}.test`;
    siteOf.set(zone, await addZoneSite(server, domain, zone));
  }
  forgetSites(server.db);
});

interface Member {
  user: TeamUser;
  zone: string;
  parent: number | undefined;
}

/** An accepted change's answer (the user's ratios), or a refusal's field issues. */
interface RatiosAnswer {
  ratios?: { channel: string; next?: { from: Day } }[];
  code?: string;
  issues?: { path: string; code: string }[];
}

type Step =
  | { kind: 'clock'; hours: number }
  | { kind: 'agent'; member: number; channel: number; at: number }
  | { kind: 'operator'; user: number; channel: number; delta: number };

const teamSpec = fc.array(
  fc.record({
    zone: fc.nat(ZONES.length - 1),
    // Each user's agent among the users before them (none: a top of its own).
    parent: fc.option(fc.nat(), { nil: undefined }),
    // Few values, so that members often sit at their agent's ratio: a raise needs the agent's first.
    bp: fc.constantFrom(0, 100, 200, 300),
  }),
  { minLength: 2, maxLength: 6 },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('agent' as const),
      member: fc.nat(),
      channel: fc.nat(CHANNELS.length - 1),
      // Where in the range the latest versions allow (what the console shows): 0 the floor, 100 the ceiling.
      at: fc.oneof(fc.constant(100), fc.integer({ min: -10, max: 110 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('operator' as const),
      user: fc.nat(),
      channel: fc.nat(CHANNELS.length - 1),
      // Within the four-eyes limit (5.00 %): applied at once.
      delta: fc.integer({ min: -400, max: 400 }),
    }),
  },
);

/** Every version of the team's ratios: user -> channel -> [effective day, bp] in day order. */
async function versionsOf(ids: readonly number[]): Promise<Map<string, [Day, number][]>> {
  const rows = await server.db
    .selectFrom('agent_ratios')
    .select(['user_id', 'channel_code', 'effective_day', 'ratio_bp'])
    .where('user_id', 'in', ids)
    .orderBy('effective_day')
    .execute();
  const versions = new Map<string, [Day, number][]>();
  for (const r of rows) {
    const key = `${Number(r.user_id)}|${r.channel_code}`;
    versions.set(key, [...(versions.get(key) ?? []), [r.effective_day, Number(r.ratio_bp)]]);
  }
  return versions;
}

/** A user's ratio on a day, as settlement reads it: the version with the latest effective day <= day. */
function ratioOn(versions: Map<string, [Day, number][]>, userId: number, channel: string, day: Day): number {
  let bp = 0;
  for (const [from, value] of versions.get(`${userId}|${channel}`) ?? []) if (from <= day) bp = value;
  return bp;
}

const latestOf = (versions: Map<string, [Day, number][]>, userId: number, channel: string): number =>
  versions.get(`${userId}|${channel}`)?.at(-1)?.[1] ?? 0;

describe('ratio changes across sites of several time zones', () => {
  it('never reach a day begun for their team, and keep the ceiling and floor on every stored day', async () => {
    const tally = { accepted: 0, refused: 0, crossZone: 0, daysChecked: 0 };
    await fc.assert(
      fc.asyncProperty(teamSpec, fc.array(step, { minLength: 5, maxLength: 30 }), async (spec, steps) => {
        const operator = await quickUser(server);
        await makeOperator(server, operator);
        const team: Member[] = [];
        const firstBp: number[] = [];
        for (const [i, s] of spec.entries()) {
          const zone = ZONES[s.zone] as string;
          const parent = i === 0 || s.parent === undefined ? undefined : s.parent % i;
          const user = await quickUser(server, { job: 1 });
          await server.db
            .updateTable('users')
            .set({ site_id: siteOf.get(zone) as number })
            .where('id', '=', user.id)
            .execute();
          // Within the ceiling from the start: never above the agent's.
          const bp = parent === undefined ? s.bp : Math.min(s.bp, firstBp[parent] ?? 0);
          firstBp.push(bp);
          await setRatiosDirectly(server, user.id, Object.fromEntries(CHANNELS.map((ch) => [ch, bp / 100])));
          if (parent !== undefined)
            await link(server.db, user.id, (team[parent] as Member).user.id, '2000-01-01');
          team.push({ user, zone, parent });
        }
        const ids = team.map((m) => m.user.id);
        const below = (i: number): number[] =>
          team.flatMap((m, j) => (m.parent === i ? [j, ...below(j)] : []));
        const children = (i: number): number[] => team.flatMap((m, j) => (m.parent === i ? [j] : []));
        // The zones a user's ratio is paid in: their own and every member's below them.
        const zonesOf = (i: number): Set<string> =>
          new Set([team[i]?.zone as string, ...below(i).map((j) => team[j]?.zone as string)]);

        // user|channel|day -> the ratio seen on that day once it had begun for someone it is paid on.
        const seen = new Map<string, number>();
        const check = async () => {
          const versions = await versionsOf(ids);
          const now = server.clock.now();
          for (const [i, m] of team.entries())
            for (const zone of zonesOf(i)) {
              const day = businessDay(now, zone);
              for (const ch of CHANNELS) {
                const key = `${m.user.id}|${ch}|${day}`;
                const bp = ratioOn(versions, m.user.id, ch, day);
                if (!seen.has(key)) seen.set(key, bp);
                expect(bp, `${key}: the ratio of a day begun in ${zone} moved`).toBe(seen.get(key));
              }
            }
          // Every day a version takes effect on is where a ratio can change: between them nothing does.
          const days = [...new Set([...versions.values()].flatMap((list) => list.map(([day]) => day)))];
          for (const day of days)
            for (const [i, m] of team.entries())
              for (const ch of CHANNELS) {
                const own = ratioOn(versions, m.user.id, ch, day);
                // The ceiling, the member's day `day` as settlement counts it: never above its agent's.
                if (m.parent !== undefined) {
                  const agent = (team[m.parent] as Member).user.id;
                  expect(own, `${day} ${ch}: member ${i} above its agent`).toBeLessThanOrEqual(
                    ratioOn(versions, agent, ch, day),
                  );
                }
                // The floor: never below any of its direct members'.
                for (const c of children(i))
                  expect(own, `${day} ${ch}: agent ${i} below member ${c}`).toBeGreaterThanOrEqual(
                    ratioOn(versions, (team[c] as Member).user.id, ch, day),
                  );
                tally.daysChecked++;
              }
        };

        await check();
        for (const s of steps) {
          if (s.kind === 'clock') {
            server.clock.advance(s.hours * 3_600_000);
            await check();
            continue;
          }
          const versions = await versionsOf(ids);
          const index = (s.kind === 'agent' ? s.member : s.user) % team.length;
          const m = team[index] as Member;
          const ch = CHANNELS[s.channel] as string;
          let res: ApiResult<RatiosAnswer>;
          let setter: string;
          if (s.kind === 'agent') {
            if (m.parent === undefined) continue;
            const agent = team[m.parent] as Member;
            const ceiling = latestOf(versions, agent.user.id, ch);
            const floor = Math.max(
              0,
              ...children(index).map((c) => latestOf(versions, team[c]?.user.id ?? 0, ch)),
            );
            const bp = Math.max(0, Math.min(10_000, Math.round(floor + ((ceiling - floor) * s.at) / 100)));
            setter = agent.zone;
            res = await server.call(
              agentDownCall,
              { memberUid: m.user.uid, ratios: [{ channel: ch, rate: bp / 100 }] },
              { token: agent.user.token },
            );
          } else {
            const bp = Math.max(0, Math.min(10_000, latestOf(versions, m.user.id, ch) + s.delta));
            // An operator's day is no one's: only agents' changes count as set across zones.
            setter = m.zone;
            res = await server.call(
              adminRatiosCall,
              { uid: m.user.uid, ratios: [{ channel: ch, rate: bp / 100 }] },
              { token: operator.token },
            );
          }
          if (res.status === 200) {
            tally.accepted++;
            const now = server.clock.now();
            // The change waits for a day not begun for the member, nor for anyone of their team.
            const from = res.data.ratios?.find((r) => r.channel === ch)?.next?.from;
            expect(from, 'an accepted change waits for its day').toBeDefined();
            for (const zone of zonesOf(index))
              expect(String(from) > businessDay(now, zone), `a change from ${from}, begun in ${zone}`).toBe(
                true,
              );
            if (businessDay(now, setter) !== businessDay(now, m.zone)) tally.crossZone++;
          } else {
            expect(res.http, res.message).toBe(400);
            expect(REFUSALS.has(codeOf(res) ?? ''), codeOf(res)).toBe(true);
            tally.refused++;
          }
          await check();
        }
      }),
      { numRuns: 60 },
    );
    // The runs changed ratios, across zones whose days differed, and were refused some: guards against a
    // generator that stops reaching the cases, not targets. Cross-zone changes are the rarest (53-78 in six
    // runs of 60 histories, 20 in one CI run: teams drawn in one zone have none), so any at all is the guard.
    expect(tally.accepted).toBeGreaterThan(100);
    expect(tally.crossZone).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.daysChecked).toBeGreaterThan(1000);
  }, 300_000);
});
