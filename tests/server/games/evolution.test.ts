// Evolution's One Wallet (decision 0054) over HTTP as Evolution calls it, on SQLite and PostgreSQL: what its
// licensee tests run. Each call carries the authToken in the query; amounts are decimal numbers of the unit
// (up to six decimals); every answer is HTTP 200 with a One Wallet status echoing the request's uuid. A launch
// goes through User Authentication (a local Evolution that checks the casino key and API token), which is how
// the sid reaches Evolution.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { deposit, expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import {
  addEvolutionProvider,
  type EvolutionApi,
  type EvolutionProvider,
  evolutionCall,
  evolutionToken,
  launchEvolution,
  startEvolutionApi,
} from './evolution-fixtures';

const server = serverForSuite();
let api: EvolutionApi;
let provider: EvolutionProvider;

beforeAll(async () => {
  await seedSites(server);
  api = await startEvolutionApi();
  provider = await addEvolutionProvider(server, { baseUrl: api.url, apiToken: api.apiToken });
}, 60_000);
afterAll(async () => {
  await api?.close();
});

interface Player {
  user: WalletUser;
  sid: string;
  userId: string;
}

/** A player with `cents` deposited and an Evolution game launched. */
async function player(cents = 50_000, on: EvolutionProvider = provider): Promise<Player> {
  const user = await newUser(server);
  if (cents > 0) await deposit(server, user, cents / 100);
  const { sid, userId } = await launchEvolution(server, api, user, on.gameId);
  return { user, sid, userId };
}

const id = (prefix: string) => `${prefix}-${randomUUID()}`;

/** A debit, credit or cancel body: the player, the table, and the transaction. */
const move = (p: Player, tx: { id: string; refId: string; amount: number }, on = provider) => ({
  sid: p.sid,
  userId: p.userId,
  currency: 'PHP',
  game: { id: id('game'), type: 'roulette', details: { table: { id: on.gameCode, vid: null } } },
  transaction: tx,
});
const debit = (p: Player, refId: string, amount: number, txId = id('d'), on = provider) =>
  evolutionCall(server, on, 'debit', move(p, { id: txId, refId, amount }, on));
const credit = (p: Player, refId: string, amount: number, txId = id('c'), on = provider) =>
  evolutionCall(server, on, 'credit', move(p, { id: txId, refId, amount }, on));
const cancel = (p: Player, refId: string, debitId: string, amount: number) =>
  evolutionCall(server, provider, 'cancel', move(p, { id: debitId, refId, amount }));
const balance = async (p: Player) =>
  (await evolutionCall(server, provider, 'balance', { sid: p.sid, userId: p.userId, currency: 'PHP' })).body
    .balance;

