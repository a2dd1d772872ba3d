import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusClaimCall } from '#contract/bonuses';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { pullOnce } from '../../../server/modules/games/puller';
import { ensureUserAccounts } from '../../../server/modules/ledger/service';
import {
  addDemoTransferProvider,
  channelTransfer,
  playAtProvider,
  type TransferProvider,
  transferServerForSuite,
} from '../games/transfer-fixtures';
import { deposit, expectLedgerSound, money, newUser, secondary, seedSites } from '../wallet/helpers';
import { addOffer, mine } from './fixtures';

// A transfer channel's play toward a bonus (decision 0052): the bonus money never leaves for the provider's
// wallet (a move into the channel takes withdrawable money only), and the provider's records, pulled by the
// games worker, count toward the requirement by the channel's contribution. A requirement a pulled record meets
// is released by the bonuses worker (the pull's transaction does not take the player's lock).

const server = transferServerForSuite();
let provider: TransferProvider;

beforeAll(async () => {
  await seedSites(server);
  provider = await addDemoTransferProvider(server);
}, 60_000);
afterAll(async () => {
  await provider?.demo.cleanup();
});

describe('a transfer channel and a bonus', () => {
  it('moves only withdrawable money in, counts pulled records by contribution, and releases through the worker', async () => {
    const offerId = await addOffer(server.db, server.clock.now(), {
      kind: 'registration',
      percent: null,
      amount: 10_00,
      turnover_multiplier: 1,
      contributions: { [provider.channel]: 50 },
    });
    const user = await newUser(server, { safePassword: null });
    await ensureUserAccounts(server.db, user.id, server.clock.now());
    expect((await money(server, bonusClaimCall, { offerId, version: 1 }, user.token)).data.state).toBe(
      'granted',
    );

    // 10.00 of bonus money and nothing withdrawable: nothing may move into the provider's wallet.
    const refused = await channelTransfer(server, user, provider.channel, 'in', 10);
    expect(refused.status).toBe(400);
    expect(refused.data?.issues?.[0]?.code).toBe('insufficient_funds');

    await deposit(server, user, 100);
    expect((await channelTransfer(server, user, provider.channel, 'in', 100)).data.state).toBe('applied');
    const played = await playAtProvider(provider.demo, user.id, 200, 30);
    expect(played.every((r) => r.status === 'OK')).toBe(true);
    const valid = played.reduce((sum, r) => sum + Math.min(Math.abs(r.win - r.bet), r.bet), 0);
    expect(valid).toBeGreaterThanOrEqual(2 * 10_00);

    await pullOnce(server.app.ctx, provider.code, 'worker-a');
    const [counted] = (await mine(server, user)).active;
    // Half of every record's valid bet, and still open: the pull's transaction leaves the release to the worker.
    expect(counted).toMatchObject({ state: 'open', balance: 10 });
    const rows = await server.db
      .selectFrom('bonus_turnover')
      .select(['valid_bet', 'amount'])
      .where('requirement_id', '=', counted?.id as number)
      .execute();
    expect(rows.length).toBe(played.filter((r) => Math.min(Math.abs(r.win - r.bet), r.bet) > 0).length);
    for (const row of rows) expect(row.amount).toBe(Math.floor(row.valid_bet / 2));
    expect(Math.round((counted?.wagered ?? 0) * 100)).toBe(rows.reduce((sum, row) => sum + row.amount, 0));
    expect(counted?.wagered).toBeGreaterThanOrEqual(counted?.required ?? Number.POSITIVE_INFINITY);

    const before = await secondary(server, user);
    expect(await createBonusWorker(server.app.ctx).runOnce()).toBe(1);
    const { active, history } = await mine(server, user);
    expect(active).toEqual([]);
    expect(history[0]).toMatchObject({ state: 'released', released: 10, removed: 0 });
    const after = await secondary(server, user);
    expect(after.canWithdrawCoin).toBe(before.canWithdrawCoin + 10);
    expect(after.totalCoin).toBe(before.totalCoin);
    await expectLedgerSound(server);
  });
});
