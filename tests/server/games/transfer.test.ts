import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '#contract/call';
import { ensureUserAccounts, forgetLedgerData } from '../../../server/modules/ledger/service';
import { fund } from '../ledger/fixtures';
import { expectLedgerSound, newKey, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import {
  addDemoTransferProvider,
  channelTransfer,
  expectChannelMatchesProvider,
  injectFaults,
  ledgerBalances,
  playAtProvider,
  providerWallet,
  type SigningProxy,
  signingProxy,
  TRANSFER_GAME,
  type TransferProvider,
  transferRows,
  transferServerForSuite,
} from './transfer-fixtures';

// The transfer wallet (docs/games-protocol.md, "Transfer wallet") against the real demo provider process
// over HTTP: money moves in and out exactly once, a lost answer is settled by the provider's `status`
// before anything else happens on the channel, and Beacon's channel account always ends where the
// provider's wallet is.

const server = transferServerForSuite();
let provider: TransferProvider;
let proxied: TransferProvider;
let proxy: SigningProxy;

beforeAll(async () => {
  await seedSites(server);
  provider = await addDemoTransferProvider(server);
  // A second provider (its own channel) reached through a hop that can spoil its answers' signatures.
  let target = '';
  proxy = await signingProxy(() => target);
  await server.db
    .insertInto('game_channels')
    .values({ code: 'proxied', name: 'Proxied', sort_order: 9, enabled: 1 })
    .execute();
  forgetLedgerData(server.db);
  proxied = await addDemoTransferProvider(server, {
    channel: 'proxied',
    baseUrl: (url) => {
      target = url;
      return proxy.url;
    },
  });
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await provider?.demo.cleanup();
  await proxied?.demo.cleanup();
});

/** A player with `main` minor units in the main balance. */
async function player(main = 100_000): Promise<WalletUser> {
  const user = await newUser(server, { safePassword: null });
  await ensureUserAccounts(server.db, user.id, server.clock.now());
  await fund(server.db, user.id, main);
  return user;
}

const pendingCount = async (userId: number) =>
  (await transferRows(server, userId)).filter((r) => r.state === 'pending').length;

describe('transfer in and out', () => {
  it('moves money into the channel and back, the provider holding what the channel account says', async () => {
    const user = await player();
    const moveIn = await channelTransfer(server, user, provider.channel, 'in', 300);
    expect(moveIn.status).toBe(200);
    expect(moveIn.data).toEqual({ state: 'applied', canWithdrawCoin: 700, channelBalance: 300 });
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 70_000, channel: 30_000 });
    expect(await providerWallet(provider.demo, user.id)).toBe(30_000);

    const balance = await server.post('/games/channel-balance', { channel: provider.channel }, user.token);
    expect(balance.data).toEqual({ channel: provider.channel, balance: 300 });

    const moveOut = await channelTransfer(server, user, provider.channel, 'out', 100.5);
    expect(moveOut.data).toEqual({ state: 'applied', canWithdrawCoin: 800.5, channelBalance: 199.5 });
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 80_050, channel: 19_950 });
    expect(await providerWallet(provider.demo, user.id)).toBe(19_950);
    expect((await transferRows(server, user.id)).map((r) => [r.direction, r.amount, r.state])).toEqual([
      ['in', 30_000, 'applied'],
      ['out', 10_050, 'applied'],
    ]);
    await expectLedgerSound(server);
  });

  it('refuses more than the main balance, or than the channel holds, and moves nothing', async () => {
    const user = await player(5_000);
    const tooMuch = await channelTransfer(server, user, provider.channel, 'in', 50.01);
    expect(tooMuch.http).toBe(400);
    expect(tooMuch.data.issues[0]).toMatchObject({ path: 'amount', code: 'insufficient_funds' });
    expect((await channelTransfer(server, user, provider.channel, 'in', 20)).data.state).toBe('applied');
    const overdraw = await channelTransfer(server, user, provider.channel, 'out', 20.01);
    expect(overdraw.http).toBe(400);
    expect(overdraw.data.issues[0]).toMatchObject({ path: 'amount', code: 'insufficient_funds' });
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 3_000, channel: 2_000 });
    expect(await providerWallet(provider.demo, user.id)).toBe(2_000);
    expect((await transferRows(server, user.id)).length).toBe(1);
  });

  it('answers 400 for a channel no transfer provider keeps', async () => {
    const user = await player();
    const res = await channelTransfer(server, user, 'sports', 'in', 10);
    expect(res.http).toBe(400);
    expect(res.data.issues[0]).toMatchObject({ path: 'channel', code: 'channel_not_found' });
    const balance = await server.post('/games/channel-balance', { channel: 'sports' }, user.token);
    expect(balance.data.issues[0]).toMatchObject({ path: 'channel', code: 'channel_not_found' });
  });

  it('pulls the records before a transfer out, so what the player won can come out', async () => {
    const user = await player();
    await channelTransfer(server, user, provider.channel, 'in', 50);
    // Play until the provider's wallet is above what was moved in: wins Beacon has not pulled yet.
    for (let i = 0; i < 50 && (await providerWallet(provider.demo, user.id)) <= 5_000; i++)
      await playAtProvider(provider.demo, user.id, 100, 1);
    // Almost always above by now; either way the records must be pulled first, or the channel account
    // could not cover a win (refused) or would keep a loss (not 0 below).
    const atProvider = await providerWallet(provider.demo, user.id);
    expect(atProvider).not.toBe(5_000);
    const out = await channelTransfer(server, user, provider.channel, 'out', atProvider / 100);
    expect(out.data).toEqual({
      state: 'applied',
      canWithdrawCoin: (95_000 + atProvider) / 100,
      channelBalance: 0,
    });
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 95_000 + atProvider, channel: 0 });
    expect(await providerWallet(provider.demo, user.id)).toBe(0);
    await expectLedgerSound(server);
  });
});

