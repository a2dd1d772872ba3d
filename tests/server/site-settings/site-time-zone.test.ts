// Issues 14 and 16 (decision 0033): each site counts its business days in its own time zone. An administrator
// of a site sets it (an IANA name, stored as the runtime names it) until the site's players first bet; from
// then it is fixed. A round counts on its player's site's day; the agent programme settles a day once it has
// ended on every site; the console's report cuts each site's days in its own zone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminSite } from '#contract/admin/site';
import { addDays, dayStartMs } from '../../../server/business-days';
import { settleDay } from '../../../server/modules/agent/settlement';
import { dueDays } from '../../../server/modules/agent/worker';
import { setRatiosDirectly } from '../agent/team-fixtures';
import { addProvider, openSession, seamlessCall, txId } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { deposit, newUser, type WalletUser } from '../wallet/helpers';

const MEXICO = 'America/Mexico_City'; // UTC-6 all year
const MANILA = 'Asia/Manila'; // UTC+8, the deployment's BUSINESS_TIME_ZONE in tests

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
let provider: Awaited<ReturnType<typeof addProvider>>;

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');
beforeAll(async () => {
  provider = await addProvider(server);
});

const list = async (token: string) => {
  const res = await server.post('/admin/sites/list', {}, token);
  expect(res.http, res.message).toBe(200);
  return res.data as AdminSite[];
};

const siteNamed = async (domain: string): Promise<AdminSite> => {
  const site = (await list(operators.everyAdmin.token)).find((s) => s.domain === domain);
  if (!site) throw new Error(`no site ${domain}`);
  return site;
};

/** Saves `domain`'s settings as the console shows them, with another zone. */
async function saveZone(domain: string, businessTimeZone: unknown, token = operators.siteOperator.token) {
  const { country: _, icon: __, timeZoneFixed: ___, ...settings } = await siteNamed(domain);
  return server.post('/admin/sites/save', { ...settings, businessTimeZone }, token);
}

/** A player of `siteId` with a 1% rake back ratio in slots. */
async function playerOf(siteId: number): Promise<WalletUser> {
  const user = await newUser(server);
  await server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', user.id).execute();
  await setRatiosDirectly(server, user.id, { slots: 1 });
  await deposit(server, user, 100);
  return user;
}

/** One round of the seamless provider now: a stake of 10.00 lost (a valid bet of 10.00). */
async function lostRound(user: WalletUser): Promise<void> {
  const session = await openSession(server, provider, user);
  const base = { ...session, roundId: txId('round'), gameCode: provider.gameCode };
  delete (base as { balance?: number }).balance;
  const bet = await seamlessCall(server, provider, 'bet', {
    ...base,
    transactionId: txId('bet'),
    amount: 1000,
  });
  expect(bet.body.status, bet.raw).toBe('OK');
  const win = await seamlessCall(server, provider, 'win', {
    ...base,
    transactionId: txId('win'),
    amount: 0,
    roundClosed: true,
  });
  expect(win.body.status, win.raw).toBe('OK');
}

const daysOf = async (userId: number) =>
  (
    await server.db
      .selectFrom('game_daily_valid')
      .select(['day', 'valid_bet'])
      .where('user_id', '=', userId)
      .execute()
  ).map((r) => ({ day: r.day, validBet: Number(r.valid_bet) }));

function moveTo(at: number): void {
  const now = server.clock.now();
  if (at < now) throw new Error('the clock goes forward only');
  server.clock.advance(at - now);
}

describe("a site's time zone in the console", () => {
  it("is the deployment's until set; a name in any case is stored as the runtime names it, audited", async () => {
    expect((await siteNamed(operators.first.domain)).businessTimeZone).toBe(MANILA);
    const saved = await saveZone(operators.first.domain, 'america/mexico_city');
    expect(saved.http, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ businessTimeZone: MEXICO, timeZoneFixed: false });
    expect(await siteNamed(operators.first.domain)).toMatchObject({ businessTimeZone: MEXICO });
    // The other site keeps the deployment's.
    expect((await siteNamed(operators.second.domain)).businessTimeZone).toBe(MANILA);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'site.settings')
      .where('chain', '=', operators.first.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.before))).toMatchObject({ businessTimeZone: MANILA });
    expect(JSON.parse(String(audit.after))).toMatchObject({ businessTimeZone: MEXICO });
  });

  it.each([
    ['an unknown zone', 'Nowhere/Else', 'time_zone_invalid'],
    ['an offset', '+08:00', 'time_zone_invalid'],
    ['an empty name', ' ', 'required'],
    ['a name too long', `America/${'X'.repeat(60)}`, 'too_long'],
    ['not a string', 8, 'required'],
  ])('refuses %s by its field, changing nothing', async (_, zone, code) => {
    const res = await saveZone(operators.first.domain, zone);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path: 'businessTimeZone', code });
    expect((await siteNamed(operators.first.domain)).businessTimeZone).toBe(MEXICO);
  });

  it("another site's administrator cannot set it", async () => {
    const res = await saveZone(operators.second.domain, MEXICO);
    expect(res.http).toBe(403);
    expect((await siteNamed(operators.second.domain)).businessTimeZone).toBe(MANILA);
  });

  it('a new site gets the zone it is created with', async () => {
    const {
      country: _,
      icon: __,
      timeZoneFixed: ___,
      domain: ____,
      ...settings
    } = await siteNamed(operators.second.domain);
    const res = await server.post(
      '/admin/sites/create',
      {
        ...settings,
        domain: 'zoned.example.com',
        country: 'PH',
        name: 'Zoned',
        businessTimeZone: 'Europe/Madrid',
      },
      operators.everyAdmin.token,
    );
    expect(res.http, res.message).toBe(200);
    expect(res.data).toMatchObject({ businessTimeZone: 'Europe/Madrid', timeZoneFixed: false });
  });
});

