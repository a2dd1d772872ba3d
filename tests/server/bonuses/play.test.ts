import { beforeAll, describe, expect, it } from 'vitest';
import { bonusClaimCall, bonusForfeitsCall, bonusOffersCall } from '#contract/bonuses';
import { withdrawCreateCall } from '#contract/wallet';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { accountBalance, systemAccount } from '../../../server/modules/ledger/service';
import { addProvider, openSession, seamlessCall, txId } from '../games/fixtures';
import { serverForSuite } from '../harness';
import {
  addBankCard,
  deposit,
  expectLedgerSound,
  money,
  newUser,
  SAFE_PASSWORD,
  secondary,
  type WalletUser,
} from '../wallet/helpers';
import { addOffer, depositWithOffer, mine, requirementBalance, siteInZone } from './fixtures';

// Bonuses in play (issue 33, decision 0052), spoken to the real server over HTTP: the app's calls as the
// player, the seamless wallet as the provider, the sandbox's signed callback as the payment provider.

const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;

beforeAll(async () => {
  provider = await addProvider(server);
});

const now = () => server.clock.now();

async function session(user: WalletUser) {
  return openSession(server, provider, user);
}

function bet(
  s: { sessionToken: string; playerId: string },
  roundId: string,
  amount: number,
  id = txId('bet'),
) {
  return seamlessCall(server, provider, 'bet', {
    sessionToken: s.sessionToken,
    playerId: s.playerId,
    transactionId: id,
    roundId,
    gameCode: provider.gameCode,
    amount,
  });
}

function win(s: { sessionToken: string; playerId: string }, roundId: string, amount: number) {
  return seamlessCall(server, provider, 'win', {
    sessionToken: s.sessionToken,
    playerId: s.playerId,
    transactionId: txId('win'),
    roundId,
    gameCode: provider.gameCode,
    amount,
    roundClosed: true,
  });
}

describe('a deposit match, from the opt-in to the money becoming withdrawable', () => {
  it('credits the bonus as locked, spends cash first, returns a win to its stake and releases up to the cap', async () => {
    const offerId = await addOffer(server.db, now(), {
      percent: 100,
      turnover_multiplier: 1,
      max_conversion: 120_00,
    });
    const user = await newUser(server);

    const offers = await server.call(bonusOffersCall, { deposit: 100 }, { token: user.token });
    expect(offers.data.map((o) => o.id)).toContain(offerId);
    await depositWithOffer(server, user, 100, offerId);

    expect(await secondary(server, user)).toMatchObject({
      totalCoin: 200,
      canWithdrawCoin: 100,
      lockedCoin: 100,
    });
    const [active] = (await mine(server, user)).active;
    expect(active).toMatchObject({
      offerId,
      state: 'open',
      amount: 100,
      balance: 100,
      required: 100,
      wagered: 0,
    });
    const requirementId = active?.id as number;

    const s = await session(user);
    expect(s.balance).toBe(200_00);
    // 150.00: the 100.00 of cash first, then 50.00 of the bonus.
    const placed = await bet(s, 'round-a', 150_00);
    expect(placed.body).toMatchObject({ status: 'OK', balance: 50_00 });
    expect(await requirementBalance(server, user, requirementId)).toBe(50_00);

    // A win of 300.00 follows its stake: a third of it to the requirement, two thirds withdrawable. The round's
    // valid bet (150.00, slots at 100%) meets the requirement: its 150.00 is released up to 120.00, 30.00 capped.
    const paid = await win(s, 'round-a', 300_00);
    expect(paid.body).toMatchObject({ status: 'OK', balance: 320_00 });
    expect(await secondary(server, user)).toMatchObject({
      totalCoin: 320,
      canWithdrawCoin: 320,
      lockedCoin: 0,
    });
    const { active: none, history } = await mine(server, user);
    expect(none).toEqual([]);
    expect(history[0]).toMatchObject({
      id: requirementId,
      state: 'released',
      wagered: 150,
      released: 120,
      removed: 30,
    });
    await expectLedgerSound(server);
  });

  it('refuses an opt-in for a deposit the offer does not match, or at an older version', async () => {
    const offerId = await addOffer(server.db, now(), { min_deposit: 500_00 });
    const user = await newUser(server);
    await expect(depositWithOffer(server, user, 100, offerId)).rejects.toThrow(/409/);
    await expect(depositWithOffer(server, user, 600, offerId, 2)).rejects.toThrow(/409/);
    expect((await mine(server, user)).active).toEqual([]);
  });
});

