// Hub88's Operator Wallet API (decision 0054) over HTTP as Hub88 calls it, on SQLite and PostgreSQL: what an
// aggregator's certification runs. Each call is signed with Hub88's private key and checked with its public
// key; amounts are Hub88's units (1/100,000 of the currency: a cent is 1,000); every answer is HTTP 200 with
// an RS_* status echoing the request's request_uuid. A launch goes through Hub88's game/url (a local Games
// API that checks Beacon's signature), which is how the session token reaches Hub88.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../harness';
import { deposit, expectLedgerSound, newUser, seedSites, type WalletUser } from '../wallet/helpers';
import {
  addHub88Provider,
  type GamesApi,
  type Hub88Provider,
  hub88Call,
  launchHub88,
  rsaPair,
  startGamesApi,
  units,
} from './hub88-fixtures';

const server = serverForSuite();
let api: GamesApi;
let provider: Hub88Provider;
const beaconKeys = rsaPair();

beforeAll(async () => {
  await seedSites(server);
  api = await startGamesApi(beaconKeys.publicKey);
  provider = await addHub88Provider(server, { baseUrl: api.url, beacon: beaconKeys });
}, 60_000);
afterAll(async () => {
  await api?.close();
});

interface Player {
  user: WalletUser;
  token: string;
  hubUser: string;
}

/** A player with `cents` deposited and a Hub88 game launched. */
async function player(cents = 50_000, on: Hub88Provider = provider): Promise<Player> {
  const user = await newUser(server);
  if (cents > 0) await deposit(server, user, cents / 100);
  const { token, user: hubUser } = await launchHub88(server, api, user, on.gameId);
  return { user, token, hubUser };
}

const id = (prefix: string) => `${prefix}-${randomUUID()}`;

/** The fields every money call of a player's round carries. */
const moveOf = (p: Player, round: string, on: Hub88Provider = provider) => ({
  user: p.hubUser,
  token: p.token,
  round,
  game_code: on.gameCode,
  currency: 'PHP',
});

const bet = (p: Player, round: string, amount: number, transaction = id('bet'), on = provider) =>
  hub88Call(server, on, 'bet', { ...moveOf(p, round, on), transaction_uuid: transaction, amount });
const win = (
  p: Player,
  round: string,
  amount: number,
  reference: string,
  opts: { transaction?: string; closed?: boolean; on?: Hub88Provider } = {},
) =>
  hub88Call(server, opts.on ?? provider, 'win', {
    ...moveOf(p, round, opts.on),
    transaction_uuid: opts.transaction ?? id('win'),
    reference_transaction_uuid: reference,
    amount,
    round_closed: opts.closed ?? true,
  });
const rollback = (p: Player, round: string, reference: string, transaction = id('rb')) =>
  hub88Call(server, provider, 'rollback', {
    user: p.hubUser,
    token: p.token,
    round,
    game_code: provider.gameCode,
    transaction_uuid: transaction,
    reference_transaction_uuid: reference,
  });
const balance = async (p: Player) =>
  (await hub88Call(server, provider, 'balance', { user: p.hubUser, token: p.token })).body.balance;