describe('a round', () => {
  it('check, balance, debit and credit move the wallet in decimal units, each answer echoing its uuid', async () => {
    const p = await player(50_000);
    const checked = await evolutionCall(server, provider, 'check', {
      sid: p.sid,
      userId: p.userId,
      uuid: 'u-check',
      channel: { type: 'M' },
    });
    expect(checked).toEqual({ http: 200, body: { status: 'OK', sid: p.sid, uuid: 'u-check' } });
    const read = await evolutionCall(server, provider, 'balance', {
      sid: p.sid,
      userId: p.userId,
      currency: 'PHP',
      uuid: 'u-bal',
    });
    expect(read.body).toEqual({ status: 'OK', uuid: 'u-bal', balance: 500, bonus: 0 });
    const ref = id('ref');
    expect((await debit(p, ref, 12.5)).body).toMatchObject({ status: 'OK', balance: 487.5 });
    expect((await credit(p, ref, 30)).body).toMatchObject({ status: 'OK', balance: 517.5 });
    const rounds = await server.post(
      '/games/rounds',
      { channel: 'slots', number: 0, size: 10 },
      p.user.token,
    );
    expect(rounds.data.content[0]).toMatchObject({ roundId: ref, bet: 12.5, win: 30 });
    await expectLedgerSound(server);
  });

  it('the launch hands over the sid for beacon-<id>, with the casino key and API token, nothing that identifies the person', async () => {
    const p = await player(0);
    expect(p.userId).toBe(`beacon-${p.user.id}`);
    expect(api.launches.at(-1)).toMatchObject({
      player: { id: p.userId, currency: 'PHP', session: { id: p.sid } },
      config: { game: { table: { id: provider.gameCode } }, channel: { mobile: true } },
    });
    expect(JSON.stringify(api.launches.at(-1))).not.toMatch(/firstName|lastName|nickname|phone/);
  });

  it('several bets in one game round, and two at once for one player: each bet settled by its own credit', async () => {
    const p = await player(50_000);
    const [a, b] = [id('ref'), id('ref')];
    expect((await debit(p, a, 10)).body.status).toBe('OK');
    expect((await debit(p, b, 20)).body.status).toBe('OK');
    // A second debit of one bet (a double-down): the same refId.
    expect((await debit(p, a, 5)).body.balance).toBe(465);
    expect((await credit(p, b, 0)).body.balance).toBe(465);
    expect((await credit(p, a, 40)).body.balance).toBe(505);
    await expectLedgerSound(server);
  });

  it('a zero credit and a very large one', async () => {
    const p = await player(50_000);
    const r1 = id('ref');
    await debit(p, r1, 10);
    expect((await credit(p, r1, 0)).body).toMatchObject({ status: 'OK', balance: 490 });
    const r2 = id('ref');
    await debit(p, r2, 10);
    expect((await credit(p, r2, 10_000_000)).body).toMatchObject({ status: 'OK', balance: 10_000_480 });
    await expectLedgerSound(server);
  });
});

describe('replays and duplicates', () => {
  it('a repeated debit is named BET_ALREADY_EXIST and moves nothing; a retransmitted credit answers OK once more', async () => {
    const p = await player(50_000);
    const ref = id('ref');
    const debitId = id('d');
    expect((await debit(p, ref, 10, debitId)).body.status).toBe('OK');
    const again = await evolutionCall(server, provider, 'debit', {
      ...move(p, { id: debitId, refId: ref, amount: 10 }),
      uuid: 'u-again',
    });
    expect(again.body).toEqual({ status: 'BET_ALREADY_EXIST', uuid: 'u-again', balance: 490, bonus: 0 });
    const creditId = id('c');
    const body = move(p, { id: creditId, refId: ref, amount: 25 });
    const paid = await evolutionCall(server, provider, 'credit', body);
    const repaid = await evolutionCall(server, provider, 'credit', { ...body, uuid: 'u-retx' });
    expect(paid.body).toMatchObject({ status: 'OK', balance: 515 });
    expect(repaid.body).toEqual({ status: 'OK', uuid: 'u-retx', balance: 515, bonus: 0 });
    expect(await balance(p)).toBe(515);
  });

  it('the same transaction id with another amount, bet, user or table is refused', async () => {
    const p = await player(50_000);
    const other = await player(50_000);
    const ref = id('ref');
    const debitId = id('d');
    await debit(p, ref, 10, debitId);
    const base = move(p, { id: debitId, refId: ref, amount: 10 });
    const cases = [
      { ...base, transaction: { id: debitId, refId: ref, amount: 20 } },
      { ...base, transaction: { id: debitId, refId: id('ref'), amount: 10 } },
      { ...move(other, { id: debitId, refId: ref, amount: 10 }) },
      { ...base, game: { ...base.game, details: { table: { id: 'another-table', vid: null } } } },
    ];
    for (const c of cases) {
      const res = await evolutionCall(server, provider, 'debit', c);
      expect(res.body.status, JSON.stringify(c)).toBe('BET_ALREADY_EXIST');
    }
    expect(await balance(p)).toBe(490);
    expect(await balance(other)).toBe(500);
  });

  it('a second credit of a settled bet is BET_ALREADY_SETTLED', async () => {
    const p = await player(50_000);
    const ref = id('ref');
    await debit(p, ref, 10);
    await credit(p, ref, 20);
    const second = await credit(p, ref, 20);
    expect(second.body).toMatchObject({ status: 'BET_ALREADY_SETTLED', balance: 510 });
  });
});