describe('the maximum bet and a rollback', () => {
  it('answers LIMIT_REACHED above the maximum bet while the bonus holds money, and a rollback returns money where it came from', async () => {
    const offerId = await addOffer(server.db, now(), {
      percent: 50,
      turnover_multiplier: 10,
      max_bet: 10_00,
    });
    const user = await newUser(server);
    await depositWithOffer(server, user, 20, offerId);
    const [requirement] = (await mine(server, user)).active;
    const s = await session(user);
    expect(s.balance).toBe(30_00);

    const above = await bet(s, 'round-b', 10_01);
    expect(above.body.status).toBe('LIMIT_REACHED');
    expect(above.body.message).toMatch(/bonus_max_bet/);

    // Three bets of 10.00: the cash (20.00), then the bonus (10.00).
    const ids = [txId('bet'), txId('bet'), txId('bet')];
    for (const id of ids) expect((await bet(s, 'round-b', 10_00, id)).body.status).toBe('OK');
    expect(await requirementBalance(server, user, requirement?.id as number)).toBe(0);
    const rolled = await seamlessCall(server, provider, 'rollback', {
      sessionToken: s.sessionToken,
      playerId: s.playerId,
      transactionId: txId('rb'),
      roundId: 'round-b',
      gameCode: provider.gameCode,
      referenceTransactionId: ids[2],
    });
    expect(rolled.body).toMatchObject({ status: 'OK', balance: 10_00 });
    expect(await requirementBalance(server, user, requirement?.id as number)).toBe(10_00);
    await expectLedgerSound(server);
  });
});

describe('a withdrawal that would forfeit a bonus', () => {
  it('is refused without consent, refused for a consent to less, and forfeits with it', async () => {
    const offerId = await addOffer(server.db, now(), { percent: 100, turnover_multiplier: 5 });
    const user = await newUser(server);
    await depositWithOffer(server, user, 200, offerId);
    const methodId = await addBankCard(server, user);
    const ask = (forfeits?: { requirementId: number; amount: number }[]) =>
      money(
        server,
        withdrawCreateCall,
        { amount: 150, methodId, safePassword: SAFE_PASSWORD, forfeits },
        user.token,
      );

    const refused = await ask();
    expect(refused.status).toBe(409);
    expect(refused.failure?.code).toBe('bonus_forfeit_required');
    const forfeits = await server.call(bonusForfeitsCall, {}, { token: user.token });
    expect(forfeits.data).toEqual([{ requirementId: expect.any(Number), title: 'Test offer', amount: 200 }]);
    const [one] = forfeits.data;
    const short = await ask([{ requirementId: one?.requirementId as number, amount: 199.99 }]);
    expect(short.failure?.code).toBe('bonus_forfeit_changed');
    expect(await secondary(server, user)).toMatchObject({
      totalCoin: 400,
      canWithdrawCoin: 200,
      lockedCoin: 200,
    });

    const done = await ask([{ requirementId: one?.requirementId as number, amount: 200 }]);
    expect(done.status).toBe(200);
    // The bonus is gone; the 150.00 is held by the withdrawal under review.
    expect(await secondary(server, user)).toMatchObject({
      totalCoin: 200,
      canWithdrawCoin: 50,
      lockedCoin: 150,
    });
    expect((await mine(server, user)).history[0]).toMatchObject({ state: 'forfeited', removed: 200 });
    await expectLedgerSound(server);
  });

  it('asks nothing when no open bonus forfeits', async () => {
    const user = await newUser(server);
    await deposit(server, user, 200);
    expect((await server.call(bonusForfeitsCall, {}, { token: user.token })).data).toEqual([]);
  });
});

