import { beforeAll, describe, expect, it } from 'vitest';
import { earningsWithdrawCall } from '#contract/agent';
import { addDays } from '../../../server/business-days';
import { ConfigError, loadConfig } from '../../../server/config';
import type { AppContext } from '../../../server/context';
import { settleDay } from '../../../server/modules/agent/settlement';
import { accountBalance, userAccount } from '../../../server/modules/ledger/service';
import { addProvider } from '../games/fixtures';
import { serverForSuite } from '../harness';
import { expectLedgerSound, moneyUntyped, newKey, type WalletUser } from '../wallet/helpers';
import { addValid, agentWithSettledDay, ctxOf, earnings, nextDay, todayOf } from './settle-fixtures';

// Moving earnings to the main balance (decision 0017, `/agent/withdraw`): a money call with an
// Idempotency-Key; commission at least AGENT_WITHDRAW_MIN (100.00 unless set), rake back any amount; never
// more than the balance, and not at all while the commission balance is negative.

const server = serverForSuite({ env: { AGENT_SETTLE_DELAY_SECONDS: '0' } });
let ctx: AppContext;
let agent: WalletUser;
let player: WalletUser;

const withdraw = (from: string, amount: unknown, key: string | null = newKey(), token = agent.token) =>
  moneyUntyped(server, earningsWithdrawCall, { from, amount }, token, key);
const main = (user: WalletUser) => accountBalance(server.db, userAccount(user.id, 'main'));

beforeAll(async () => {
  ctx = ctxOf(server);
  ({ agent, player } = await agentWithSettledDay(server));
});