describe('a round', () => {
  it('balance, bet and win move the wallet in Hub88 units, each answer echoing its request', async () => {
    const p = await player(50_000);
    const info = await hub88Call(server, provider, 'balance', {
      user: p.hubUser,
      token: p.token,
      request_uuid: 'req-1',
      game_code: provider.gameCode,
    });
    expect(info.http).toBe(200);
    expect(info.body).toEqual({
      status: 'RS_OK',
      request_uuid: 'req-1',
      user: p.hubUser,
      currency: 'PHP',
      balance: units(50_000),
    });
    const round = id('round');
    const betId = id('bet');
    const placed = await bet(p, round, units(1_250), betId);
    expect(placed.body).toMatchObject({ status: 'RS_OK', balance: units(48_750) });
    const paid = await win(p, round, units(3_000), betId);
    expect(paid.body).toMatchObject({ status: 'RS_OK', balance: units(51_750) });
    const rounds = await server.post(
      '/games/rounds',
      { channel: 'slots', number: 0, size: 10 },
      p.user.token,
    );
    expect(rounds.data.content[0]).toMatchObject({ roundId: round, bet: 12.5, win: 30 });
    await expectLedgerSound(server);
  });

  it('the user id says nothing of the person: Beacon gives beacon-<id>, at least four characters', async () => {
    const p = await player(0);
    expect(p.hubUser).toBe(`beacon-${p.user.id}`);
    expect(api.launches.at(-1)).toMatchObject({
      operator_id: 7,
      platform: 'GPL_MOBILE',
      currency: 'PHP',
      game_code: provider.gameCode,
    });
  });

  it('several bets in one round, and two rounds at once for one player', async () => {
    const p = await player(50_000);
    const [a, b] = [id('round'), id('round')];
    const a1 = id('bet');
    expect((await bet(p, a, units(1_000), a1)).body.status).toBe('RS_OK');
    const b1 = id('bet');
    expect((await bet(p, b, units(2_000), b1)).body.status).toBe('RS_OK');
    const a2 = id('bet');
    expect((await bet(p, a, units(500), a2)).body.balance).toBe(units(46_500));
    expect((await win(p, b, units(0), b1)).body.balance).toBe(units(46_500));
    expect((await win(p, a, units(4_000), a2)).body.balance).toBe(units(50_500));
    await expectLedgerSound(server);
  });

  it('a zero win and a very large one', async () => {
    const p = await player(50_000);
    const r1 = id('round');
    const b1 = id('bet');
    await bet(p, r1, units(1_000), b1);
    expect((await win(p, r1, 0, b1)).body).toMatchObject({ status: 'RS_OK', balance: units(49_000) });
    const r2 = id('round');
    const b2 = id('bet');
    await bet(p, r2, units(1_000), b2);
    // 10,000,000.00: exact in Hub88's units (10^12) and in the ledger's.
    const big = units(1_000_000_000);
    expect((await win(p, r2, big, b2)).body).toMatchObject({ status: 'RS_OK', balance: units(48_000) + big });
    await expectLedgerSound(server);
  });
});

