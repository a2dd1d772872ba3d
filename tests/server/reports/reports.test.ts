// The console's reports (issue 16): per site and business day, deposits, withdrawals, net, new and active
// users, bets, valid bets, rake back, commissions and (issue 33) bonus cost. Money moves through the real
// calls (deposits paid by the sandbox's callback, some opted in to an offer, withdrawals walked by an
// operator, rounds played by a provider over the seamless wallet, a day settled by the agent programme, a
// bonus expired by the bonuses worker), each movement noted as it is made; every figure of the answer is then
// checked against those notes. Operators see only their sites; the range is checked.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBonusReportCall } from '#contract/admin/bonuses';
import { addDays, businessDay, type Day, dayStartMs } from '../../../server/business-days';
import { settleDay } from '../../../server/modules/agent/settlement';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { quickUser, setRatiosDirectly, type TeamUser } from '../agent/team-fixtures';
import { addOffer, depositWithOffer } from '../bonuses/fixtures';
import { addProvider, openSession, playSeamlessRound } from '../games/fixtures';
import { type ApiResult, serverForSuite } from '../harness';
import { operatorsOfTwoSites } from '../operators/helpers';
import { deposit, money, newUser, type WalletUser, withdrawalInReview } from '../wallet/helpers';

const ZONE = 'Asia/Manila';
// The test clock starts on 2026-01-15 (Manila). The report covers the next four days; the third stays empty.
const D1 = '2026-01-16';
const D2 = '2026-01-17';
const D3 = '2026-01-18';
const D4 = '2026-01-19';

/** Users of no site count only for those with a grant on every site. */
type SiteKey = 'first' | 'second' | 'none';
const EVERY: readonly SiteKey[] = ['first', 'second', 'none'];
type Figure =
  | 'deposits'
  | 'withdrawals'
  | 'newUsers'
  | 'bets'
  | 'validBets'
  | 'rakeBack'
  | 'commissions'
  | 'bonusCost';

/** One noted movement: its site, its business day, whose it is, the figure it adds to (minor units or 1). */
interface Fact {
  site: SiteKey;
  day: Day;
  user: number;
  figure: Figure;
  amount: number;
  /** A completed deposit or a counted bet makes its user active that day. */
  active: boolean;
}

const server = serverForSuite();
let ops: Awaited<ReturnType<typeof operatorsOfTwoSites>>;
let provider: Awaited<ReturnType<typeof addProvider>>;
/** A signed-in user holding no grant. */
let stranger: TeamUser;
const facts: Fact[] = [];
const siteOf = new Map<number, SiteKey>();

const cents = (amount: number) => Math.round(amount * 100);

/** Moves the test clock forward to `day` at `hh:mm` in Manila (plus `ms`). */
function at(day: Day, hh: number, mm = 0, ms = 0): void {
  const target = dayStartMs(day, ZONE) + (hh * 60 + mm) * 60_000 + ms;
  const now = server.clock.now();
  if (target < now) throw new Error(`the clock goes forward only: ${day} ${hh}:${mm}`);
  server.clock.advance(target - now);
}

/** A player registered through the app now, put on `site`. */
async function player(site: SiteKey, day: Day): Promise<WalletUser> {
  const user = await newUser(server);
  const siteId = site === 'first' ? ops.first.id : ops.second.id;
  await server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', user.id).execute();
  siteOf.set(user.id, site);
  facts.push({ site, day, user: user.id, figure: 'newUsers', amount: 1, active: false });
  return user;
}

const siteKey = (user: { id: number }): SiteKey => siteOf.get(user.id) ?? 'none';

/** Users made without player() (the demo accounts, operators): noted as registered where and when they were. */
async function noteOtherUsers(): Promise<void> {
  const rows = await server.db.selectFrom('users').select(['id', 'site_id', 'created_at']).execute();
  for (const r of rows) {
    const id = Number(r.id);
    if (siteOf.has(id)) continue;
    const siteId = r.site_id === null ? null : Number(r.site_id);
    const site = siteId === ops.first.id ? 'first' : siteId === ops.second.id ? 'second' : 'none';
    siteOf.set(id, site);
    facts.push({
      site,
      day: businessDay(Number(r.created_at), ZONE),
      user: id,
      figure: 'newUsers',
      amount: 1,
      active: false,
    });
  }
}

