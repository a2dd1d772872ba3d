import { beforeAll, describe, expect, it } from 'vitest';
import { forgetCatalogue } from '../../../server/modules/games/catalogue';
import { signatureProblem } from '../../../server/modules/games/signing';
import { serverForSuite } from '../harness';
import { deposit, expectLedgerSound, newUser, type WalletUser } from '../wallet/helpers';
import { addProvider, launchToken, openSession, seamlessCall, txId } from './fixtures';

// The seamless wallet's rules (docs/games-protocol.md), spoken to the real server over HTTP by a test
// acting as the provider. The demo provider process speaks the same protocol in seamless-provider.test.ts.

const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;

beforeAll(async () => {
  provider = await addProvider(server);
});

/** A player with 100.00 and an open game session. */
async function player(): Promise<{ user: WalletUser; sessionToken: string; playerId: string }> {
  const user = await newUser(server, { safePassword: null });
  await deposit(server, user, 100);
  const session = await openSession(server, provider, user);
  return { user, ...session };
}

const betBody = (
  p: { sessionToken: string; playerId: string },
  roundId: string,
  amount: number,
  id = txId('bet'),
) => ({
  sessionToken: p.sessionToken,
  playerId: p.playerId,
  transactionId: id,
  roundId,
  gameCode: provider.gameCode,
  amount,
});
const winBody = (
  p: { sessionToken: string; playerId: string },
  roundId: string,
  amount: number,
  roundClosed = true,
  id = txId('win'),
) => ({ ...betBody(p, roundId, amount, id), roundClosed });
/** A rollback of the bet `bet` (its round and transaction id), under a fresh transaction id. */
const rollbackBody = (
  p: { sessionToken: string; playerId: string },
  bet: { roundId: string; transactionId: string },
) => ({
  sessionToken: p.sessionToken,
  playerId: p.playerId,
  transactionId: txId('rb'),
  roundId: bet.roundId,
  gameCode: provider.gameCode,
  referenceTransactionId: bet.transactionId,
});

async function roundRow(roundRef: string) {
  return server.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('provider_code', '=', provider.code)
    .where('round_ref', '=', roundRef)
    .executeTakeFirst();
}

describe('authenticate', () => {
  it('exchanges a launch token once for a session, with the balance in minor units', async () => {
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 12.5);
    const token = await launchToken(server, user, provider.gameId);
    const first = await seamlessCall(server, provider, 'authenticate', { token });
    expect(first.body).toMatchObject({
      status: 'OK',
      balance: 1250,
      currency: 'PHP',
      playerId: String(user.id),
    });
    expect(first.body.sessionToken).toMatch(/^[\w-]{20,}$/);
    const again = await seamlessCall(server, provider, 'authenticate', { token });
    expect(again.body.status).toBe('INVALID_TOKEN');
    expect((await seamlessCall(server, provider, 'authenticate', { token: 'nope' })).body.status).toBe(
      'INVALID_TOKEN',
    );
  });

  it('refuses a launch token after two minutes', async () => {
    const user = await newUser(server, { safePassword: null });
    const token = await launchToken(server, user, provider.gameId);
    server.clock.advance(121_000);
    expect((await seamlessCall(server, provider, 'authenticate', { token })).body.status).toBe(
      'TOKEN_EXPIRED',
    );
  });

  it('answers USER_BLOCKED for a banned account', async () => {
    const user = await newUser(server, { safePassword: null });
    const token = await launchToken(server, user, provider.gameId);
    await server.db.updateTable('users').set({ banned: 1 }).where('id', '=', user.id).execute();
    expect((await seamlessCall(server, provider, 'authenticate', { token })).body.status).toBe(
      'USER_BLOCKED',
    );
  });
});

