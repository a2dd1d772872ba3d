// Issue 31, item 3 (decision 0041): with sites in two time zones, a ratio change takes effect on the first day
// that has not started for the member it is set for nor for anyone of their team, whoever sets it and wherever
// the setter's day is; and the ceiling and floor hold on every day a stored version reaches, not only on the
// latest versions. A member on a Manila site under an agent on a Los Angeles site: the agent's "tomorrow" is
// the member's today, already under way.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminRatiosCall } from '#contract/admin/agent';
import { adminUserDetailCall } from '#contract/admin/user';
import { agentDownCall, bindCall } from '#contract/agent';
import { businessDay } from '../../../server/business-days';
import { settleDay } from '../../../server/modules/agent/settlement';
import { forgetSites } from '../../../server/modules/site/service';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import { addValid, ctxOf, linesOf, link } from './settle-fixtures';
import { addZoneSite, codeOf, quickUser, type TeamUser } from './team-fixtures';

const MANILA = 'Asia/Manila';
const LOS_ANGELES = 'America/Los_Angeles';

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
let operator: TeamUser;
const siteIn = new Map<string, number>();

beforeAll(async () => {
  for (const [domain, zone] of [
    ['manila.test', MANILA],
    ['la.test', LOS_ANGELES],
  ] as const) {
    siteIn.set(zone, await addZoneSite(server, domain, zone));
  }
  forgetSites(server.db);
  operator = await quickUser(server);
  await makeOperator(server, operator);
});

/** A user of the site in `zone` with a slots ratio (percent) from long ago. */
async function userIn(zone: string, slots: number): Promise<TeamUser> {
  const user = await quickUser(server, { job: 1, ratios: { slots } });
  await server.db
    .updateTable('users')
    .set({ site_id: siteIn.get(zone) as number })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** The clock moved forward to the first whole hour at which Manila's day is one ahead of Los Angeles'. */
function moveToManilaAhead(): { manila: string; losAngeles: string } {
  for (;;) {
    const now = server.clock.now();
    const manila = businessDay(now, MANILA);
    const losAngeles = businessDay(now, LOS_ANGELES);
    // At least an hour into Manila's day and before Los Angeles' midnight.
    if (manila > losAngeles && businessDay(now - 3_600_000, MANILA) === manila) return { manila, losAngeles };
    server.clock.advance(3_600_000);
  }
}

const setByAgent = (agent: TeamUser, member: TeamUser, rate: number) =>
  server.call(
    agentDownCall,
    { memberUid: member.uid, ratios: [{ channel: 'slots', rate }] },
    { token: agent.token },
  );

const setByOperator = (user: TeamUser, rate: number) =>
  server.call(
    adminRatiosCall,
    { uid: user.uid, ratios: [{ channel: 'slots', rate }] },
    { token: operator.token },
  );

const slotsOf = (answer: { ratios: { channel: string; rate: number; next?: unknown }[] }) =>
  answer.ratios.find((r) => r.channel === 'slots');

describe('a ratio change across two sites’ time zones', () => {
  it('never overwrites the ratio in force on the member’s day under way, and the chain is paid the top’s ratio', async () => {
    const top = await userIn(MANILA, 0.85);
    const agent = await userIn(LOS_ANGELES, 0.2);
    const member = await userIn(MANILA, 0.1);
    await link(server.db, agent.id, top.id, '2000-01-01');
    await link(server.db, member.id, agent.id, '2000-01-01');
    const { manila: today } = moveToManilaAhead();
    const tomorrow = businessDay(server.clock.now() + 86_400_000, MANILA);

    // Everyone above the member raised first, from Manila's tomorrow; then the agent raises the member.
    expect((await setByOperator(top, 2)).status).toBe(200);
    expect((await setByAgent(top, agent, 1.5)).status).toBe(200);
    const raised = await setByAgent(agent, member, 1.15);
    expect(raised.status, raised.message).toBe(200);

    // The member plays 642.00 on their day under way; the day is settled once it has ended on both sites.
    await addValid(server.db, member.id, today, 'slots', 642_00);
    server.clock.advance(2 * 86_400_000);
    expect((await settleDay(ctxOf(server), today)).outcome).toBe('settled');
    const lines = (await linesOf(server.db, { day: today }))
      .filter((l) => l.member === member.id)
      .sort((a, b) => a.depth - b.depth);
    // The day's ratios as they were when it began: 0.10 %, 0.20 %, 0.85 %; the chain earns the top's 5.45.
    expect(lines.map((l) => [l.earner, l.ratio, l.amount])).toEqual([
      [member.id, 10, 64],
      [agent.id, 20, 64],
      [top.id, 85, 417],
    ]);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(545);
    // The raise waits for the member's next day, as the answer said.
    expect(slotsOf(raised.data)).toMatchObject({ rate: 0.1, next: { rate: 1.15, from: tomorrow } });
  });

  it('refuses a raise above the parent’s ratio on a day before the parent’s own raise counts', async () => {
    const parent = await userIn(MANILA, 0.5);
    const child = await userIn(LOS_ANGELES, 0.3);
    await link(server.db, child.id, parent.id, '2000-01-01');
    moveToManilaAhead();
    // The parent's raise counts from Manila's tomorrow; the child's day of tomorrow (Los Angeles) is a day
    // earlier, on which the parent still has 0.50 %.
    expect((await setByOperator(parent, 1)).status).toBe(200);
    // The console's range for the child is the one the server takes: up to the parent's 0.50 % of that day.
    const page = await server.call(adminUserDetailCall, { uid: child.uid }, { token: operator.token });
    expect(page.data.ratioLimits).toContainEqual({ channel: 'slots', min: 0, max: 0.5 });
    const above = await setByOperator(child, 0.8);
    expect([above.http, codeOf(above)]).toEqual([400, 'ratios.0.rate:ratio_above_parent']);
    // Within the parent's ratio of every day from the child's change on, it is taken.
    expect((await setByOperator(child, 0.5)).status).toBe(200);
  });

  it('a later bind counts from the first day not begun for the binding user nor their members', async () => {
    const agent = await userIn(MANILA, 1);
    const user = await userIn(LOS_ANGELES, 0.5);
    const member = await userIn(MANILA, 0.5);
    await link(server.db, member.id, user.id, '2000-01-01');
    moveToManilaAhead();
    const tomorrow = businessDay(server.clock.now() + 86_400_000, MANILA);
    const bound = await server.call(bindCall, { inviteCode: agent.inviteCode }, { token: user.token });
    expect(bound.status, bound.message).toBe(200);
    // The member's day under way (Manila's today, the user's tomorrow) stays outside the agent's chain.
    const links = await server.db
      .selectFrom('agent_tree')
      .select(['descendant_id', 'effective_day'])
      .where('ancestor_id', '=', agent.id)
      .orderBy('descendant_id')
      .execute();
    expect(links.map((l) => [Number(l.descendant_id), l.effective_day])).toEqual([
      [user.id, tomorrow],
      [member.id, tomorrow],
    ]);
  });
});