describe('credits and cancels out of order', () => {
  it('a credit for a bet never received is BET_DOES_NOT_EXIST, and pays nothing', async () => {
    const p = await player(50_000);
    expect((await credit(p, id('ref'), 50)).body).toMatchObject({
      status: 'BET_DOES_NOT_EXIST',
      balance: 500,
    });
    expect(await balance(p)).toBe(500);
  });

  it('a cancel before its debit is BET_DOES_NOT_EXIST (also when sent again), and the debit after it fails for good', async () => {
    const p = await player(50_000);
    const ref = id('ref');
    const debitId = id('d');
    expect((await cancel(p, ref, debitId, 10)).body).toMatchObject({
      status: 'BET_DOES_NOT_EXIST',
      balance: 500,
    });
    expect((await cancel(p, ref, debitId, 10)).body.status).toBe('BET_DOES_NOT_EXIST');
    const late = await debit(p, ref, 10, debitId);
    expect(late.body).toMatchObject({ status: 'FINAL_ERROR_ACTION_FAILED', balance: 500 });
    await expectLedgerSound(server);
  });

  it('a cancel gives the stake back once; a second one is answered again and moves nothing', async () => {
    const p = await player(50_000);
    const ref = id('ref');
    const debitId = id('d');
    await debit(p, ref, 20, debitId);
    expect((await cancel(p, ref, debitId, 20)).body).toMatchObject({ status: 'OK', balance: 500 });
    expect((await cancel(p, ref, debitId, 20)).body).toMatchObject({ status: 'OK', balance: 500 });
    // A credit of a cancelled bet is too late.
    expect((await credit(p, ref, 20)).body.status).toBe('BET_ALREADY_SETTLED');
    expect(await balance(p)).toBe(500);
  });

  it('a cancel after the credit is BET_ALREADY_SETTLED, which ends Evolution’s retransmissions', async () => {
    const p = await player(50_000);
    const ref = id('ref');
    const debitId = id('d');
    await debit(p, ref, 10, debitId);
    await credit(p, ref, 30);
    expect((await cancel(p, ref, debitId, 10)).body).toMatchObject({
      status: 'BET_ALREADY_SETTLED',
      balance: 520,
    });
    await expectLedgerSound(server);
  });

  it('credits and cancels are taken after the session expired; a debit is not (INVALID_SID)', async () => {
    const p = await player(50_000);
    const [a, b] = [id('ref'), id('ref')];
    const bDebit = id('d');
    await debit(p, a, 10);
    await debit(p, b, 10, bDebit);
    server.clock.advance(2 * 3_600_000);
    expect((await debit(p, id('ref'), 10)).body).toMatchObject({ status: 'INVALID_SID' });
    expect((await cancel(p, b, bDebit, 10)).body).toMatchObject({ status: 'OK', balance: 490 });
    expect((await credit(p, a, 25)).body).toMatchObject({ status: 'OK', balance: 515 });
  });
});

