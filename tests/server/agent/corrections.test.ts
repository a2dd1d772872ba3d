import { beforeAll, describe, expect, it } from 'vitest';
import { adminVoidRoundCall } from '#contract/admin/agent';
import { safeDepositCall, safeWithdrawCall } from '#contract/wallet';
import { addDays, type Day } from '../../../server/business-days';
import type { AppContext } from '../../../server/context';
import { settleDay } from '../../../server/modules/agent/settlement';
import { accountBalance, userAccount } from '../../../server/modules/ledger/service';
import { addProvider, openSession, playSeamlessRound, seamlessCall, txId } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { makeOperator } from '../operators/helpers';
import {
  deposit,
  expectLedgerSound,
  money,
  moneyUntyped,
  newKey,
  newUser,
  SAFE_PASSWORD,
  seedSites,
  type WalletUser,
} from '../wallet/helpers';
import { ctxOf, earnings, linesOf, link, nextDay, setRatios, todayOf } from './settle-fixtures';

// Voiding a settled round (decision 0017): games reverses its money and takes its valid bet out of its
// day; once the day has begun settling, the change is a correction, booked by the next settlement as
// negative lines at the voided day's own chain and ratios. Over real HTTP, with rounds played through the
// seamless wallet as a provider would.

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
let ctx: AppContext;
let provider: Awaited<ReturnType<typeof addProvider>>;
let operator: WalletUser;
let agent: WalletUser;
let player: WalletUser;

beforeAll(async () => {
  ctx = ctxOf(server);
  await seedSites(server);
  provider = await addProvider(server);
  operator = await newUser(server, { safePassword: null });
  await makeOperator(server, operator);
  agent = await newUser(server, { safePassword: null });
  player = await newUser(server);
  await link(server.db, player.id, agent.id, '2000-01-01');
  await setRatios(server.db, agent.id, { slots: 100 }, '2000-01-01');
  await setRatios(server.db, player.id, { slots: 20 }, '2000-01-01');
  await deposit(server, player, 1000);
});

/** Plays one seamless round to its end (amounts in minor units); answers the round's id. */
async function play(bet: number, win: number): Promise<number> {
  const session = await openSession(server, provider, player);
  const roundRef = await playSeamlessRound(server, provider, session, bet, win);
  const round = await server.db
    .selectFrom('game_rounds')
    .select('id')
    .where('round_ref', '=', roundRef)
    .executeTakeFirstOrThrow();
  return Number(round.id);
}

const main = () => accountBalance(server.db, userAccount(player.id, 'main'));
const voidRound = (roundId: unknown, key: string | null = newKey(), token = operator.token) =>
  moneyUntyped(server, adminVoidRoundCall, { roundId }, token, key);
const settleYesterday = async (): Promise<Day> => {
  const day = addDays(todayOf(server), -1);
  expect((await settleDay(ctx, day)).outcome).toBe('settled');
  return day;
};

describe('a void after the day was settled', () => {
  it('reverses the round once, and the next day books negative lines at the voided day’s ratios', async () => {
    const day = todayOf(server);
    const lost = await play(50_00, 0); // valid bet 50.00
    await play(20_00, 30_00); // valid bet 10.00
    nextDay(server);
    await settleYesterday();
    // 60.00 valid: the player's 0.20% = 0.12, the agent's 1.00% - 0.20% = 0.48.
    expect(await earnings(server.db, player.id, 'rakeback')).toBe(12);
    expect(await earnings(server.db, agent.id, 'commission')).toBe(48);

    // Ratios changed during the voided day, in effect from the next one on: the correction must not use them.
    await setRatios(server.db, agent.id, { slots: 200 }, todayOf(server));
    await setRatios(server.db, player.id, { slots: 50 }, todayOf(server));

    const before = await main();
    const key = newKey();
    const voided = await voidRound(lost, key);
    expect(voided.http).toBe(200);
    expect(voided.data).toEqual({ roundId: lost, day, validBetDelta: -50, corrected: true });
    expect(await main()).toBe(before + 50_00);
    // The same key again: the first answer, nothing moves; another key: the round is void already.
    const replay = await voidRound(lost, key);
    expect(replay.data).toEqual(voided.data);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await main()).toBe(before + 50_00);
    const again = await voidRound(lost);
    expect(again.http).toBe(409);
    expect(again.data).toEqual({ code: 'state_changed' });

    const round = await server.db
      .selectFrom('game_rounds')
      .select(['status', 'valid_bet'])
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    expect(round).toEqual({ status: 'void', valid_bet: 0 });
    const daily = await server.db
      .selectFrom('game_daily_valid')
      .select(['valid_bet', 'rounds'])
      .where('user_id', '=', player.id)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(daily).toEqual({ valid_bet: 10_00, rounds: 1 });

    // The next day: a round at the new ratios, and the correction at the old ones.
    await play(10_00, 0); // valid 10.00 at 0.50% / 2.00%: 0.05 and 0.15
    nextDay(server);
    const next = await settleYesterday();
    const lines = await linesOf(server.db, { day: next });
    const corrections = lines.filter((l) => l.correctsDay === day);
    // 60.00 -> 10.00 at 0.20% / 1.00%: rake back 0.12 -> 0.02, commission 0.48 -> 0.08.
    expect(corrections.map((l) => [l.kind, l.earner, l.validBet, l.ratio, l.below, l.amount]).sort()).toEqual(
      [
        ['commission', agent.id, -50_00, 100, 20, -40],
        ['rakeback', player.id, -50_00, 20, 0, -10],
      ].sort(),
    );
    expect(corrections.every((l) => l.tx !== null)).toBe(true);
    expect(await earnings(server.db, player.id, 'rakeback')).toBe(12 + 5 - 10);
    expect(await earnings(server.db, agent.id, 'commission')).toBe(48 + 15 - 40);
    const booked = await server.db.selectFrom('agent_corrections').selectAll().execute();
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ round_day: day, booked_day: next, valid_bet_delta: -50_00 });
    await expectLedgerSound(server);
  });
});

