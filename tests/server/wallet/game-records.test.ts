import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelBalanceCall } from '#contract/games';
import { recordsCall } from '#contract/wallet';
import { userAccount } from '../../../server/modules/ledger/service';
import { addProvider, openSession, playSeamlessRound, seamlessCall, txId } from '../games/fixtures';
import {
  addDemoTransferProvider,
  channelTransfer,
  injectFaults,
  type TransferProvider,
  transferServerForSuite,
} from '../games/transfer-fixtures';
import { balanceOf } from '../ledger/fixtures';
import { deposit, expectLedgerSound, newUser, seedSites, type WalletUser } from './helpers';

// The Records page lists every movement of the player's main balance (decision 0047): a deposit, each move
// into and out of a transfer channel, and each seamless round as one row with its net.

const server = transferServerForSuite();
let transfer: TransferProvider;
let seamless: Awaited<ReturnType<typeof addProvider>>;

beforeAll(async () => {
  await seedSites(server);
  transfer = await addDemoTransferProvider(server);
  seamless = await addProvider(server);
}, 60_000);
afterAll(async () => {
  await transfer?.demo.cleanup();
});

interface Listed {
  id: number;
  type: string;
  amount: number;
  state: string;
  game: { move: string; channel: string } | null;
}

const list = async (user: WalletUser, body: Record<string, unknown> = {}, language?: string) => {
  const res = await server.call(recordsCall, body, {
    token: user.token,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(res.status).toBe(200);
  if (language) expect(res.headers.get('vary')).toMatch(/accept-language/i);
  return res.data as { content: Listed[]; totalElements: number; totalPages: number };
};

/** The test clock stands still: a second between movements orders them as a player would see them. */
const later = () => server.clock.advance(1000);

/** A seamless round of `bet` minor units paying `win`, closed by the win. */
async function playRound(user: WalletUser, bet: number, win: number): Promise<void> {
  const session = await openSession(server, seamless, user);
  await playSeamlessRound(server, seamless, session, bet, win);
}

describe('records of game money', () => {
  it('lists the deposit, both channel moves and the seamless round, summing to the balance change', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 100);
    later();
    expect((await channelTransfer(server, user, transfer.channel, 'in', 30)).data.state).toBe('applied');
    later();
    expect((await channelTransfer(server, user, transfer.channel, 'out', 10)).data.state).toBe('applied');
    later();
    await playRound(user, 500, 1200);

    const all = await list(user);
    expect(all.totalElements).toBe(4);
    expect(all.content.map(({ type, amount, state, game }) => ({ type, amount, state, game }))).toEqual([
      { type: 'game', amount: 7, state: 'Success', game: { move: 'round', channel: 'Slots' } },
      { type: 'game', amount: 10, state: 'Success', game: { move: 'channelOut', channel: 'Live Casino' } },
      { type: 'game', amount: -30, state: 'Success', game: { move: 'channelIn', channel: 'Live Casino' } },
      { type: 'deposit', amount: 100, state: 'Success', game: null },
    ]);
    expect(new Set(all.content.map((r) => r.id)).size).toBe(4);
    const listed = all.content.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
    expect(listed).toBe(await balanceOf(server.db, userAccount(user.id, 'main')));
    expect(listed).toBe(87_00);

    const games = await list(user, { type: 'game' });
    expect(games.totalElements).toBe(3);
    expect(games.content.map((r) => r.amount)).toEqual([7, 10, -30]);
    expect((await list(user, { type: 'deposit' })).content.map((r) => r.amount)).toEqual([100]);
    await expectLedgerSound(server);
  });

  it('names the channels of moves and rounds in the caller’s language (decision 0048)', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 60);
    later();
    await channelTransfer(server, user, transfer.channel, 'in', 20);
    later();
    await channelTransfer(server, user, transfer.channel, 'out', 5);
    later();
    await playRound(user, 100, 0);
    const games = async (language: string) =>
      (await list(user, { type: 'game' }, language)).content.map((r) => r.game);
    expect(await games('es-ES,es;q=0.9')).toEqual([
      { move: 'round', channel: 'Tragamonedas' },
      { move: 'channelOut', channel: 'Casino en vivo' },
      { move: 'channelIn', channel: 'Casino en vivo' },
    ]);
    expect((await games('ko-KR')).map((g) => g?.channel)).toEqual(['슬롯', '라이브 카지노', '라이브 카지노']);
    // A language without texts reads the channel's own (default) name.
    expect((await games('en-PH')).map((g) => g?.channel)).toEqual(['Slots', 'Live Casino', 'Live Casino']);
  });

  it('pages the merged list without losing or repeating a row', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 50);
    later();
    await channelTransfer(server, user, transfer.channel, 'in', 20);
    later();
    await playRound(user, 300, 0);
    const first = await list(user, { number: 0, size: 2 });
    const second = await list(user, { number: 1, size: 2 });
    expect(first.totalElements).toBe(3);
    expect(first.totalPages).toBe(2);
    expect([...first.content, ...second.content].map((r) => r.amount)).toEqual([-3, -20, 50]);
  });

  it('lists a move into a channel its provider never applied, and the money given back', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 40);
    later();
    await injectFaults(transfer.demo, [{ kind: 'refuse-before-apply', action: 'deposit' }]);
    expect((await channelTransfer(server, user, transfer.channel, 'in', 25)).data.state).toBe('pending');
    later();
    // The next call on the channel asks the provider, which never applied it: the money comes back.
    await server.call(channelBalanceCall, { channel: transfer.channel }, { token: user.token });
    const games = await list(user, { type: 'game' });
    expect(games.content.map(({ amount, game }) => ({ amount, move: game?.move }))).toEqual([
      { amount: 25, move: 'channelReturned' },
      { amount: -25, move: 'channelIn' },
    ]);
  });

  it('shows a rolled back bet as a round that moved nothing', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 10);
    const session = await openSession(server, seamless, user);
    const common = {
      sessionToken: session.sessionToken,
      playerId: session.playerId,
      roundId: txId('round'),
      gameCode: seamless.gameCode,
    };
    const betId = txId('bet');
    await seamlessCall(server, seamless, 'bet', { ...common, transactionId: betId, amount: 200 });
    await seamlessCall(server, seamless, 'rollback', {
      ...common,
      transactionId: txId('rb'),
      referenceTransactionId: betId,
    });
    const games = await list(user, { type: 'game' });
    expect(games.content.map(({ amount, game }) => ({ amount, game }))).toEqual([
      { amount: 0, game: { move: 'round', channel: 'Slots' } },
    ]);
  });
});