async function paidDeposit(user: WalletUser, amount: number, day: Day): Promise<void> {
  await deposit(server, user, amount);
  facts.push({
    site: siteKey(user),
    day,
    user: user.id,
    figure: 'deposits',
    amount: cents(amount),
    active: true,
  });
}

/**
 * A deposit opted in to a deposit match: the deposit, and the bonus it grants as the site's bonus cost of
 * that day.
 */
async function depositWithBonus(user: WalletUser, amount: number, offerId: number, bonus: number, day: Day) {
  await depositWithOffer(server, user, amount, offerId);
  const site = siteKey(user);
  facts.push({ site, day, user: user.id, figure: 'deposits', amount: cents(amount), active: true });
  facts.push({ site, day, user: user.id, figure: 'bonusCost', amount: cents(bonus), active: false });
}

/** An operator's money call on a withdrawal; throws unless it answers 200. */
async function review(path: string, body: object): Promise<void> {
  const res = await money(server, path, body, ops.everyAdmin.token);
  if (res.status !== 200) throw new Error(`${path}: ${res.message}`);
}

/** One round of the seamless provider, bet and win (closing it) now; noted by the day it is bet on. */
async function round(
  session: { sessionToken: string; playerId: string },
  user: WalletUser,
  bet: number,
  win: number,
  day: Day,
): Promise<void> {
  await playSeamlessRound(server, provider, session, bet, win);
  const site = siteKey(user);
  facts.push({ site, day, user: user.id, figure: 'bets', amount: bet, active: true });
  // Decision 0016: a settled round's valid bet is min(|win - bet|, bet).
  const validBet = Math.min(Math.abs(win - bet), bet);
  facts.push({ site, day, user: user.id, figure: 'validBets', amount: validBet, active: true });
}

/** Slots ratios in basis points: an agent above p1, and q1 on their own. */
const AGENT_BP = 300;
const P1_BP = 100;
const Q1_BP = 200;
/** Decision 0017: the chain's share of a valid bet at a ratio, rounded down. */
const share = (validBet: number, bp: number) => Math.floor((validBet * bp) / 10_000);