describe('a void before the day was settled', () => {
  it('needs no correction: the day is settled without the round', async () => {
    const day = todayOf(server);
    const kept = await play(30_00, 0);
    const voided = await play(40_00, 0);
    const res = await voidRound(voided);
    expect(res.data).toMatchObject({ roundId: voided, day, corrected: false });
    nextDay(server);
    await settleYesterday();
    const lines = await linesOf(server.db, { day });
    expect(lines.filter((l) => l.member === player.id).map((l) => l.validBet)).toEqual([30_00, 30_00]);
    expect(kept).toBeGreaterThan(0);
    const pending = await server.db
      .selectFrom('agent_corrections')
      .selectAll()
      .where('round_day', '=', day)
      .execute();
    expect(pending).toEqual([]);
  });

  it('counts a void racing the day’s settlement once, in the day’s lines or in a correction', async () => {
    const day = todayOf(server);
    const rounds = [await play(11_00, 0), await play(12_00, 0), await play(13_00, 0)];
    nextDay(server);
    const [settled, ...voids] = await Promise.all([settleDay(ctx, day), ...rounds.map((r) => voidRound(r))]);
    expect(settled.outcome).toBe('settled');
    expect(voids.every((v) => v.http === 200)).toBe(true);
    nextDay(server);
    await settleYesterday();
    // Whatever the order, the day's own lines plus its corrections leave nothing of the voided rounds.
    const all = await linesOf(server.db);
    const ofDay = all.filter(
      (l) => l.member === player.id && (l.day === day ? l.correctsDay === null : l.correctsDay === day),
    );
    expect(ofDay.reduce((s, l) => s + l.amount, 0)).toBe(0);
  });
});

describe('refusals', () => {
  it('refuses a round whose player has spent what it paid, and moves nothing', async () => {
    const lucky = await play(10_00, 900_00);
    const safe = await money(server, safeDepositCall, { amount: (await main()) / 100 }, player.token);
    expect(safe.status).toBe(200);
    const res = await voidRound(lucky);
    expect(res.http).toBe(409);
    expect(res.data).toEqual({ code: 'round_funds_spent' });
    const round = await server.db
      .selectFrom('game_rounds')
      .select('status')
      .where('id', '=', lucky)
      .executeTakeFirst();
    expect(round?.status).toBe('settled');
    const back = await money(
      server,
      safeWithdrawCall,
      { amount: safe.data.safeBalance, safePassword: SAFE_PASSWORD },
      player.token,
    );
    expect(back.status).toBe(200);
  });

  it('refuses a round still open, an unknown one, a transfer provider’s, and bad input', async () => {
    const session = await openSession(server, provider, player);
    const roundRef = txId('open');
    await seamlessCall(server, provider, 'bet', {
      sessionToken: session.sessionToken,
      playerId: session.playerId,
      roundId: roundRef,
      transactionId: txId('bet'),
      gameCode: provider.gameCode,
      amount: 5_00,
    });
    const open = await server.db
      .selectFrom('game_rounds')
      .select('id')
      .where('round_ref', '=', roundRef)
      .executeTakeFirstOrThrow();
    expect((await voidRound(Number(open.id))).failure.issues?.[0]).toMatchObject({
      path: 'roundId',
      code: 'round_not_settled',
    });
    expect((await voidRound(99_999_999)).failure.issues?.[0]).toMatchObject({
      path: 'roundId',
      code: 'round_not_found',
    });

    const transfer = await addProvider(server, { protocol: 'transfer', channel: 'live-casino' });
    const inserted = await server.db
      .insertInto('game_rounds')
      .values({
        provider_code: transfer.code,
        round_ref: txId('t'),
        user_id: player.id,
        game_id: transfer.gameId,
        channel_code: 'live-casino',
        bet: 100,
        win: 0,
        valid_bet: 100,
        status: 'settled',
        placed_at: server.clock.now(),
        settled_at: server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await voidRound(Number(inserted.id))).failure.issues?.[0]).toMatchObject({
      code: 'round_not_voidable',
    });

    for (const [body, code] of [
      [{}, 'required'],
      [{ roundId: 'x' }, 'invalid_type'],
      [{ roundId: -1 }, 'invalid_type'],
      [{ roundId: 1.5 }, 'invalid_type'],
    ] as const) {
      const res = await moneyUntyped(server, adminVoidRoundCall, body, operator.token);
      expect(res.http).toBe(400);
      expect(res.failure.issues?.[0]).toMatchObject({ path: 'roundId', code });
    }
    const noKey = await voidRound(Number(open.id), null);
    expect(noKey.http).toBe(400);
    expect(noKey.failure.issues?.[0]).toMatchObject({ code: 'idempotency_key_required' });
  });

  it('is the operator’s call only', async () => {
    const round = await play(5_00, 0);
    const anonymous = await server.call(adminVoidRoundCall, { roundId: round }, { key: newKey() });
    expect(anonymous.http).toBe(401);
    const notOperator = await voidRound(round, newKey(), agent.token);
    expect(notOperator.http).toBe(403);
    expect(notOperator.data).toEqual({ code: 'operator_only' });
    const status = await server.db
      .selectFrom('game_rounds')
      .select('status')
      .where('id', '=', round)
      .executeTakeFirst();
    expect(status?.status).toBe('settled');
    await expectLedgerSound(server);
  });
});