describe('moving commission to the main balance', () => {
  it('needs at least the minimum, and moves exactly once per key', async () => {
    expect(await earnings(server.db, agent.id, 'commission')).toBe(450_00);
    const below = await withdraw('commission', 99.99);
    expect(below.http).toBe(400);
    expect(below.failure.issues?.[0]).toMatchObject({ path: 'amount', code: 'withdraw_below_min' });
    expect(below.failure.issues?.[0]?.message).toContain('100');

    const key = newKey();
    const moved = await withdraw('commission', 100, key);
    expect(moved.http).toBe(200);
    expect(moved.data).toEqual({ balance: 350, canWithdrawCoin: 100 });
    const replay = await withdraw('commission', 100, key);
    expect(replay.data).toEqual(moved.data);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const reused = await withdraw('commission', 200, key);
    expect(reused.http).toBe(422);
    expect(reused.data).toEqual({ code: 'idempotency_key_reused' });
    expect(await earnings(server.db, agent.id, 'commission')).toBe(350_00);
    expect(await main(agent)).toBe(100_00);
  });

  it('never moves more than the balance, even asked many times at once', async () => {
    const tooMuch = await withdraw('commission', 350.01);
    expect(tooMuch.http).toBe(400);
    expect(tooMuch.failure.issues?.[0]).toMatchObject({ path: 'amount', code: 'insufficient_funds' });
    const results = await Promise.all(Array.from({ length: 5 }, () => withdraw('commission', 100)));
    expect(results.filter((r) => r.http === 200)).toHaveLength(3);
    expect(results.filter((r) => r.failure.issues?.[0]?.code === 'insufficient_funds')).toHaveLength(2);
    expect(await earnings(server.db, agent.id, 'commission')).toBe(50_00);
    expect(await main(agent)).toBe(400_00);
  });

  it('moves rake back in any amount', async () => {
    const moved = await withdraw('rakeback', 0.01, newKey(), player.token);
    expect(moved.data).toEqual({ balance: 49.99, canWithdrawCoin: 0.01 });
    expect((await withdraw('rakeback', 49.99, newKey(), player.token)).data.balance).toBe(0);
    const none = await withdraw('rakeback', 0.01, newKey(), player.token);
    expect(none.failure.issues?.[0]).toMatchObject({ code: 'insufficient_funds' });
    // A player without commission: the minimum first, then the balance.
    expect((await withdraw('commission', 100, newKey(), player.token)).failure.issues?.[0]).toMatchObject({
      code: 'insufficient_funds',
    });
  });

  it('refuses while the commission balance is negative, until later commission pays it down', async () => {
    // A round of the settled day voided: its correction takes back more than the agent has left (50.00).
    const provider = await addProvider(server);
    const playedOn = addDays(todayOf(server), -1);
    const round = await server.db
      .insertInto('game_rounds')
      .values({
        provider_code: provider.code,
        round_ref: `r-${newKey()}`,
        user_id: player.id,
        game_id: provider.gameId,
        channel_code: 'slots',
        bet: 2000_00,
        win: 0,
        valid_bet: 0,
        status: 'void',
        placed_at: server.clock.now() - 86_400_000,
        settled_at: server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('game_daily_valid')
      .set({ valid_bet: 3000_00 })
      .where('user_id', '=', player.id)
      .where('day', '=', playedOn)
      .execute();
    await server.db
      .insertInto('agent_corrections')
      .values({
        round_id: Number(round.id),
        user_id: player.id,
        channel_code: 'slots',
        round_day: playedOn,
        valid_bet_delta: -2000_00,
        booked_day: null,
        created_at: server.clock.now(),
      })
      .execute();
    nextDay(server);
    await settleDay(ctx, addDays(todayOf(server), -1));
    // 2,000.00 less at 10% - 1%: 180.00 back from the agent, who had 50.00.
    expect(await earnings(server.db, agent.id, 'commission')).toBe(50_00 - 180_00);
    const refused = await withdraw('commission', 100);
    expect(refused.http).toBe(409);
    expect(refused.data).toEqual({ code: 'earnings_negative' });

    // The next day's commission pays it down first.
    await addValid(server.db, player.id, todayOf(server), 'slots', 3000_00);
    nextDay(server);
    await settleDay(ctx, addDays(todayOf(server), -1));
    expect(await earnings(server.db, agent.id, 'commission')).toBe(50_00 - 180_00 + 270_00);
    expect((await withdraw('commission', 140)).data.balance).toBe(0);
    await expectLedgerSound(server);
  });

  it('refuses bad input, a call without its key, and an anonymous caller', async () => {
    for (const [body, path, code] of [
      [{ from: 'commission' }, 'amount', 'amount_required'],
      [{ from: 'commission', amount: 0 }, 'amount', 'amount_invalid'],
      [{ from: 'commission', amount: -100 }, 'amount', 'amount_invalid'],
      [{ from: 'commission', amount: 100.001 }, 'amount', 'amount_invalid'],
      [{ from: 'commission', amount: '100' }, 'amount', 'invalid_type'],
      [{ from: 'bonus', amount: 100 }, 'from', 'invalid_type'],
      [{ amount: 100 }, 'from', 'invalid_type'],
    ] as const) {
      const res = await moneyUntyped(server, earningsWithdrawCall, body, agent.token);
      expect(res.http).toBe(400);
      expect(res.failure.issues?.[0]).toMatchObject({ path, code });
    }
    const noKey = await withdraw('commission', 100, null);
    expect(noKey.failure.issues?.[0]).toMatchObject({ code: 'idempotency_key_required' });
    const anonymous = await server.call(
      earningsWithdrawCall,
      { from: 'commission', amount: 100 },
      { key: newKey() },
    );
    expect(anonymous.http).toBe(401);
  });
});

describe('the minimum as a setting', () => {
  it('reads AGENT_WITHDRAW_MIN as an amount, 100.00 by default', () => {
    expect(loadConfig({}).agent.withdrawMin).toBe(100_00);
    expect(loadConfig({ AGENT_WITHDRAW_MIN: '5.5' }).agent.withdrawMin).toBe(5_50);
    expect(loadConfig({ AGENT_WITHDRAW_MIN: '0.29' }).agent.withdrawMin).toBe(29);
    for (const bad of ['-1', '1.005', 'ten', '1e3'])
      expect(() => loadConfig({ AGENT_WITHDRAW_MIN: bad })).toThrow(ConfigError);
  });
});