beforeAll(async () => {
  // The site operator is a viewer of the first site only; `viewer` is a viewer of every site.
  ops = await operatorsOfTwoSites(server, 'viewer');
  provider = await addProvider(server);
  await noteOtherUsers();

  at(D1, 10);
  const p1 = await player('first', D1);
  const p2 = await player('first', D1);
  const q1 = await player('second', D1);
  // An agent of the first site above p1 (ratios are written in percent).
  const agent: TeamUser = await quickUser(server, { job: 1, ratios: { slots: AGENT_BP / 100 } });
  await server.db.updateTable('users').set({ site_id: ops.first.id }).where('id', '=', agent.id).execute();
  siteOf.set(agent.id, 'first');
  facts.push({ site: 'first', day: D1, user: agent.id, figure: 'newUsers', amount: 1, active: false });
  await server.db
    .insertInto('agent_tree')
    .values({ ancestor_id: agent.id, descendant_id: p1.id, depth: 1, effective_day: '2000-01-01' })
    .execute();
  await setRatiosDirectly(server, p1.id, { slots: P1_BP / 100 });
  await setRatiosDirectly(server, q1.id, { slots: Q1_BP / 100 });

  // A day's match on the first site, which will expire unplayed; a month's on the second, met by q1's bet.
  const oneDay = await addOffer(server.db, server.clock.now(), {
    site_id: ops.first.id,
    percent: 10,
    validity_days: 1,
    forfeits_on_withdrawal: 0,
  });
  const aMonth = await addOffer(server.db, server.clock.now(), {
    site_id: ops.second.id,
    percent: 5,
    validity_days: 30,
  });

  at(D1, 12);
  await paidDeposit(p1, 500, D1);
  await depositWithBonus(q1, 700, aMonth, 35, D1);
  // Asked, approved and sent on D1, paid on D2: it counts on D2.
  const paidOut = await withdrawalInReview(server, p1, 150);
  await review('/admin/withdrawals/approve', { id: paidOut });
  await review('/admin/withdrawals/execute', { id: paidOut });
  // One millisecond before midnight in Manila, and midnight itself.
  at(D2, 0, 0, -1);
  await paidDeposit(p2, 300.55, D1);
  at(D2, 0);
  await depositWithBonus(p2, 200, oneDay, 20, D2);

  at(D2, 9);
  await review('/admin/withdrawals/settle', { id: paidOut, outcome: 'Success' });
  facts.push({
    site: 'first',
    day: D2,
    user: p1.id,
    figure: 'withdrawals',
    amount: cents(150),
    active: false,
  });
  // Rejected: finished on D2 too, but never paid.
  const rejected = await withdrawalInReview(server, p2, 100);
  await review('/admin/withdrawals/reject', { id: rejected, reason: 'documents missing' });
  // An order never paid: no deposit.
  expect((await money(server, '/wallet/deposit/create', { amount: 77 }, p2.token)).status).toBe(200);

  at(D2, 10);
  const p1Session = await openSession(server, provider, p1);
  await round(p1Session, p1, 2000, 500, D2);
  await round(p1Session, p1, 1000, 3000, D2);
  // Break-even: a bet, but no valid bet.
  await round(await openSession(server, provider, p2), p2, 1000, 1000, D2);
  await round(await openSession(server, provider, q1), q1, 5000, 0, D2);

  // D2 has ended: the agent programme settles it (its lines are D2's, whenever it runs).
  at(D3, 2);
  expect((await settleDay(server.app.ctx, D2)).outcome).toBe('settled');
  const p1Valid = facts
    .filter((f) => f.user === p1.id && f.day === D2 && f.figure === 'validBets')
    .reduce((s, f) => s + f.amount, 0);
  const q1Valid = facts
    .filter((f) => f.user === q1.id && f.day === D2 && f.figure === 'validBets')
    .reduce((s, f) => s + f.amount, 0);
  const earned = (site: SiteKey, user: number, figure: Figure, amount: number) =>
    facts.push({ site, day: D2, user, figure, amount, active: false });
  earned('first', p1.id, 'rakeBack', share(p1Valid, P1_BP));
  earned('first', agent.id, 'commissions', share(p1Valid, AGENT_BP) - share(p1Valid, P1_BP));
  earned('second', q1.id, 'rakeBack', share(q1Valid, Q1_BP));

  at(D4, 12);
  // p2's bonus ended on D3 unplayed; the worker takes it back on D4, the day the expiry is posted.
  expect(await createBonusWorker(server.app.ctx).runOnce()).toBeGreaterThan(0);
  facts.push({ site: 'first', day: D4, user: p2.id, figure: 'bonusCost', amount: -cents(20), active: false });
  await player('first', D4);
  await paidDeposit(p1, 50, D4);
  stranger = await quickUser(server);
  await noteOtherUsers();
}, 120_000);

const FIGURES: readonly Figure[] = [
  'deposits',
  'withdrawals',
  'newUsers',
  'bets',
  'validBets',
  'rakeBack',
  'commissions',
  'bonusCost',
];
const MONEY: ReadonlySet<Figure> = new Set(FIGURES.filter((f) => f !== 'newUsers'));