describe('replays and duplicates', () => {
  it('an exact replay answers the first answer (with its own request_uuid) and moves nothing', async () => {
    const p = await player(50_000);
    const round = id('round');
    const betId = id('bet');
    const body = { ...moveOf(p, round), transaction_uuid: betId, amount: units(1_000) };
    const first = await hub88Call(server, provider, 'bet', { ...body, request_uuid: 'first' });
    const again = await hub88Call(server, provider, 'bet', { ...body, request_uuid: 'again' });
    expect(again.body).toEqual({ ...first.body, request_uuid: 'again' });
    expect(await balance(p)).toBe(units(49_000));
    // A win's replay too, with Hub88's own extra fields changed (they are not the call).
    const winBody = {
      ...moveOf(p, round),
      transaction_uuid: id('win'),
      reference_transaction_uuid: betId,
      amount: units(2_000),
      round_closed: true,
    };
    const paid = await hub88Call(server, provider, 'win', winBody);
    const repaid = await hub88Call(server, provider, 'win', { ...winBody, meta: { retry: 1 } });
    expect(repaid.body.status).toBe('RS_OK');
    expect(repaid.body.balance).toBe(paid.body.balance);
    expect(await balance(p)).toBe(units(51_000));
  });

  it('the same transaction_uuid with another amount, round, user or game is a duplicate', async () => {
    const p = await player(50_000);
    const other = await player(50_000);
    const round = id('round');
    const betId = id('bet');
    await bet(p, round, units(1_000), betId);
    const cases = [
      { ...moveOf(p, round), amount: units(2_000) },
      { ...moveOf(p, id('round')), amount: units(1_000) },
      { ...moveOf(other, round), amount: units(1_000) },
      { ...moveOf(p, round), game_code: 'another-game', amount: units(1_000) },
    ];
    for (const c of cases) {
      const res = await hub88Call(server, provider, 'bet', { ...c, transaction_uuid: betId });
      expect(res.body.status, JSON.stringify(c)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    expect(await balance(p)).toBe(units(49_000));
    expect(await balance(other)).toBe(units(50_000));
  });
});

describe('wins and rollbacks out of order', () => {
  it('a win for a bet never received does not exist, and pays nothing', async () => {
    const p = await player(50_000);
    const res = await win(p, id('round'), units(5_000), id('bet'));
    expect(res.body).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: units(50_000) });
    // In a round that exists, a reference to no bet of it is refused too.
    const round = id('round');
    await bet(p, round, units(1_000));
    const wrong = await win(p, round, units(5_000), id('bet'));
    expect(wrong.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await balance(p)).toBe(units(49_000));
  });

  it('a rollback before its bet answers RS_OK, and the bet arriving after it is refused as rolled back', async () => {
    const p = await player(50_000);
    const round = id('round');
    const betId = id('bet');
    expect((await rollback(p, round, betId)).body).toMatchObject({ status: 'RS_OK', balance: units(50_000) });
    const late = await bet(p, round, units(1_000), betId);
    expect(late.body).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: units(50_000) });
    await expectLedgerSound(server);
  });

  it('a rollback gives the stake back once; a second one moves nothing', async () => {
    const p = await player(50_000);
    const round = id('round');
    const betId = id('bet');
    await bet(p, round, units(2_000), betId);
    expect((await rollback(p, round, betId)).body).toMatchObject({ status: 'RS_OK', balance: units(50_000) });
    expect((await rollback(p, round, betId)).body).toMatchObject({ status: 'RS_OK', balance: units(50_000) });
    expect(await balance(p)).toBe(units(50_000));
  });

  it('a rollback after the win that closed its round is not done; in a round still open it reverses the bet', async () => {
    const p = await player(50_000);
    const closed = id('round');
    const b1 = id('bet');
    await bet(p, closed, units(1_000), b1);
    await win(p, closed, units(3_000), b1);
    const late = await rollback(p, closed, b1);
    expect(late.body).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: units(52_000) });
    const open = id('round');
    const b2 = id('bet');
    await bet(p, open, units(1_000), b2);
    await win(p, open, units(500), b2, { closed: false });
    // The stake comes back; the win paid meanwhile stays.
    expect((await rollback(p, open, b2)).body).toMatchObject({ status: 'RS_OK', balance: units(52_500) });
    await expectLedgerSound(server);
  });

  it('wins and rollbacks are taken after the session expired; a bet is not', async () => {
    const p = await player(50_000);
    const round = id('round');
    const [b1, b2] = [id('bet'), id('bet')];
    await bet(p, round, units(1_000), b1);
    await bet(p, round, units(1_000), b2);
    server.clock.advance(2 * 3_600_000);
    expect((await bet(p, round, units(1_000))).body).toMatchObject({
      status: 'RS_ERROR_TOKEN_EXPIRED',
      balance: units(48_000),
    });
    expect((await rollback(p, round, b2)).body).toMatchObject({ status: 'RS_OK', balance: units(49_000) });
    expect((await win(p, round, units(2_500), b1)).body).toMatchObject({
      status: 'RS_OK',
      balance: units(51_500),
    });
  });
});

