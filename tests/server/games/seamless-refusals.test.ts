// Issue 31, item 1: a refused seamless call is answered for good (decision 0039). The refusal is recorded under
// its transaction id with the call's fingerprint, so when the id comes again after what refused it has gone
// (a deposit, a ban lifted, a game switched on, a round opened, a new session), an exact copy answers the
// first refusal again and moves nothing, and a changed copy or one for another player is a duplicate.
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetCatalogue } from '../../../server/modules/games/catalogue';
import { upsertGame } from '../../../server/modules/games/repository';
import { channelAccount, userAccount } from '../../../server/modules/ledger/service';
import { serverForSuite } from '../harness';
import { balanceOf } from '../ledger/fixtures';
import { deposit, expectLedgerSound, newUser, type WalletUser } from '../wallet/helpers';
import { addProvider, openSession, type SeamlessResult, seamlessCall, txId } from './fixtures';

type Provider = Awaited<ReturnType<typeof addProvider>>;
type Action = 'bet' | 'win' | 'rollback';

const server = serverForSuite({ demoSeed: true });
let provider: Provider;

beforeAll(async () => {
  provider = await addProvider(server);
});

interface Seat {
  user: WalletUser;
  sessionToken: string;
  playerId: string;
}

/** A player with 100.00 and a session open at the provider's game. */
async function seat(p: Provider = provider): Promise<Seat> {
  const user = await newUser(server, { safePassword: null });
  await deposit(server, user, 100);
  return { user, ...(await openSession(server, p, user)) };
}

const betBody = (s: Seat, roundId: string, amount: number, p: Provider = provider) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('bet'),
  roundId,
  gameCode: p.gameCode,
  amount,
});
const winBody = (s: Seat, roundId: string, amount: number) => ({
  ...betBody(s, roundId, amount),
  transactionId: txId('win'),
  roundClosed: true,
});
const rollbackBody = (s: Seat, roundId: string, referenceTransactionId: string) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('rb'),
  roundId,
  gameCode: provider.gameCode,
  referenceTransactionId,
});
const as = (s: Seat) => ({ sessionToken: s.sessionToken, playerId: s.playerId });

const money = async (s: Seat, p: Provider = provider) => ({
  main: await balanceOf(server.db, userAccount(s.user.id, 'main')),
  inGame: await balanceOf(server.db, channelAccount(s.user.id, p.channel)),
});

const records = async (p: Provider, transactionId: string) =>
  (
    await server.db
      .selectFrom('game_wallet_calls')
      .select(['action', 'state'])
      .where('provider_code', '=', p.code)
      .where('transaction_ref', '=', transactionId)
      .execute()
  ).map((r) => `${r.action}:${r.state}`);

const postings = async (p: Provider, transactionId: string) =>
  server.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_source', '=', `provider:${p.code}`)
    .where('external_ref', '=', transactionId)
    .execute();

/**
 * The refused call `body` (answered `first`), sent again once what refused it has gone: the exact copy (even
 * under another session token of the player's, which is not part of the call) answers `first` byte for byte, a
 * changed copy and the same id for `other` answer DUPLICATE_TRANSACTION, and none of them moves anything.
 */
async function expectRefusalStands(opts: {
  p?: Provider;
  action: Action;
  first: SeamlessResult;
  body: Record<string, unknown> & { transactionId: string };
  owner: Seat;
  other: Seat;
  changed: Record<string, unknown>;
  copies?: Record<string, unknown>[];
}) {
  const p = opts.p ?? provider;
  const before = { owner: await money(opts.owner, p), other: await money(opts.other, p) };
  for (const copy of [opts.body, ...(opts.copies ?? [])]) {
    const again = await seamlessCall(server, p, opts.action, copy);
    expect({ http: again.http, raw: again.raw }).toEqual({ http: opts.first.http, raw: opts.first.raw });
  }
  const changed = await seamlessCall(server, p, opts.action, { ...opts.body, ...opts.changed });
  expect(changed.http).toBe(200);
  expect(changed.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: before.owner.main });
  const theirs = await seamlessCall(server, p, opts.action, { ...opts.body, ...as(opts.other) });
  expect(theirs.http).toBe(200);
  expect(theirs.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: before.other.main });
  expect({ owner: await money(opts.owner, p), other: await money(opts.other, p) }).toEqual(before);
  expect(await records(p, opts.body.transactionId)).toEqual([`${opts.action}:refused`]);
  expect(await postings(p, opts.body.transactionId)).toEqual([]);
  await expectLedgerSound(server);
}