describe('signatures', () => {
  it('signs every answer with the provider’s secret over the exact body', async () => {
    const p = await player();
    const res = await seamlessCall(server, provider, 'balance', {
      sessionToken: p.sessionToken,
      playerId: p.playerId,
    });
    expect(res.body).toEqual({ status: 'OK', balance: 10_000 });
    const problem = signatureProblem(
      provider.secret,
      res.headers.get('x-beacon-timestamp') ?? undefined,
      res.headers.get('x-beacon-signature') ?? undefined,
      res.raw,
      Date.now(),
    );
    expect(problem).toBeNull();
  });

  it('refuses a wrong secret, a changed body, a missing signature, a stale or future timestamp and an unknown provider', async () => {
    const p = await player();
    const body = betBody(p, txId('r'), 100);
    const wrong = await seamlessCall(server, { code: provider.code, secret: 'not-the-secret' }, 'bet', body);
    expect(wrong.body).toEqual({ status: 'INVALID_SIGNATURE' });
    const tampered = await seamlessCall(server, provider, 'bet', body, {
      rawBody: JSON.stringify({ ...body, amount: 1 }),
      headers: (await import('../../../server/modules/games/signing')).signedHeaders(
        provider.secret,
        JSON.stringify(body),
        Date.now(),
      ),
    });
    expect(tampered.body.status).toBe('INVALID_SIGNATURE');
    const unsigned = await seamlessCall(server, provider, 'bet', body, {
      headers: { 'x-beacon-signature': '' },
    });
    expect(unsigned.body.status).toBe('INVALID_SIGNATURE');
    const stale = await seamlessCall(server, provider, 'bet', body, { signAt: Date.now() - 301_000 });
    expect(stale.body.status).toBe('INVALID_SIGNATURE');
    const future = await seamlessCall(server, provider, 'bet', body, {
      signAt: Date.now() + 301_000,
    });
    expect(future.body.status).toBe('INVALID_SIGNATURE');
    const inWindow = await seamlessCall(server, provider, 'bet', body, {
      signAt: Date.now() - 299_000,
    });
    expect(inWindow.body.status).toBe('OK');
    const stranger = await seamlessCall(server, { code: 'nobody', secret: provider.secret }, 'bet', body);
    expect(stranger.body.status).toBe('INVALID_SIGNATURE');
    // Nothing moved but the one bet in the window.
    expect((await roundRow(body.roundId))?.bet).toBe(100);
  });

  it('answers 400 INVALID_REQUEST for a signed call with a bad body, and refuses an unsigned one before reading it', async () => {
    const p = await player();
    const bad = await seamlessCall(server, provider, 'bet', { ...betBody(p, txId('r'), 100), amount: -5 });
    expect(bad.http).toBe(400);
    expect(bad.body.status).toBe('INVALID_REQUEST');
    const extra = await seamlessCall(server, provider, 'bet', { ...betBody(p, txId('r'), 100), extra: 1 });
    expect(extra.body.status).toBe('INVALID_REQUEST');
    const notJson = await seamlessCall(server, provider, 'bet', null, { rawBody: '{"amount":' });
    expect(notJson.http).toBe(400);
    expect(notJson.body.status).toBe('INVALID_REQUEST');
    const unsignedBad = await seamlessCall(server, { code: provider.code, secret: 'x' }, 'bet', {
      amount: -5,
    });
    expect(unsignedBad).toMatchObject({ http: 200, body: { status: 'INVALID_SIGNATURE' } });
  });
});