describe('money refused', () => {
  it('a bet the balance cannot cover leaves it unchanged and says what it is', async () => {
    const p = await player(1_000);
    const res = await bet(p, id('round'), units(1_001));
    expect(res.body).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: units(1_000) });
    expect(await balance(p)).toBe(units(1_000));
  });

  it('amounts at the smallest unit: a stake finer than a cent is refused; a win finer is paid to the cent, the rest kept on its record', async () => {
    const p = await player(50_000);
    const fine = await bet(p, id('round'), units(1_000) + 1);
    expect(fine.body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: units(50_000) });
    const round = id('round');
    const betId = id('bet');
    await bet(p, round, units(100), betId);
    const winId = id('win');
    // 1.00999 pays 1.00; 999 units (0.00999) are recorded on the call, not credited.
    const paid = await win(p, round, units(100) + 999, betId, { transaction: winId });
    expect(paid.body).toMatchObject({ status: 'RS_OK', balance: units(50_000) });
    const row = await server.db
      .selectFrom('game_wallet_calls')
      .select(['amount', 'fraction'])
      .where('transaction_ref', '=', winId)
      .executeTakeFirstOrThrow();
    expect({ amount: Number(row.amount), fraction: Number(row.fraction) }).toEqual({
      amount: 100,
      fraction: 999,
    });
    // The same id with another fraction is another call.
    const other = await win(p, round, units(100) + 998, betId, { transaction: winId });
    expect(other.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
  });

  it('another currency than the wallet’s is refused', async () => {
    const p = await player(50_000);
    const res = await hub88Call(server, provider, 'bet', {
      ...moveOf(p, id('round')),
      currency: 'EUR',
      transaction_uuid: id('bet'),
      amount: units(100),
    });
    expect(res.body).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY', balance: units(50_000) });
  });

  it('an unknown token, and a user not the token’s', async () => {
    const p = await player(50_000);
    const other = await player(0);
    const unknown = await hub88Call(server, provider, 'balance', { user: p.hubUser, token: 'not-a-token' });
    expect(unknown.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    const mixed = await bet({ ...p, hubUser: other.hubUser }, id('round'), units(100));
    expect(mixed.body.status).toBe('RS_ERROR_INVALID_TOKEN');
  });
});

describe('signatures', () => {
  it('a bad, missing or other provider’s signature is refused before anything is read', async () => {
    const p = await player(50_000);
    const body = {
      ...moveOf(p, id('round')),
      transaction_uuid: id('bet'),
      amount: units(100),
      request_uuid: 'sig',
    };
    const stranger = rsaPair();
    for (const opts of [
      { signWith: stranger.privateKey },
      { signature: null },
      { signature: 'bm90IGEgc2lnbmF0dXJl' },
    ]) {
      const res = await hub88Call(server, provider, 'bet', body, opts);
      expect(res.http).toBe(200);
      expect(res.body).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'sig' });
    }
    // Signed by Hub88 for another provider (another key pair): not this provider's call.
    const second = await addHub88Provider(server, { baseUrl: api.url, beacon: beaconKeys });
    const res = await hub88Call(server, { code: provider.code, hub88: second.hub88 }, 'bet', body);
    expect(res.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // A body changed after signing.
    const raw = JSON.stringify(body);
    const tampered = await hub88Call(server, provider, 'bet', body, {
      rawBody: raw.replace(String(units(100)), String(units(900))),
      signature: (await import('./hub88-fixtures')).hub88Sign(provider.hub88.privateKey, raw),
    });
    expect(tampered.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await balance(p)).toBe(units(50_000));
  });

  it('a body that is not Hub88’s answers RS_ERROR_WRONG_SYNTAX with the request_uuid it carried', async () => {
    const res = await hub88Call(server, provider, 'bet', {
      request_uuid: 'bad',
      user: 'beacon-1',
      amount: -5,
    });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: 'bad' });
  });

  it('a rotated key: both keys check during the overlap, only the new one after it', async () => {
    const rotating = await addHub88Provider(server, { baseUrl: api.url, beacon: beaconKeys });
    const p = await player(50_000, rotating);
    const fresh = rsaPair();
    const { addKey } = await import('../../../server/modules/games/provider-keys');
    const now = Date.now();
    const ctx = server.app.ctx;
    await addKey(ctx, ctx.db, {
      providerCode: rotating.code,
      purpose: 'verify',
      value: fresh.publicKey,
      secret: false,
      validFrom: now - 1_000,
      overlapUntil: now + 60_000,
      now,
    });
    const ask = (privateKey: string) =>
      hub88Call(server, rotating, 'balance', { user: p.hubUser, token: p.token }, { signWith: privateKey });
    expect((await ask(rotating.hub88.privateKey)).body.status).toBe('RS_OK');
    expect((await ask(fresh.privateKey)).body.status).toBe('RS_OK');
    // The overlap ends: the old key no longer checks.
    await server.db
      .updateTable('game_provider_keys')
      .set({ valid_until: now - 1 })
      .where('provider_code', '=', rotating.code)
      .where('value', '=', rotating.hub88.publicKey)
      .execute();
    const { forgetKeys } = await import('../../../server/modules/games/provider-keys');
    forgetKeys(ctx, rotating.code);
    expect((await ask(rotating.hub88.privateKey)).body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await ask(fresh.privateKey)).body.status).toBe('RS_OK');
  });

  it('the private key is sealed at rest; the public key is kept as given', async () => {
    const rows = await server.db
      .selectFrom('game_provider_keys')
      .select(['purpose', 'value'])
      .where('provider_code', '=', provider.code)
      .execute();
    const sign = rows.find((r) => r.purpose === 'sign');
    expect(sign?.value.startsWith('v1:')).toBe(true);
    expect(sign?.value).not.toContain('PRIVATE KEY');
    expect(rows.find((r) => r.purpose === 'verify')?.value).toBe(provider.hub88.publicKey);
  });
});