describe('a refused bet, sent again once it could be applied', () => {
  it('INSUFFICIENT_FUNDS, then a deposit: the copy is refused again with the first balance', async () => {
    const s = await seat();
    const other = await seat();
    const round = txId('round');
    const body = betBody(s, round, 15_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: 10_000 });
    await deposit(server, s.user, 100);
    await expectRefusalStands({ action: 'bet', first, body, owner: s, other, changed: { amount: 14_000 } });
    expect(await money(s)).toEqual({ main: 20_000, inGame: 0 });
    const rounds = await server.db
      .selectFrom('game_rounds')
      .select('id')
      .where('provider_code', '=', provider.code)
      .where('round_ref', '=', round)
      .execute();
    expect(rounds).toEqual([]);
  });

  it('INSUFFICIENT_FUNDS in a round already open: the round keeps its one bet', async () => {
    const s = await seat();
    const other = await seat();
    const round = txId('round');
    expect((await seamlessCall(server, provider, 'bet', betBody(s, round, 6_000))).body.status).toBe('OK');
    const body = betBody(s, round, 5_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: 4_000 });
    await deposit(server, s.user, 10);
    await expectRefusalStands({ action: 'bet', first, body, owner: s, other, changed: { amount: 4_900 } });
    expect(await money(s)).toEqual({ main: 5_000, inGame: 6_000 });
  });

  it('USER_BLOCKED, then the ban lifted', async () => {
    const s = await seat();
    const other = await seat();
    await server.db.updateTable('users').set({ banned: 1 }).where('id', '=', s.user.id).execute();
    const body = betBody(s, txId('round'), 1_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body).toEqual({ status: 'USER_BLOCKED', balance: 10_000 });
    await server.db.updateTable('users').set({ banned: 0 }).where('id', '=', s.user.id).execute();
    await expectRefusalStands({ action: 'bet', first, body, owner: s, other, changed: { amount: 1_100 } });
  });

  it('LIMIT_REACHED above the game’s maximum, then the maximum raised', async () => {
    const p = await addProvider(server);
    const s = await seat(p);
    const other = await seat(p);
    const body = betBody(s, txId('round'), 100_100, p);
    const first = await seamlessCall(server, p, 'bet', body);
    expect(first.body).toMatchObject({ status: 'LIMIT_REACHED', balance: 10_000 });
    await server.db.updateTable('games').set({ max_bet: 1_000_000 }).where('id', '=', p.gameId).execute();
    await deposit(server, s.user, 1_000);
    forgetCatalogue(server.db);
    await expectRefusalStands({
      p,
      action: 'bet',
      first,
      body,
      owner: s,
      other,
      changed: { amount: 100_200 },
    });
  });

  it('LIMIT_REACHED for a game switched off, then on again', async () => {
    const p = await addProvider(server);
    const s = await seat(p);
    const other = await seat(p);
    await server.db.updateTable('games').set({ enabled: 0 }).where('id', '=', p.gameId).execute();
    forgetCatalogue(server.db);
    const body = betBody(s, txId('round'), 1_000, p);
    const first = await seamlessCall(server, p, 'bet', body);
    expect(first.body).toMatchObject({ status: 'LIMIT_REACHED', balance: 10_000 });
    await server.db.updateTable('games').set({ enabled: 1 }).where('id', '=', p.gameId).execute();
    forgetCatalogue(server.db);
    await expectRefusalStands({ p, action: 'bet', first, body, owner: s, other, changed: { amount: 900 } });
  });

  it('INVALID_REQUEST (HTTP 400) for an unknown game, then the game configured', async () => {
    const p = await addProvider(server);
    const s = await seat(p);
    const other = await seat(p);
    const body = { ...betBody(s, txId('round'), 1_000, p), gameCode: 'coming-soon' };
    const first = await seamlessCall(server, p, 'bet', body);
    expect(first).toMatchObject({ http: 400, body: { status: 'INVALID_REQUEST', balance: 10_000 } });
    await upsertGame(server.db, {
      provider_code: p.code,
      code: 'coming-soon',
      name: 'Coming Soon',
      search_name: 'coming soon',
      channel_code: p.channel,
      category: p.category,
      rtp_bp: 9600,
      min_bet: 100,
      max_bet: 100_000,
      sort_order: 0,
      enabled: 1,
      created_at: server.clock.now(),
    });
    forgetCatalogue(server.db);
    await expectRefusalStands({ p, action: 'bet', first, body, owner: s, other, changed: { amount: 900 } });
  });

  it('TOKEN_EXPIRED, then a new session: the copy under the new session token is refused again', async () => {
    const s = await seat();
    server.clock.advance(31 * 60_000);
    const body = betBody(s, txId('round'), 1_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body).toEqual({ status: 'TOKEN_EXPIRED', balance: 10_000 });
    const renewed = { ...s, ...(await openSession(server, provider, s.user)) };
    const other = await seat();
    await expectRefusalStands({
      action: 'bet',
      first,
      body,
      owner: renewed,
      other,
      changed: { amount: 1_100 },
      copies: [{ ...body, ...as(renewed) }],
    });
  });

  it('INVALID_TOKEN for an unknown session, then the same call under the player’s session', async () => {
    const s = await seat();
    const other = await seat();
    const body = { ...betBody(s, txId('round'), 1_000), sessionToken: 'not-a-session' };
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body).toEqual({ status: 'INVALID_TOKEN' });
    await expectRefusalStands({
      action: 'bet',
      first,
      body: { ...body, ...as(s) },
      owner: s,
      other,
      changed: { amount: 1_100 },
      copies: [body],
    });
  });

  it('ROUND_CLOSED in a settled round', async () => {
    const s = await seat();
    const other = await seat();
    const round = txId('round');
    await seamlessCall(server, provider, 'bet', betBody(s, round, 1_000));
    await seamlessCall(server, provider, 'win', winBody(s, round, 0));
    const body = betBody(s, round, 1_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body).toEqual({ status: 'ROUND_CLOSED', balance: 9_000 });
    await expectRefusalStands({ action: 'bet', first, body, owner: s, other, changed: { amount: 1_100 } });
  });

  it('a rollback of a refused bet moves nothing and answers OK; the bet stays refused', async () => {
    const s = await seat();
    const round = txId('round');
    const body = betBody(s, round, 15_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    expect(first.body.status).toBe('INSUFFICIENT_FUNDS');
    await deposit(server, s.user, 100);
    const rolled = await seamlessCall(
      server,
      provider,
      'rollback',
      rollbackBody(s, round, body.transactionId),
    );
    expect(rolled.body).toMatchObject({ status: 'OK', balance: 20_000 });
    expect((await seamlessCall(server, provider, 'bet', body)).raw).toBe(first.raw);
    expect(await money(s)).toEqual({ main: 20_000, inGame: 0 });
    expect(await records(provider, body.transactionId)).toEqual(['bet:refused']);
    await expectLedgerSound(server);
  });
});