describe('days per site', () => {
  let mx: WalletUser;
  let ph: WalletUser;
  // 2026-01-20 20:00 in Mexico City is 2026-01-21 10:00 in Manila.
  const MX_DAY = '2026-01-20';
  const PH_DAY = '2026-01-21';

  it("a round counts on its player's site's day", async () => {
    mx = await playerOf(operators.first.id);
    ph = await playerOf(operators.second.id);
    moveTo(dayStartMs(MX_DAY, MEXICO) + 20 * 3_600_000);
    await lostRound(mx);
    await lostRound(ph);
    expect(await daysOf(mx.id)).toEqual([{ day: MX_DAY, validBet: 1000 }]);
    expect(await daysOf(ph.id)).toEqual([{ day: PH_DAY, validBet: 1000 }]);
    // A player's (and an agent's) today is their own site's.
    for (const [user, day] of [
      [mx, MX_DAY],
      [ph, PH_DAY],
    ] as const) {
      const res = await server.post('/agent/report', { range: 'today' }, user.token);
      expect(res.http, res.message).toBe(200);
      expect(res.data).toMatchObject({ from: day, to: day });
    }
  });

  it('a day is settled once it has ended on every site', async () => {
    const ctx = server.app.ctx;
    // Over in Manila, not yet in Mexico City: not due, and refused if asked.
    expect(await dueDays(ctx)).not.toContain(MX_DAY);
    expect((await settleDay(ctx, MX_DAY)).outcome).toBe('not_ended');

    moveTo(dayStartMs(addDays(MX_DAY, 1), MEXICO) + 60_000);
    const due = await dueDays(ctx);
    expect(due).toContain(MX_DAY);
    expect(due).not.toContain(PH_DAY);
    expect((await settleDay(ctx, MX_DAY)).outcome).toBe('settled');
    const lines = await server.db
      .selectFrom('agent_lines')
      .select(['earner_id', 'day', 'amount'])
      .where('kind', '=', 'rakeback')
      .where('earner_id', 'in', [mx.id, ph.id])
      .execute();
    // 1% of 10.00, on the Mexican player's day; the Manila player's day is still running.
    expect(lines.map((l) => ({ earner: Number(l.earner_id), day: l.day, amount: Number(l.amount) }))).toEqual(
      [{ earner: mx.id, day: MX_DAY, amount: 10 }],
    );
  });

  it("the console's report cuts each site's days in its own zone", async () => {
    const report = async (site: string | null) => {
      const res = await server.post(
        '/admin/reports/daily',
        { site, from: MX_DAY, to: PH_DAY },
        operators.everyAdmin.token,
      );
      expect(res.http, res.message).toBe(200);
      return res.data as { days: { day: string; validBets: number }[]; timeZones: string[] };
    };
    const valid = (r: Awaited<ReturnType<typeof report>>) => r.days.map((d) => [d.day, d.validBets]);
    const mexican = await report(operators.first.domain);
    expect(mexican.timeZones).toEqual([MEXICO]);
    expect(valid(mexican)).toEqual([
      [MX_DAY, 10],
      [PH_DAY, 0],
    ]);
    const filipino = await report(operators.second.domain);
    expect(filipino.timeZones).toEqual([MANILA]);
    expect(valid(filipino)).toEqual([
      [MX_DAY, 0],
      [PH_DAY, 10],
    ]);
    const every = await report(null);
    expect(every.timeZones).toEqual(['Europe/Madrid', MEXICO, MANILA].sort());
    expect(valid(every)).toEqual([
      [MX_DAY, 10],
      [PH_DAY, 10],
    ]);
  });

  it("is fixed once the site's players have bet: another zone is refused, the same one saves", async () => {
    expect(await siteNamed(operators.first.domain)).toMatchObject({
      businessTimeZone: MEXICO,
      timeZoneFixed: true,
    });
    const moved = await saveZone(operators.first.domain, MANILA);
    expect(moved.http).toBe(400);
    expect(moved.data.issues[0]).toMatchObject({ path: 'businessTimeZone', code: 'site_time_zone_fixed' });
    expect((await siteNamed(operators.first.domain)).businessTimeZone).toBe(MEXICO);
    const same = await saveZone(operators.first.domain, MEXICO);
    expect(same.http, same.message).toBe(200);
  });
});