describe('a lost answer is settled by the status call', () => {
  it('deposit applied, answer dropped: pending, then completed, the money moved once', async () => {
    const user = await player();
    await injectFaults(provider.demo, [{ kind: 'drop-answer', action: 'deposit' }]);
    const res = await channelTransfer(server, user, provider.channel, 'in', 40);
    expect(res.http).toBe(200);
    expect(res.data.state).toBe('pending');
    // Held out of the main balance while pending, so it cannot be spent twice.
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 96_000, channel: 4_000 });
    expect(await providerWallet(provider.demo, user.id)).toBe(4_000);
    expect(await pendingCount(user.id)).toBe(1);

    const balance = await server.post('/games/channel-balance', { channel: provider.channel }, user.token);
    expect(balance.data).toEqual({ channel: provider.channel, balance: 40 });
    expect((await transferRows(server, user.id))[0]?.state).toBe('applied');
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 96_000, channel: 4_000 });
    await expectChannelMatchesProvider(server, provider, user.id);
    await expectLedgerSound(server);
  });

  it('withdraw applied, answer dropped: pending, then completed by the next transfer first', async () => {
    const user = await player();
    await channelTransfer(server, user, provider.channel, 'in', 100);
    await injectFaults(provider.demo, [{ kind: 'drop-answer', action: 'withdraw' }]);
    const out = await channelTransfer(server, user, provider.channel, 'out', 30);
    expect(out.data.state).toBe('pending');
    // Nothing moves on Beacon's side until the provider is known to have paid out.
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 90_000, channel: 10_000 });
    expect(await providerWallet(provider.demo, user.id)).toBe(7_000);

    const next = await channelTransfer(server, user, provider.channel, 'in', 5);
    expect(next.data).toEqual({ state: 'applied', canWithdrawCoin: 925, channelBalance: 75 });
    expect((await transferRows(server, user.id)).map((r) => r.state)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 92_500, channel: 7_500 });
    await expectChannelMatchesProvider(server, provider, user.id);
    await expectLedgerSound(server);
  });

  it('deposit never applied (connection cut first): status says unknown, the money goes back', async () => {
    const user = await player();
    await injectFaults(provider.demo, [{ kind: 'refuse-before-apply', action: 'deposit' }]);
    expect((await channelTransfer(server, user, provider.channel, 'in', 25)).data.state).toBe('pending');
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 97_500, channel: 2_500 });
    expect(await providerWallet(provider.demo, user.id)).toBe(0);

    const balance = await server.post('/games/channel-balance', { channel: provider.channel }, user.token);
    expect(balance.data).toEqual({ channel: provider.channel, balance: 0 });
    expect((await transferRows(server, user.id)).map((r) => r.state)).toEqual(['failed']);
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 100_000, channel: 0 });
    await expectLedgerSound(server);
  });

  it('withdraw never applied: status says unknown, nothing moved on either side', async () => {
    const user = await player();
    await channelTransfer(server, user, provider.channel, 'in', 60);
    await injectFaults(provider.demo, [{ kind: 'refuse-before-apply', action: 'withdraw' }]);
    expect((await channelTransfer(server, user, provider.channel, 'out', 60)).data.state).toBe('pending');
    const balance = await server.post('/games/channel-balance', { channel: provider.channel }, user.token);
    expect(balance.data.balance).toBe(60);
    expect((await transferRows(server, user.id)).map((r) => r.state)).toEqual(['applied', 'failed']);
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 94_000, channel: 6_000 });
    await expectChannelMatchesProvider(server, provider, user.id);
  });

  it('an answer whose signature does not check counts as lost, though the provider applied the call', async () => {
    const user = await player();
    proxy.corruptNext(1);
    const res = await channelTransfer(server, user, proxied.channel, 'in', 15);
    expect(res.data.state).toBe('pending');
    expect(await providerWallet(proxied.demo, user.id)).toBe(1_500);

    // Every answer spoiled: the status call is lost too, and the channel stays closed.
    proxy.corruptNext(1_000);
    const blocked = await channelTransfer(server, user, proxied.channel, 'in', 1);
    expect(blocked.http).toBe(409);
    expect(blocked.data.code).toBe('channel_pending');
    const balanceBlocked = await server.post(
      '/games/channel-balance',
      { channel: proxied.channel },
      user.token,
    );
    expect(balanceBlocked.http).toBe(409);
    expect(await providerWallet(proxied.demo, user.id)).toBe(1_500);

    proxy.corruptNext(0);
    const balance = await server.post('/games/channel-balance', { channel: proxied.channel }, user.token);
    expect(balance.data).toEqual({ channel: proxied.channel, balance: 15 });
    expect((await transferRows(server, user.id)).map((r) => r.state)).toEqual(['applied']);
    expect(await ledgerBalances(server, user.id, proxied.channel)).toEqual({ main: 98_500, channel: 1_500 });
    await expectLedgerSound(server);
  });
});