describe('a claimed offer', () => {
  it('is granted once: a second claim is refused, and of 50 claims at once one is granted', async () => {
    const offerId = await addOffer(server.db, now(), { kind: 'registration', percent: null, amount: 5_00 });
    const first = await newUser(server);
    const one = await money(server, bonusClaimCall, { offerId, version: 1 }, first.token);
    expect(one.data).toMatchObject({ state: 'granted', requirement: { amount: 5, balance: 5 } });
    const again = await money(server, bonusClaimCall, { offerId, version: 1 }, first.token);
    expect(again.failure?.code).toBe('bonus_claimed');

    const other = await newUser(server);
    const claims = await Promise.all(
      Array.from({ length: 50 }, () => money(server, bonusClaimCall, { offerId, version: 1 }, other.token)),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.failure?.code === 'bonus_claimed')).toHaveLength(49);
    expect(await secondary(server, other)).toMatchObject({ totalCoin: 5, lockedCoin: 5 });
    await expectLedgerSound(server);
  });

  it('refuses a claim past the budget and records why', async () => {
    const offerId = await addOffer(server.db, now(), {
      kind: 'registration',
      percent: null,
      amount: 8_00,
      budget: 10_00,
    });
    const a = await newUser(server);
    const b = await newUser(server);
    expect((await money(server, bonusClaimCall, { offerId, version: 1 }, a.token)).data.state).toBe(
      'granted',
    );
    const refused = await money(server, bonusClaimCall, { offerId, version: 1 }, b.token);
    expect(refused.data).toMatchObject({ state: 'refused', reason: 'budget_exhausted', requirement: null });
    const claim = await server.db
      .selectFrom('bonus_claims')
      .select(['state', 'reason'])
      .where('offer_id', '=', offerId)
      .where('user_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(claim).toEqual({ state: 'refused', reason: 'budget_exhausted' });
    expect(await secondary(server, b)).toMatchObject({ totalCoin: 0 });
  });

  it('refuses a welcome claim from a device that claimed it before', async () => {
    const offerId = await addOffer(server.db, now(), {
      kind: 'registration',
      percent: null,
      amount: 1_00,
      welcome: 1,
    });
    const a = await newUser(server);
    const b = await newUser(server);
    const device = { 'X-Beacon-Device': `device-${txId('d')}` };
    const first = await server.call(
      bonusClaimCall,
      { offerId, version: 1 },
      { token: a.token, key: txId('k'), headers: device },
    );
    expect(first.data.state).toBe('granted');
    const second = await server.call(
      bonusClaimCall,
      { offerId, version: 1 },
      { token: b.token, key: txId('k'), headers: device },
    );
    expect(second.data).toMatchObject({ state: 'refused', reason: 'same_device' });
  });
});

describe('expiry', () => {
  it('ends at the end of the last business day in the site of the player, in another time zone', async () => {
    // Kiritimati is UTC+14: its business day ends 14 hours before the day of the same date ends in UTC.
    const siteId = await siteInZone(server.db, 'Pacific/Kiritimati');
    const offerId = await addOffer(server.db, now(), {
      kind: 'registration',
      percent: null,
      amount: 3_00,
      validity_days: 1,
      site_id: siteId,
    });
    const user = await newUser(server);
    await server.db.updateTable('users').set({ site_id: siteId }).where('id', '=', user.id).execute();
    const claimed = await money(server, bonusClaimCall, { offerId, version: 1 }, user.token);
    const expiresAt = claimed.data.requirement?.expiresAt as number;
    // The end of the claim's business day in Kiritimati: midnight there, 10:00 UTC.
    expect(new Date(expiresAt).getUTCHours()).toBe(10);
    expect(expiresAt).toBeGreaterThan(now());
    expect(expiresAt - now()).toBeLessThanOrEqual(86_400_000);

    const worker = createBonusWorker(server.app.ctx);
    server.clock.advance(expiresAt - now() - 1);
    await worker.runOnce();
    expect((await mine(server, user)).active).toHaveLength(1);
    const bonusesBefore = await accountBalance(server.db, systemAccount('bonuses'));
    server.clock.advance(1);
    await worker.runOnce();
    await worker.runOnce();
    const { active, history } = await mine(server, user);
    expect(active).toEqual([]);
    expect(history[0]).toMatchObject({ state: 'expired', removed: 3 });
    expect(await accountBalance(server.db, systemAccount('bonuses'))).toBe(bonusesBefore + 3_00);
    await expectLedgerSound(server);
  });
});

describe('the bonus calls without a session', () => {
  it('refuses each of them with 996 and moves nothing', async () => {
    for (const declaration of [bonusOffersCall, bonusForfeitsCall]) {
      const res = await server.callUntyped(declaration, {});
      expect(res.status).toBe(996);
    }
    const claim = await server.callUntyped(bonusClaimCall, { offerId: 1, version: 1 }, { key: txId('k') });
    expect(claim.status).toBe(996);
  });
});