describe('one player on two providers at once', () => {
  it('each provider’s rounds are its own; the balance is one', async () => {
    const second = await addHub88Provider(server, { baseUrl: api.url, beacon: beaconKeys });
    const user = await newUser(server);
    await deposit(server, user, 500);
    const a = await launchHub88(server, api, user, provider.gameId);
    const b = await launchHub88(server, api, user, second.gameId);
    const pa = { user, token: a.token, hubUser: a.user };
    const pb = { user, token: b.token, hubUser: b.user };
    const round = id('round');
    const [ba, bb] = [id('bet'), id('bet')];
    // One round id at both: each provider's own round.
    expect((await bet(pa, round, units(1_000), ba)).body.balance).toBe(units(49_000));
    expect((await bet(pb, round, units(2_000), bb, second)).body.balance).toBe(units(47_000));
    expect((await win(pb, round, units(4_000), bb, { on: second })).body.balance).toBe(units(51_000));
    expect((await win(pa, round, 0, ba)).body.balance).toBe(units(51_000));
    // A token of one provider does not open the other's wallet.
    const crossed = await hub88Call(server, second, 'balance', { user: pa.hubUser, token: pa.token });
    expect(crossed.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    await expectLedgerSound(server);
  });
});

describe('user/info', () => {
  it('answers the currency and the site’s sub-partner id, nothing that identifies the person', async () => {
    const mapped = await addHub88Provider(server, {
      baseUrl: api.url,
      settings: { operatorId: 7, subPartners: { localhost: 'beacon-ph' } },
    });
    const user = await newUser(server);
    const site = await server.db
      .selectFrom('sites')
      .select('id')
      .where('domain', '=', 'localhost')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('users').set({ site_id: site.id }).where('id', '=', user.id).execute();
    const res = await hub88Call(server, mapped, 'info', { user: `beacon-${user.id}`, request_uuid: 'who' });
    expect(res.body).toEqual({
      status: 'RS_OK',
      request_uuid: 'who',
      user: `beacon-${user.id}`,
      currency: 'PHP',
      sub_partner_id: 'beacon-ph',
    });
    const unknown = await hub88Call(server, mapped, 'info', { user: 'beacon-999999999' });
    expect(unknown.body.status).toBe('RS_ERROR_UNKNOWN');
  });
});