describe("the app's idempotency key", () => {
  it('a replay answers the first outcome and moves nothing; the key on another body is refused', async () => {
    const user = await player();
    const key = newKey();
    const first = await channelTransfer(server, user, provider.channel, 'in', 12, key);
    const again = await channelTransfer(server, user, provider.channel, 'in', 12, key);
    expect(again.status).toBe(200);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await providerWallet(provider.demo, user.id)).toBe(1_200);
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 98_800, channel: 1_200 });
    const other = await channelTransfer(server, user, provider.channel, 'in', 13, key);
    expect(other.http).toBe(422);
    expect(other.data.code).toBe('idempotency_key_reused');
    expect((await transferRows(server, user.id)).length).toBe(1);
  });

  it('a replay of a move left pending settles it and answers how it ended', async () => {
    const user = await player();
    const key = newKey();
    await injectFaults(provider.demo, [{ kind: 'drop-answer', action: 'deposit' }]);
    expect((await channelTransfer(server, user, provider.channel, 'in', 8, key)).data.state).toBe('pending');
    const replay = await channelTransfer(server, user, provider.channel, 'in', 8, key);
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(replay.data).toMatchObject({ state: 'applied', canWithdrawCoin: 992 });
    expect(await providerWallet(provider.demo, user.id)).toBe(800);
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 99_200, channel: 800 });
  });

  it('a replay of a move the provider never applied answers the refusal again', async () => {
    const user = await player();
    const key = newKey();
    await injectFaults(provider.demo, [{ kind: 'refuse-before-apply', action: 'deposit' }]);
    expect((await channelTransfer(server, user, provider.channel, 'in', 9, key)).data.state).toBe('pending');
    for (let i = 0; i < 2; i++) {
      const replay = await channelTransfer(server, user, provider.channel, 'in', 9, key);
      expect(replay.http).toBe(422);
      expect(replay.data.code).toBe('channel_refused');
    }
    expect(await ledgerBalances(server, user.id)).toEqual({ main: 100_000, channel: 0 });
    expect(await providerWallet(provider.demo, user.id)).toBe(0);
  });
});

describe('launching a transfer game', () => {
  it('opens the provider’s own page for the player, made by its launch call', async () => {
    const user = await player();
    const game = await server.db
      .selectFrom('games')
      .select('id')
      .where('provider_code', '=', provider.code)
      .executeTakeFirstOrThrow();
    const res = await server.post('/games/launch', { gameId: Number(game.id), lang: 'ko-KR' }, user.token);
    expect(res.data.name).toBe('Table Dice');
    const url = new URL(res.data.url);
    expect(`${url.origin}`).toBe(new URL(provider.demo.url).origin);
    expect(url.pathname).toBe(`/tplay/${TRANSFER_GAME}`);
    // The page it opens is the player's, at the provider.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Table Dice');
  });
});