/** The answer the notes of `sites` call for over [from, to]. */
function expected(sites: readonly SiteKey[], from: Day, to: Day) {
  const mine = facts.filter((f) => sites.includes(f.site) && f.day >= from && f.day <= to);
  const figuresOf = (of: readonly Fact[]) => {
    const sum = (figure: Figure) => of.filter((f) => f.figure === figure).reduce((s, f) => s + f.amount, 0);
    const out: Record<string, number> = {};
    for (const figure of FIGURES) out[figure] = MONEY.has(figure) ? sum(figure) / 100 : sum(figure);
    out.net = (sum('deposits') - sum('withdrawals')) / 100;
    out.activeUsers = new Set(of.filter((f) => f.active).map((f) => f.user)).size;
    return out;
  };
  const days: Day[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return {
    days: days.map((day) => ({ day, ...figuresOf(mine.filter((f) => f.day === day)) })),
    totals: figuresOf(mine),
    timeZones: [ZONE],
  };
}

const report = (token: string, body: object) => server.post('/admin/reports/daily', body, token);

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
const codesOf = (res: ApiResult<any>): string =>
  res.data?.code ??
  res.data?.issues?.map((i: { path: string; code: string }) => `${i.path}:${i.code}`).join(',');

describe('the figures', () => {
  it('a site: every day of the range oldest first, each figure as moved, zeros on a quiet day', async () => {
    const res = await report(ops.everyAdmin.token, { site: ops.first.domain, from: D1, to: D4 });
    expect(res.http, res.message).toBe(200);
    expect(res.data).toEqual(expected(['first'], D1, D4));
    expect(res.data.days.map((d: { day: Day }) => d.day)).toEqual([D1, D2, D3, D4]);
    const quiet = res.data.days[2];
    expect(Object.values(quiet).filter((v) => v !== D3)).toEqual(Array(10).fill(0));
    // The notes themselves are not zeros: a report of zeros cannot match them by accident.
    expect(res.data.totals.deposits).toBeGreaterThan(0);
    expect(res.data.totals.rakeBack).toBeGreaterThan(0);
    expect(res.data.totals.commissions).toBeGreaterThan(0);
    expect(res.data.days.map((d: { bonusCost: number }) => d.bonusCost)).toEqual([0, 20, 0, -20]);
  });

  it("bonus cost is the bonus report's cost, day by day, beside net", async () => {
    for (const site of [ops.first.domain, ops.second.domain]) {
      const daily = await report(ops.everyAdmin.token, { site, from: D1, to: D4 });
      const bonuses = await server.call(
        adminBonusReportCall,
        { site, from: D1, to: D4 },
        { token: ops.everyAdmin.token },
      );
      expect(bonuses.status, bonuses.message).toBe(200);
      const costOf = (day: Day) =>
        bonuses.data.rows.filter((r) => r.day === day).reduce((sum, r) => sum + r.cost, 0);
      expect(daily.data.days.map((d: { day: Day; bonusCost: number }) => [d.day, d.bonusCost])).toEqual(
        [D1, D2, D3, D4].map((day) => [day, costOf(day)]),
      );
      expect(daily.data.totals.bonusCost).toBe(bonuses.data.totals.cost);
    }
    const second = await report(ops.everyAdmin.token, { site: ops.second.domain, from: D1, to: D4 });
    // q1's bonus was met and released: released money is the player's, a cost that stays.
    expect(second.data.totals.bonusCost).toBe(35);
  });

  it('a deposit a millisecond before midnight in the business zone counts on that day, one at midnight on the next', async () => {
    const res = await report(ops.everyAdmin.token, { site: ops.first.domain, from: D1, to: D2 });
    const [first, second] = res.data.days;
    // p1's 500.00 and p2's 300.55 on D1; p2's 200.00 at midnight on D2.
    expect(first).toMatchObject({ day: D1, deposits: 800.55 });
    expect(second).toMatchObject({ day: D2, deposits: 200 });
  });

  it('totals: sums of the days, net = deposits - withdrawals, active users distinct over the range', async () => {
    const res = await report(ops.everyAdmin.token, { site: ops.first.domain, from: D1, to: D4 });
    const { days, totals } = res.data as { days: Record<string, number>[]; totals: Record<string, number> };
    for (const figure of [...FIGURES, 'net'])
      expect(totals[figure], figure).toBeCloseTo(
        days.reduce((s, d) => s + (d[figure] ?? 0), 0),
        2,
      );
    expect(totals.net).toBeCloseTo((totals.deposits ?? 0) - (totals.withdrawals ?? 0), 2);
    // p1 and p2 are active on several days each, and two users in all.
    expect(days.reduce((s, d) => s + (d.activeUsers ?? 0), 0)).toBeGreaterThan(totals.activeUsers ?? 0);
    expect(totals.activeUsers).toBe(2);
  });

  it('another site counts only its own; every site counts all (users of no site too)', async () => {
    const second = await report(ops.everyAdmin.token, { site: ops.second.domain, from: D1, to: D4 });
    expect(second.data).toEqual(expected(['second'], D1, D4));
    const every = await report(ops.everyAdmin.token, { site: null, from: D1, to: D4 });
    expect(every.data).toEqual(expected(EVERY, D1, D4));
    expect(every.data.totals.deposits).toBeGreaterThan(second.data.totals.deposits);
  });

  it('a range inside the movements counts only its days', async () => {
    const res = await report(ops.everyAdmin.token, { from: D2, to: D3 });
    expect(res.data).toEqual(expected(EVERY, D2, D3));
  });
});

describe('who may read it', () => {
  it("a site's operator gets only their site's figures when asking for every site", async () => {
    const res = await report(ops.siteOperator.token, { site: null, from: D1, to: D4 });
    expect(res.http, res.message).toBe(200);
    expect(res.data).toEqual(expected(['first'], D1, D4));
  });

  it("a site's operator asking for another site is refused", async () => {
    const res = await report(ops.siteOperator.token, { site: ops.second.domain, from: D1, to: D4 });
    expect(res.http).toBe(403);
    expect(codesOf(res)).toBe('permission_denied');
  });

  it('a viewer of every site reads every site', async () => {
    const res = await report(ops.viewer.token, { from: D1, to: D4 });
    expect(res.http, res.message).toBe(200);
    expect(res.data).toEqual(expected(EVERY, D1, D4));
  });

  it('a player is refused, and so is a caller without a session', async () => {
    const res = await report(stranger.token, { from: D1, to: D4 });
    expect(res.http).toBe(403);
    expect(codesOf(res)).toBe('operator_only');
    expect((await server.post('/admin/reports/daily', { from: D1, to: D4 })).http).toBe(401);
  });

  it('an unknown site is refused as such', async () => {
    const res = await report(ops.everyAdmin.token, { site: 'nowhere.example', from: D1, to: D4 });
    expect(res.http).toBe(400);
    expect(codesOf(res)).toBe('site:site_not_found');
  });
});

describe('the range', () => {
  it.each([
    ['the start after the end', { from: D2, to: D1 }, 'to:range_invalid'],
    ['93 days', { from: D1, to: addDays(D1, 92) }, 'to:range_invalid'],
    ['no such date', { from: '2026-02-01', to: '2026-02-30' }, 'to:day_invalid'],
    ['not a date', { from: '16/01/2026', to: D2 }, 'from:day_invalid'],
    ['no start', { to: D2 }, 'from:required'],
    ['no end', { from: D2 }, 'to:required'],
  ])('%s is refused with a clear code', async (_, range, code) => {
    const res = await report(ops.everyAdmin.token, range);
    expect(res.http).toBe(400);
    expect(codesOf(res)).toBe(code);
  });

  it('92 days, and a single day, are taken', async () => {
    // From D1: the demo seed's own movements, made before it, stay out of the notes' way.
    const long = await report(ops.everyAdmin.token, { from: D1, to: addDays(D1, 91) });
    expect(long.http, long.message).toBe(200);
    expect(long.data.days).toHaveLength(92);
    expect(long.data).toEqual(expected(EVERY, D1, addDays(D1, 91)));
    const one = await report(ops.everyAdmin.token, { from: D4, to: D4 });
    expect(one.data).toEqual(expected(EVERY, D4, D4));
  });

  it('no days: the last seven business days up to today in the business zone, even where a phone is a day behind', async () => {
    // 23:30 UTC is already the next day in Manila: the server, not the phone, knows which day it is.
    const now = server.clock.now();
    const lateUtc = Math.floor(now / 86_400_000) * 86_400_000 + 23.5 * 3_600_000;
    server.clock.advance((lateUtc > now ? lateUtc : lateUtc + 86_400_000) - now);
    const utcDay = new Date(server.clock.now()).toISOString().slice(0, 10);
    const today = businessDay(server.clock.now(), ZONE);
    expect(today).toBe(addDays(utcDay, 1));
    const res = await report(ops.everyAdmin.token, {});
    expect(res.http, res.message).toBe(200);
    expect(res.data.days.map((d: { day: Day }) => d.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
  });
});