describe('money refused', () => {
  it('a debit the balance cannot cover is INSUFFICIENT_FUNDS and leaves it unchanged', async () => {
    const p = await player(1_000);
    expect((await debit(p, id('ref'), 10.01)).body).toMatchObject({
      status: 'INSUFFICIENT_FUNDS',
      balance: 10,
    });
    expect(await balance(p)).toBe(10);
  });

  it('amounts at the smallest unit: a stake finer than a cent is refused; a credit finer is paid to the cent, the rest kept on its record', async () => {
    const p = await player(50_000);
    const fine = await debit(p, id('ref'), 0.015);
    expect(fine.body).toMatchObject({ status: 'FINAL_ERROR_ACTION_FAILED', balance: 500 });
    // More than Evolution's six decimals is not an amount.
    expect((await debit(p, id('ref'), 0.0000001)).body.status).toBe('INVALID_PARAMETER');
    const ref = id('ref');
    await debit(p, ref, 1);
    const creditId = id('c');
    // 1.009999 pays 1.00; 9999 millionths are recorded on the call, not credited.
    expect((await credit(p, ref, 1.009999, creditId)).body).toMatchObject({ status: 'OK', balance: 500 });
    const row = await server.db
      .selectFrom('game_wallet_calls')
      .select(['amount', 'fraction'])
      .where('transaction_ref', '=', creditId)
      .executeTakeFirstOrThrow();
    expect({ amount: Number(row.amount), fraction: Number(row.fraction) }).toEqual({
      amount: 100,
      fraction: 9999,
    });
  });

  it('another currency than the wallet’s is INVALID_PARAMETER', async () => {
    const p = await player(50_000);
    const res = await evolutionCall(server, provider, 'debit', {
      ...move(p, { id: id('d'), refId: id('ref'), amount: 1 }),
      currency: 'EUR',
    });
    expect(res.body).toMatchObject({ status: 'INVALID_PARAMETER', balance: 500 });
  });

  it('an unknown sid, and a userId not the sid’s, are INVALID_SID', async () => {
    const p = await player(50_000);
    const other = await player(0);
    const unknown = await evolutionCall(server, provider, 'balance', { sid: 'not-a-sid', userId: p.userId });
    expect(unknown.body.status).toBe('INVALID_SID');
    const checked = await evolutionCall(server, provider, 'check', { sid: p.sid, userId: other.userId });
    expect(checked.body.status).toBe('INVALID_SID');
    expect((await debit({ ...p, userId: other.userId }, id('ref'), 1)).body.status).toBe('INVALID_SID');
  });
});

describe('a block taken while the game is open', () => {
  it('refuses the next debit as ACCOUNT_LOCKED and still settles the bet already placed', async () => {
    const p = await player(50_000);
    const ref = id('ref');
    expect((await debit(p, ref, 10)).body.status).toBe('OK');
    const block = await server.post(
      '/protection/block',
      { kind: 'time_out', duration: '7d', confirm: true },
      p.user.token,
    );
    expect(block.status, block.message).toBe(200);
    expect((await debit(p, id('ref'), 10)).body).toMatchObject({ status: 'ACCOUNT_LOCKED', balance: 490 });
    expect((await credit(p, ref, 25)).body).toMatchObject({ status: 'OK', balance: 515 });
    await expectLedgerSound(server);
  });
});

