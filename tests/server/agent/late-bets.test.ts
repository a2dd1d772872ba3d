import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../../server/business-days';
import type { AppContext } from '../../../server/context';
import { commissionEstimate } from '../../../server/modules/agent/report-repository';
import { LEASE_MS, settleDay } from '../../../server/modules/agent/settlement';
import { pullOnce } from '../../../server/modules/games/puller';
import { addProvider, openSession, placeSeamlessBet } from '../games/fixtures';
import {
  addDemoTransferProvider,
  channelTransfer,
  playAtProvider,
  type TransferProvider,
  transferServerForSuite,
} from '../games/transfer-fixtures';
import { deposit, expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import {
  ctxOf,
  earnings,
  expectLineDaysKept,
  linesOf,
  link,
  nextDay,
  setRatios,
  todayOf,
} from './settle-fixtures';

// Valid bets that land on a day after that day began settling (issue 31): a seamless round closed by a late
// win (the protocol accepts wins after the session expired) and a transfer provider's record pulled after
// the day was settled. Each is recorded as a correction when it lands, and the next settlement pays it at the
// round's own day's chain and ratios, exactly once, as voids are corrected (decision 0040).

const server = transferServerForSuite({ AGENT_SETTLE_DELAY_SECONDS: '0' });
let ctx: AppContext;
let seamless: Awaited<ReturnType<typeof addProvider>>;
let transfer: TransferProvider;
let top: WalletUser;
let mid: WalletUser;
let player: WalletUser;

const SLOTS = 'slots';
/** The day's ratios (basis points), member first: what every late bet of the test is shared at. */
const RATIOS: Record<string, number[]> = { slots: [20, 60, 100], 'live-casino': [50, 150, 200] };

beforeAll(async () => {
  ctx = ctxOf(server);
  // The provider process stamps its records with the wall clock: the first test's day must be the wall's.
  server.clock.advance(Math.max(0, Date.now() - server.clock.now()));
  await seedSites(server);
  seamless = await addProvider(server);
  transfer = await addDemoTransferProvider(server);
  top = await newUser(server, { safePassword: null });
  mid = await newUser(server, { safePassword: null });
  player = await newUser(server);
  await link(server.db, mid.id, top.id, '2000-01-01');
  await link(server.db, player.id, mid.id, '2000-01-01');
  await setChainRatios('2000-01-01');
  await deposit(server, player, 5000);
}, 60_000);
afterAll(async () => {
  await transfer?.demo.cleanup();
});

/** A version of the chain's ratios from `day` on: RATIOS, or `bp` for everyone in every channel. */
async function setChainRatios(day: Day, bp?: number): Promise<void> {
  for (const [i, user] of [player, mid, top].entries())
    await setRatios(
      server.db,
      user.id,
      Object.fromEntries(Object.entries(RATIOS).map(([ch, bps]) => [ch, bp ?? (bps[i] as number)])),
      day,
    );
}

/** Places a seamless round's bet; answers what closes it (a win of `win`, round closed). */
async function placeBet(bet: number, win: number): Promise<() => Promise<void>> {
  const session = await openSession(server, seamless, player);
  const placed = await placeSeamlessBet(server, seamless, session, bet);
  return () => placed.closeWithWin(win);
}

/** The day's valid bet per channel, as games keeps it. */
async function validOf(day: Day): Promise<Record<string, number>> {
  const rows = await server.db
    .selectFrom('game_daily_valid')
    .select(['channel_code', 'valid_bet'])
    .where('user_id', '=', player.id)
    .where('day', '=', day)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.channel_code, Number(r.valid_bet)]));
}

const share = (v: number, bp: number) => Math.floor((v * bp) / 10_000);

/** Per earner and kind: what a day's valid bets earn at the day's ratios (the decision's floors). */
function owed(valid: Record<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, amount: number) => out.set(key, (out.get(key) ?? 0) + amount);
  for (const [ch, v] of Object.entries(valid)) {
    const [r0, r1, r2] = RATIOS[ch] as [number, number, number];
    add(`rakeback:${player.id}`, share(v, r0));
    add(`commission:${mid.id}`, share(v, r1) - share(v, r0));
    add(`commission:${top.id}`, share(v, r2) - share(v, r1));
  }
  for (const [key, amount] of out) if (amount === 0) out.delete(key);
  return out;
}

/** Per earner and kind: what the lines of the day's bets paid, its own and its corrections wherever booked. */
async function paidFor(day: Day): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const l of await linesOf(server.db))
    if (l.member === player.id && (l.correctsDay ?? l.day) === day)
      out.set(`${l.kind}:${l.earner}`, (out.get(`${l.kind}:${l.earner}`) ?? 0) + l.amount);
  return out;
}