describe('a round', () => {
  it('bets, wins and settles: balances, the in-game amount, the valid bet and the ledger', async () => {
    const p = await player();
    const round = txId('round');
    const bet = await seamlessCall(server, provider, 'bet', betBody(p, round, 2_000));
    expect(bet.body).toMatchObject({ status: 'OK', balance: 8_000 });
    const info = await server.post('/user/secondaryInfo', {}, p.user.token);
    expect(info.data.channelData).toContainEqual({ name: 'Slots', balance: 20 });
    expect((await roundRow(round))?.status).toBe('pending');
    const win = await seamlessCall(server, provider, 'win', winBody(p, round, 5_000));
    expect(win.body).toMatchObject({ status: 'OK', balance: 13_000 });
    const row = await roundRow(round);
    expect(row).toMatchObject({ status: 'settled' });
    expect(Number(row?.bet)).toBe(2_000);
    expect(Number(row?.win)).toBe(5_000);
    // min(|5000 - 2000|, 2000)
    expect(Number(row?.valid_bet)).toBe(2_000);
    const after = await server.post('/user/secondaryInfo', {}, p.user.token);
    expect(after.data.channelData).toContainEqual({ name: 'Slots', balance: 0 });
    const daily = await server.db
      .selectFrom('game_daily_valid')
      .selectAll()
      .where('user_id', '=', p.user.id)
      .execute();
    expect(daily.map((d) => [d.channel_code, Number(d.rounds), Number(d.valid_bet)])).toEqual([
      ['slots', 1, 2_000],
    ]);
    await expectLedgerSound(server);
  });

  it('settles a round whose game catalogue was read again in between (its cache expires every minute)', async () => {
    // The catalogue's cache gone, as it is a minute after it was read: the win reads it again. It once did so
    // inside its money transaction, through the app's handle, and on SQLite waited for the connection that
    // transaction held, forever, with every request after it.
    const p = await player();
    const round = txId('round');
    expect((await seamlessCall(server, provider, 'bet', betBody(p, round, 1_000))).body.status).toBe('OK');
    forgetCatalogue(server.db);
    const win = await seamlessCall(server, provider, 'win', winBody(p, round, 0));
    expect(win.body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect((await roundRow(round))?.status).toBe('settled');
    forgetCatalogue(server.db);
    const next = txId('round');
    expect((await seamlessCall(server, provider, 'bet', betBody(p, next, 1_000))).body).toMatchObject({
      status: 'OK',
      balance: 8_000,
    });
  });

  it('counts a small win by what was really risked, and a loss by its bet', async () => {
    const p = await player();
    const hedged = txId('round');
    await seamlessCall(server, provider, 'bet', betBody(p, hedged, 1_000));
    await seamlessCall(server, provider, 'win', winBody(p, hedged, 900));
    expect(Number((await roundRow(hedged))?.valid_bet)).toBe(100);
    const lost = txId('round');
    await seamlessCall(server, provider, 'bet', betBody(p, lost, 1_000));
    await seamlessCall(server, provider, 'win', winBody(p, lost, 0));
    expect(Number((await roundRow(lost))?.valid_bet)).toBe(1_000);
  });

  it('answers an exact replay with the first answer and moves nothing; another body under the id is a duplicate', async () => {
    const p = await player();
    const round = txId('round');
    const body = betBody(p, round, 1_000);
    const first = await seamlessCall(server, provider, 'bet', body);
    const replay = await seamlessCall(server, provider, 'bet', body);
    expect(replay.raw).toBe(first.raw);
    const other = await seamlessCall(server, provider, 'bet', { ...body, amount: 1_100 });
    expect(other.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: 9_000 });
    const w = winBody(p, round, 3_000);
    const won = await seamlessCall(server, provider, 'win', w);
    expect((await seamlessCall(server, provider, 'win', w)).raw).toBe(won.raw);
    expect(Number((await roundRow(round))?.win)).toBe(3_000);
    await expectLedgerSound(server);
  });

  it('refuses what the player cannot cover, never overdrawing, and bets outside the game’s limits', async () => {
    const p = await player();
    const poor = await seamlessCall(server, provider, 'bet', betBody(p, txId('round'), 10_001));
    expect(poor.body).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: 10_000 });
    const tooBig = await seamlessCall(server, provider, 'bet', betBody(p, txId('round'), 100_001));
    expect(tooBig.body.status).toBe('LIMIT_REACHED');
    const tooSmall = await seamlessCall(server, provider, 'bet', betBody(p, txId('round'), 99));
    expect(tooSmall.body.status).toBe('LIMIT_REACHED');
    const all = await seamlessCall(server, provider, 'bet', betBody(p, txId('round'), 10_000));
    expect(all.body).toMatchObject({ status: 'OK', balance: 0 });
  });

  it('rolls a bet back as a linked reversal, and cancels a round left without bets', async () => {
    const p = await player();
    const round = txId('round');
    const body = betBody(p, round, 2_500);
    await seamlessCall(server, provider, 'bet', body);
    const rollback = rollbackBody(p, body);
    const rolled = await seamlessCall(server, provider, 'rollback', rollback);
    expect(rolled.body).toMatchObject({ status: 'OK', balance: 10_000 });
    expect((await seamlessCall(server, provider, 'rollback', rollback)).raw).toBe(rolled.raw);
    expect(await roundRow(round)).toMatchObject({ status: 'cancelled' });
    const reversal = await server.db
      .selectFrom('ledger_transactions')
      .select(['type', 'reverses_id'])
      .where('external_ref', '=', rollback.transactionId)
      .executeTakeFirstOrThrow();
    expect(reversal.type).toBe('game_rollback');
    expect(reversal.reverses_id).not.toBeNull();
    // A cancelled round takes nothing more.
    const late = await seamlessCall(server, provider, 'win', winBody(p, round, 100));
    expect(late.body.status).toBe('ROUND_CLOSED');
    await expectLedgerSound(server);
  });

  it('records a rollback of a bet it never saw, so the late bet is refused', async () => {
    const p = await player();
    const round = txId('round');
    const body = betBody(p, round, 1_000);
    const early = await seamlessCall(server, provider, 'rollback', rollbackBody(p, body));
    expect(early.body).toMatchObject({ status: 'OK', balance: 10_000 });
    const late = await seamlessCall(server, provider, 'bet', body);
    expect(late.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: 10_000 });
    expect(await roundRow(round)).toBeUndefined();
  });

  it('takes a win and a rollback after the session expired, but not a bet or a balance', async () => {
    const p = await player();
    const round = txId('round');
    const body = betBody(p, round, 1_000);
    await seamlessCall(server, provider, 'bet', body);
    const second = txId('round');
    const secondBet = betBody(p, second, 1_000);
    await seamlessCall(server, provider, 'bet', secondBet);
    server.clock.advance(31 * 60_000);
    const expiredBet = await seamlessCall(server, provider, 'bet', betBody(p, txId('round'), 100));
    expect(expiredBet.body).toEqual({ status: 'TOKEN_EXPIRED', balance: 8_000 });
    const expiredBalance = await seamlessCall(server, provider, 'balance', {
      sessionToken: p.sessionToken,
      playerId: p.playerId,
    });
    expect(expiredBalance.body.status).toBe('TOKEN_EXPIRED');
    const won = await seamlessCall(server, provider, 'win', winBody(p, round, 4_000));
    expect(won.body).toMatchObject({ status: 'OK', balance: 12_000 });
    const rolled = await seamlessCall(server, provider, 'rollback', rollbackBody(p, secondBet));
    expect(rolled.body).toMatchObject({ status: 'OK', balance: 13_000 });
  });

  it('refuses a win for a round without a bet, another player’s session, and a rollback in a settled round', async () => {
    const p = await player();
    const q = await player();
    const none = await seamlessCall(server, provider, 'win', winBody(p, txId('round'), 100));
    expect(none.body.status).toBe('TRANSACTION_NOT_FOUND');
    const round = txId('round');
    const body = betBody(p, round, 1_000);
    await seamlessCall(server, provider, 'bet', body);
    const theirs = await seamlessCall(server, provider, 'win', {
      ...winBody(p, round, 100),
      playerId: q.playerId,
    });
    expect(theirs.body.status).toBe('INVALID_TOKEN');
    await seamlessCall(server, provider, 'win', winBody(p, round, 0));
    const tooLate = await seamlessCall(server, provider, 'rollback', rollbackBody(p, body));
    expect(tooLate.body.status).toBe('ROUND_CLOSED');
  });

  it('applies ten concurrent copies of one bet once', async () => {
    const p = await player();
    const body = betBody(p, txId('round'), 700);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => seamlessCall(server, provider, 'bet', body)),
    );
    expect(new Set(answers.map((a) => a.raw)).size).toBe(1);
    expect(answers[0]?.body).toMatchObject({ status: 'OK', balance: 9_300 });
    await expectLedgerSound(server);
  });
});