describe('the authToken', () => {
  it('a wrong, missing or other provider’s token is INVALID_TOKEN_ID before anything is read', async () => {
    const p = await player(50_000);
    const second = await addEvolutionProvider(server, { baseUrl: api.url, apiToken: api.apiToken });
    const body = { ...move(p, { id: id('d'), refId: id('ref'), amount: 1 }), uuid: 'u-tok' };
    for (const authToken of [null, '', 'wrong-token', second.authToken]) {
      const res = await evolutionCall(server, provider, 'debit', body, { authToken });
      expect(res).toEqual({ http: 200, body: { status: 'INVALID_TOKEN_ID', uuid: 'u-tok' } });
    }
    expect(await balance(p)).toBe(500);
  });

  it('a body that is not Evolution’s answers INVALID_PARAMETER with the uuid it carried', async () => {
    const res = await evolutionCall(server, provider, 'debit', {
      uuid: 'u-bad',
      sid: 'x',
      transaction: { amount: -1 },
    });
    expect(res).toEqual({ http: 200, body: { status: 'INVALID_PARAMETER', uuid: 'u-bad' } });
    const notJson = await evolutionCall(server, provider, 'debit', {}, { rawBody: '{"uuid":' });
    expect(notJson).toEqual({ http: 200, body: { status: 'INVALID_PARAMETER', uuid: '' } });
  });

  it('a rotated token: both count during the overlap, only the new one after it', async () => {
    const rotating = await addEvolutionProvider(server, { baseUrl: api.url, apiToken: api.apiToken });
    const p = await player(50_000, rotating);
    const fresh = evolutionToken();
    const { addKey, forgetKeys } = await import('../../../server/modules/games/provider-keys');
    const now = Date.now();
    const ctx = server.app.ctx;
    await addKey(ctx, ctx.db, {
      providerCode: rotating.code,
      purpose: 'verify',
      value: fresh,
      secret: true,
      validFrom: now - 1_000,
      overlapUntil: now + 60_000,
      now,
    });
    const ask = (authToken: string) =>
      evolutionCall(server, rotating, 'balance', { sid: p.sid, userId: p.userId }, { authToken });
    expect((await ask(rotating.authToken)).body.status).toBe('OK');
    expect((await ask(fresh)).body.status).toBe('OK');
    await server.db
      .updateTable('game_provider_keys')
      .set({ valid_until: now - 1 })
      .where('provider_code', '=', rotating.code)
      .where('purpose', '=', 'verify')
      .where('valid_from', '<', now - 30_000)
      .execute();
    forgetKeys(ctx, rotating.code);
    expect((await ask(rotating.authToken)).body.status).toBe('INVALID_TOKEN_ID');
    expect((await ask(fresh)).body.status).toBe('OK');
  });

  it('both tokens are sealed at rest', async () => {
    const rows = await server.db
      .selectFrom('game_provider_keys')
      .select(['purpose', 'value'])
      .where('provider_code', '=', provider.code)
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.value.startsWith('v1:')).toBe(true);
      expect(r.value).not.toContain(provider.authToken);
      expect(r.value).not.toContain(api.apiToken);
    }
  });
});

describe('one player on two providers at once', () => {
  it('each provider’s bets are its own; the balance is one', async () => {
    const second = await addEvolutionProvider(server, { baseUrl: api.url, apiToken: api.apiToken });
    const user = await newUser(server);
    await deposit(server, user, 500);
    const a = await launchEvolution(server, api, user, provider.gameId);
    const b = await launchEvolution(server, api, user, second.gameId);
    const pa = { user, ...a };
    const pb = { user, ...b };
    const ref = id('ref');
    expect((await debit(pa, ref, 10)).body.balance).toBe(490);
    expect((await debit(pb, ref, 20, id('d'), second)).body.balance).toBe(470);
    expect((await credit(pb, ref, 40, id('c'), second)).body.balance).toBe(510);
    expect((await credit(pa, ref, 0)).body.balance).toBe(510);
    const crossed = await evolutionCall(server, second, 'balance', { sid: pa.sid, userId: pa.userId });
    expect(crossed.body.status).toBe('INVALID_SID');
    await expectLedgerSound(server);
  });
});

describe('promo_payout', () => {
  it('pays a promotion once, however often it is sent', async () => {
    const p = await player(50_000);
    const body = {
      sid: p.sid,
      userId: p.userId,
      currency: 'PHP',
      game: { id: id('game'), type: 'roulette', details: { table: { id: provider.gameCode, vid: null } } },
      promoTransaction: { type: 'FreeRoundPlayableSpent', id: id('promo'), amount: 7.5 },
    };
    expect((await evolutionCall(server, provider, 'promo_payout', body)).body).toMatchObject({
      status: 'OK',
      balance: 507.5,
    });
    expect((await evolutionCall(server, provider, 'promo_payout', body)).body).toMatchObject({
      status: 'OK',
      balance: 507.5,
    });
    expect(await balance(p)).toBe(507.5);
    await expectLedgerSound(server);
  });
});