const settle = async (day: Day, owner?: string) => (await settleDay(ctx, day, owner)).outcome;
const yesterday = () => addDays(todayOf(server), -1);
const balances = async () => ({
  rakeback: await earnings(server.db, player.id, 'rakeback'),
  mid: await earnings(server.db, mid.id, 'commission'),
  top: await earnings(server.db, top.id, 'commission'),
});

describe('a valid bet landing on a day after it was settled', () => {
  it('is paid by the next settlement at its own day’s ratios, once: a late seamless win and a late pull', async () => {
    const day = todayOf(server);
    await (await placeBet(30_00, 0))(); // on time: valid 30.00
    const closeLate = await placeBet(40_00, 0); // valid 40.00 once closed
    expect((await channelTransfer(server, player, transfer.channel, 'in', 500)).data.state).toBe('applied');
    await playAtProvider(transfer.demo, player.id, 20_00, 8);

    nextDay(server);
    expect(await settle(day)).toBe('settled');
    const atSettlement = await validOf(day);
    expect(atSettlement).toEqual({ [SLOTS]: 30_00 });
    // Other ratios on the next day (RATIOS again from the one after): the late bets must not use them.
    await setChainRatios(todayOf(server), 10);
    await setChainRatios(addDays(todayOf(server), 1));

    await closeLate();
    expect((await pullOnce(ctx, transfer.code, 'late-puller')).records).toBe(8);
    const final = await validOf(day);
    expect(final[SLOTS]).toBe(70_00);
    expect(final['live-casino'] ?? 0).toBeGreaterThan(0);
    // The estimate kept for the day (0028) counts the late bets: what the day's lines and corrections pay.
    expect(await commissionEstimate(server.db, top.id, day)).toBe(owed(final).get(`commission:${top.id}`));

    nextDay(server);
    const next = yesterday();
    expect(await settle(next)).toBe('settled');
    const corrections = (await linesOf(server.db, { day: next })).filter((l) => l.correctsDay === day);
    expect(corrections.length).toBeGreaterThan(0);
    expect(corrections.every((l) => l.tx !== null && l.amount > 0)).toBe(true);
    expect(await paidFor(day)).toEqual(owed(final));
    const paid = await balances();
    expect(paid).toEqual({
      rakeback: owed(final).get(`rakeback:${player.id}`),
      mid: owed(final).get(`commission:${mid.id}`),
      top: owed(final).get(`commission:${top.id}`),
    });

    // Settled again, or the day after: nothing more.
    expect(await settle(next)).toBe('already_settled');
    nextDay(server);
    expect(await settle(yesterday())).toBe('settled');
    expect(await paidFor(day)).toEqual(owed(final));
    expect(await balances()).toEqual(paid);
    await expectLineDaysKept(server.db);
    await expectLedgerSound(server);
  }, 60_000);

  it('is paid once when the next settlement crashes half-way, or two processes run it at once', async () => {
    const day = todayOf(server);
    const closes = [await placeBet(10_00, 0), await placeBet(11_00, 0), await placeBet(12_00, 0)];
    nextDay(server);
    expect(await settle(day)).toBe('settled');
    for (const close of closes) await close();
    const final = await validOf(day);
    expect(final).toEqual({ [SLOTS]: 33_00 });

    nextDay(server);
    const next = yesterday();
    // One line per batch: the crash leaves the earners after the first unposted.
    await expect(
      settleDay(ctx, next, 'crashing', {
        batchLines: 1,
        afterBatch: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect((await paidFor(day)).size).toBeLessThan(owed(final).size);
    server.clock.advance(LEASE_MS);
    const outcomes = await Promise.all([settle(next, 'a'), settle(next, 'b')]);
    // Whichever takes the day settles it; the other finds it taken or done.
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect(outcomes.every((o) => ['settled', 'busy', 'already_settled'].includes(o))).toBe(true);
    expect(await settle(next, 'a')).toBe('already_settled');
    expect(await paidFor(day)).toEqual(owed(final));
    await expectLedgerSound(server);
  }, 60_000);

  it('counts a round closing while its day is being settled once, in the day’s lines or in a correction', async () => {
    const day = todayOf(server);
    const closes = [await placeBet(13_00, 0), await placeBet(14_00, 0), await placeBet(15_00, 0)];
    nextDay(server);
    const [settled] = await Promise.all([settle(day), ...closes.map((close) => close())]);
    expect(settled).toBe('settled');
    nextDay(server);
    expect(await settle(yesterday())).toBe('settled');
    expect(await paidFor(day)).toEqual(owed({ [SLOTS]: 42_00 }));
  }, 60_000);
});