describe('a refused win or rollback, sent again', () => {
  it('TRANSACTION_NOT_FOUND for a win before its round’s bet, then the bet: the copy is refused again', async () => {
    const s = await seat();
    const other = await seat();
    const round = txId('round');
    const body = winBody(s, round, 5_000);
    const first = await seamlessCall(server, provider, 'win', body);
    expect(first.body).toMatchObject({ status: 'TRANSACTION_NOT_FOUND', balance: 10_000 });
    expect((await seamlessCall(server, provider, 'bet', betBody(s, round, 1_000))).body.status).toBe('OK');
    await expectRefusalStands({ action: 'win', first, body, owner: s, other, changed: { amount: 5_100 } });
    expect(await money(s)).toEqual({ main: 9_000, inGame: 1_000 });
  });

  it('ROUND_CLOSED for a win in a settled round', async () => {
    const s = await seat();
    const other = await seat();
    const round = txId('round');
    await seamlessCall(server, provider, 'bet', betBody(s, round, 1_000));
    await seamlessCall(server, provider, 'win', winBody(s, round, 0));
    const body = winBody(s, round, 5_000);
    const first = await seamlessCall(server, provider, 'win', body);
    expect(first.body).toEqual({ status: 'ROUND_CLOSED', balance: 9_000 });
    await expectRefusalStands({ action: 'win', first, body, owner: s, other, changed: { amount: 5_100 } });
  });

  it('ROUND_CLOSED for a rollback in a settled round, and TRANSACTION_NOT_FOUND for one of a win', async () => {
    const s = await seat();
    const other = await seat();
    const round = txId('round');
    const bet = betBody(s, round, 1_000);
    await seamlessCall(server, provider, 'bet', bet);
    const win = winBody(s, round, 0);
    await seamlessCall(server, provider, 'win', win);
    const late = rollbackBody(s, round, bet.transactionId);
    const closed = await seamlessCall(server, provider, 'rollback', late);
    expect(closed.body).toEqual({ status: 'ROUND_CLOSED', balance: 9_000 });
    const changed = { referenceTransactionId: txId('bet') };
    await expectRefusalStands({ action: 'rollback', first: closed, body: late, owner: s, other, changed });
    const ofWin = rollbackBody(s, round, win.transactionId);
    const notBet = await seamlessCall(server, provider, 'rollback', ofWin);
    expect(notBet.body).toMatchObject({ status: 'TRANSACTION_NOT_FOUND', balance: 9_000 });
    await expectRefusalStands({ action: 'rollback', first: notBet, body: ofWin, owner: s, other, changed });
  });
});
