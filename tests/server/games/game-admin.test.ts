// Issue 16: providers and games in the operator console. Any operator who reads games lists every provider
// and game (the lobby is one for every site); only an administrator of every site switches them, audited on
// the platform chain. Off, a game leaves the lobby and cannot be launched or bet on, but what players already
// staked settles: a provider's wins and rollbacks are still heard (docs/games-protocol.md, "Switching a
// provider or a game off"), and a transfer provider's records are still pulled.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGame, AdminProvider } from '#contract/admin/game';
import { verifyAudit } from '../../../server/modules/audit/service';
import { upsertGame } from '../../../server/modules/games/repository';
import { createGamesWorker } from '../../../server/modules/games/worker';
import { ensureUserAccounts } from '../../../server/modules/ledger/service';
import { quickUser } from '../agent/team-fixtures';
import { fund } from '../ledger/fixtures';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';
import { deposit, expectLedgerSound, newUser, type WalletUser } from '../wallet/helpers';
import { addProvider, launchToken, openSession, seamlessCall, txId } from './fixtures';
import {
  addDemoTransferProvider,
  channelTransfer,
  expectChannelMatchesProvider,
  playAtProvider,
  type TransferProvider,
  transferServerForSuite,
} from './transfer-fixtures';

const server = transferServerForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');

type Provider = Awaited<ReturnType<typeof addProvider>>;

// ---- the console's calls

const providerList = async (token: string): Promise<AdminProvider[]> => {
  const res = await server.post('/admin/games/providers', {}, token);
  expect(res.http, res.message).toBe(200);
  return res.data as AdminProvider[];
};
const providerOf = async (code: string) =>
  (await providerList(operators.everyAdmin.token)).find((p) => p.code === code);
const gameList = (token: string, body: Record<string, unknown>) =>
  server.post('/admin/games/list', body, token);
const switchProvider = (code: string, enabled: boolean, token = operators.everyAdmin.token) =>
  server.post('/admin/games/providers/enable', { code, enabled }, token);
const switchGame = (id: number, enabled: boolean, token = operators.everyAdmin.token) =>
  server.post('/admin/games/enable', { id, enabled }, token);

// ---- fixtures

const unique = () => randomUUID().slice(0, 8);

/** Another game of a provider (min 1.00, max 1,000.00); answers its id. */
async function addGame(
  providerCode: string,
  game: { code: string; name: string; sortOrder?: number; enabled?: boolean; category?: string },
): Promise<number> {
  await upsertGame(server.db, {
    provider_code: providerCode,
    code: game.code,
    name: game.name,
    search_name: game.name.toLowerCase(),
    channel_code: 'slots',
    category: game.category ?? 'reels',
    rtp_bp: 9600,
    min_bet: 100,
    max_bet: 100_000,
    sort_order: game.sortOrder ?? 0,
    enabled: game.enabled === false ? 0 : 1,
    created_at: server.clock.now(),
  });
  const row = await server.db
    .selectFrom('games')
    .select('id')
    .where('provider_code', '=', providerCode)
    .where('code', '=', game.code)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A seamless provider of its own whose one game has a name and a category no other test uses. */
const seamlessProvider = (): Promise<Provider> => {
  const tag = unique();
  return addProvider(server, { gameName: `Reef ${tag}`, category: `c-${tag}` });
};

/** The lobby's games whose name holds `name`, and whether the lobby lists `category` under Slots. */
async function inLobby(name: string, category: string) {
  const list = await server.post('/games/list', { search: name });
  expect(list.http, list.message).toBe(200);
  const lobby = await server.post('/games/lobby', {});
  const slots = (lobby.data.channels as { code: string; categories: string[] }[]).find(
    (c) => c.code === 'slots',
  );
  return {
    games: (list.data.content as { id: number }[]).map((g) => g.id),
    category: slots?.categories.includes(category) ?? false,
  };
}

const launch = (user: WalletUser, gameId: number) => server.post('/games/launch', { gameId }, user.token);

async function gameAudits(recordId: string | number) {
  const rows = await server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', 'game')
    .where('record_id', '=', String(recordId))
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    chain: Number(r.chain),
    actor: Number(r.actor_id),
    action: r.action,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
  }));
}

// ---- a player at a seamless game

interface Seat {
  user: WalletUser;
  sessionToken: string;
  playerId: string;
}

/** A player with 100.00 and a session open at the provider's game. */
async function seat(provider: Provider): Promise<Seat> {
  const user = await newUser(server, { safePassword: null });
  await deposit(server, user, 100);
  return { user, ...(await openSession(server, provider, user)) };
}

const betBody = (s: Seat, gameCode: string, roundId: string, amount: number) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('bet'),
  roundId,
  gameCode,
  amount,
});
const winBody = (s: Seat, gameCode: string, roundId: string, amount: number) => ({
  ...betBody(s, gameCode, roundId, amount),
  transactionId: txId('win'),
  roundClosed: true,
});
const rollbackBody = (s: Seat, gameCode: string, roundId: string, bet: { transactionId: string }) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('rb'),
  roundId,
  gameCode,
  referenceTransactionId: bet.transactionId,
});

async function round(provider: Provider, roundRef: string) {
  const row = await server.db
    .selectFrom('game_rounds')
    .select(['status', 'bet', 'win'])
    .where('provider_code', '=', provider.code)
    .where('round_ref', '=', roundRef)
    .executeTakeFirst();
  return row && { status: row.status, bet: Number(row.bet), win: Number(row.win) };
}

/** The player's main balance and in-game amount as the app shows them (money, 2 decimals). */
async function wallet(user: WalletUser) {
  const info = await server.post('/user/secondaryInfo', {}, user.token);
  expect(info.http, info.message).toBe(200);
  const slots = (info.data.channelData as { name: string; balance: number }[]).find(
    (c) => c.name === 'Slots',
  );
  return { main: Number(info.data.canWithdrawCoin), slots: slots?.balance ?? 0 };
}

const callRows = async (provider: Provider, transactionId: string) =>
  server.db
    .selectFrom('game_wallet_calls')
    .select('id')
    .where('provider_code', '=', provider.code)
    .where('transaction_ref', '=', transactionId)
    .execute();

describe('listing', () => {
  it('lists every provider with its games counted, enabled or not, to any operator reading games', async () => {
    const p = await addProvider(server);
    await addGame(p.code, { code: 'second', name: `Second ${unique()}` });
    await addGame(p.code, { code: 'third', name: `Third ${unique()}`, enabled: false });
    const t = await addProvider(server, {
      protocol: 'transfer',
      channel: 'sports',
      gameCode: 'penalty',
      gameName: 'Penalty',
    });
    const list = await providerList(operators.everyAdmin.token);
    expect(list.find((x) => x.code === p.code)).toEqual({
      code: p.code,
      name: `Provider ${p.code}`,
      protocol: 'seamless',
      wire: 'beacon',
      enabled: true,
      games: 3,
      enabledGames: 2,
    });
    expect(list.find((x) => x.code === t.code)).toMatchObject({
      protocol: 'transfer',
      games: 1,
      enabledGames: 1,
    });
    // The lobby is the same on every site: a viewer and an administrator of one site see the same list.
    expect(await providerList(operators.viewer.token)).toEqual(list);
    expect(await providerList(operators.siteOperator.token)).toEqual(list);
    // Switched off, a provider keeps its games' own states.
    expect((await switchProvider(p.code, false)).data).toMatchObject({
      enabled: false,
      games: 3,
      enabledGames: 2,
    });
  });

  it('lists a provider’s games a page at a time in the lobby’s order, searched by name', async () => {
    const p = await addProvider(server, { gameName: 'Alpha Reels' });
    const ids = {
      alpha: p.gameId,
      delta: await addGame(p.code, { code: 'delta', name: 'Delta Reels', sortOrder: 2 }),
      beta: await addGame(p.code, { code: 'beta', name: 'Beta Dice', sortOrder: 1, enabled: false }),
      gamma: await addGame(p.code, { code: 'gamma', name: 'Gamma Reels', sortOrder: 1 }),
      odd: await addGame(p.code, { code: 'odd', name: '100% Wild_Card', sortOrder: 3 }),
    };
    const all = await gameList(operators.everyAdmin.token, { provider: p.code });
    expect(all.http, all.message).toBe(200);
    const page = all.data as { content: AdminGame[]; totalElements: number; totalPages: number };
    // Sort order, then id: alpha (0), beta and gamma (1, in the order they were made), delta (2), odd (3).
    expect(page.content.map((g) => g.id)).toEqual([ids.alpha, ids.beta, ids.gamma, ids.delta, ids.odd]);
    expect(page.totalElements).toBe(5);
    expect(page.content[1]).toEqual({
      id: ids.beta,
      providerCode: p.code,
      code: 'beta',
      name: 'Beta Dice',
      category: 'reels',
      rtpBp: 9600,
      enabled: false,
      sortOrder: 1,
    });

    const second = await gameList(operators.everyAdmin.token, { provider: p.code, number: 1, size: 2 });
    expect(second.data).toMatchObject({ number: 1, totalPages: 3, totalElements: 5 });
    expect((second.data.content as AdminGame[]).map((g) => g.id)).toEqual([ids.gamma, ids.delta]);

    const reels = await gameList(operators.viewer.token, { provider: p.code, search: '  REELS ' });
    expect((reels.data.content as AdminGame[]).map((g) => g.code)).toEqual(['lucky-reels', 'gamma', 'delta']);
    // A search's % and _ are letters, not wildcards.
    const percent = await gameList(operators.everyAdmin.token, { provider: p.code, search: '0% wild_' });
    expect((percent.data.content as AdminGame[]).map((g) => g.id)).toEqual([ids.odd]);
    expect(
      (await gameList(operators.everyAdmin.token, { provider: p.code, search: '%' })).data.totalElements,
    ).toBe(1);
    // Without a provider: every provider's games; an unknown provider has none.
    const everywhere = await gameList(operators.everyAdmin.token, { search: 'gamma reels', size: 50 });
    expect((everywhere.data.content as AdminGame[]).map((g) => g.id)).toContain(ids.gamma);
    expect((await gameList(operators.everyAdmin.token, { provider: 'nobody' })).data).toMatchObject({
      content: [],
      totalElements: 0,
    });
  });

  it('refuses a search of more than 50 characters, a bad page, and a player', async () => {
    const long = await gameList(operators.everyAdmin.token, { search: 'x'.repeat(51) });
    expect(long.http).toBe(400);
    expect(long.data.issues[0]).toMatchObject({ path: 'search', code: 'too_long' });
    expect((await gameList(operators.everyAdmin.token, { search: ` ${'x'.repeat(50)} ` })).http).toBe(200);
    expect((await gameList(operators.everyAdmin.token, { size: 51 })).http).toBe(400);
    const player = await quickUser(server);
    for (const path of ['/admin/games/providers', '/admin/games/list'])
      expect(await server.post(path, {}, player.token)).toMatchObject({
        http: 403,
        data: { code: 'operator_only' },
      });
  });
});

describe('switching off and on', () => {
  it('a game switched off leaves the lobby and cannot be launched; on again it is back', async () => {
    const p = await seamlessProvider();
    const user = await newUser(server, { safePassword: null });
    expect(await inLobby(p.gameName, p.category)).toEqual({ games: [p.gameId], category: true });

    const off = await switchGame(p.gameId, false);
    expect(off.http, off.message).toBe(200);
    expect(off.data).toMatchObject({ id: p.gameId, code: p.gameCode, enabled: false });
    expect(await inLobby(p.gameName, p.category)).toEqual({ games: [], category: false });
    expect(await launch(user, p.gameId)).toMatchObject({ http: 404, data: { code: 'game_not_found' } });
    expect((await providerOf(p.code))?.enabledGames).toBe(0);

    expect((await switchGame(p.gameId, true)).data).toMatchObject({ enabled: true });
    expect(await inLobby(p.gameName, p.category)).toEqual({ games: [p.gameId], category: true });
    expect((await launch(user, p.gameId)).http).toBe(200);
  });

  it('a provider switched off takes every game of it out; on again brings back those that are on', async () => {
    const p = await seamlessProvider();
    const tag = unique();
    const other = await addGame(p.code, { code: 'other', name: `Other ${tag}`, category: `o-${tag}` });
    const resting = await addGame(p.code, { code: 'resting', name: `Resting ${tag}`, enabled: false });
    const user = await newUser(server, { safePassword: null });

    const off = await switchProvider(p.code, false);
    expect(off.http, off.message).toBe(200);
    expect(off.data).toEqual({
      code: p.code,
      name: `Provider ${p.code}`,
      protocol: 'seamless',
      wire: 'beacon',
      enabled: false,
      games: 3,
      enabledGames: 2,
    });
    expect(await inLobby(p.gameName, p.category)).toEqual({ games: [], category: false });
    expect(await inLobby(`Other ${tag}`, `o-${tag}`)).toEqual({ games: [], category: false });
    for (const id of [p.gameId, other])
      expect(await launch(user, id)).toMatchObject({ http: 404, data: { code: 'game_not_found' } });

    expect((await switchProvider(p.code, true)).data).toMatchObject({ enabled: true, enabledGames: 2 });
    expect(await inLobby(p.gameName, p.category)).toEqual({ games: [p.gameId], category: true });
    expect(await inLobby(`Other ${tag}`, `o-${tag}`)).toEqual({ games: [other], category: true });
    expect((await launch(user, other)).http).toBe(200);
    expect((await launch(user, resting)).http).toBe(404);
  });

  it('audits each change on the platform chain with what it was; the chain verifies', async () => {
    const p = await seamlessProvider();
    await switchProvider(p.code, false);
    await switchProvider(p.code, true);
    await switchGame(p.gameId, false);
    expect(await gameAudits(p.code)).toEqual([
      {
        chain: 0,
        actor: operators.everyAdmin.id,
        action: 'game.provider.disable',
        before: { enabled: true },
        after: { enabled: false },
      },
      {
        chain: 0,
        actor: operators.everyAdmin.id,
        action: 'game.provider.enable',
        before: { enabled: false },
        after: { enabled: true },
      },
    ]);
    expect(await gameAudits(p.gameId)).toEqual([
      {
        chain: 0,
        actor: operators.everyAdmin.id,
        action: 'game.disable',
        before: { enabled: true },
        after: { enabled: false },
      },
    ]);
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('setting the state a record has is accepted and changes nothing: no audit row', async () => {
    const p = await seamlessProvider();
    const on = await switchProvider(p.code, true);
    expect(on.http, on.message).toBe(200);
    expect(on.data).toMatchObject({ code: p.code, enabled: true });
    expect((await switchGame(p.gameId, true)).data).toMatchObject({ id: p.gameId, enabled: true });
    expect(await gameAudits(p.code)).toEqual([]);
    expect(await gameAudits(p.gameId)).toEqual([]);

    await switchGame(p.gameId, false);
    const again = await switchGame(p.gameId, false);
    expect(again.http).toBe(200);
    expect(again.data).toMatchObject({ enabled: false });
    expect((await gameAudits(p.gameId)).map((a) => a.action)).toEqual(['game.disable']);
  });

  it('switches made at once are applied in turn, each change audited once with the state it left', async () => {
    const p = await seamlessProvider();
    const wanted = [false, false, true, false, true, true, false, false];
    const answers = await Promise.all(wanted.map((enabled) => switchGame(p.gameId, enabled)));
    expect(answers.map((a) => a.http)).toEqual(wanted.map(() => 200));
    const audits = await gameAudits(p.gameId);
    // Every row is a real change from the state the one before it left, and the last is the game's state.
    let state = true;
    for (const a of audits) {
      expect(a.before).toEqual({ enabled: state });
      state = !state;
      expect(a.after).toEqual({ enabled: state });
    }
    const [game] = (await gameList(operators.everyAdmin.token, { provider: p.code })).data
      .content as AdminGame[];
    expect(game?.enabled).toBe(state);
    expect(await verifyAudit(server.db)).toEqual([]);
  });

  it('refuses an administrator of one site and a viewer (403) and a player; nothing changes', async () => {
    const p = await seamlessProvider();
    for (const token of [operators.siteOperator.token, operators.viewer.token]) {
      expect(await switchProvider(p.code, false, token)).toMatchObject({
        http: 403,
        data: { code: 'permission_denied' },
      });
      expect(await switchGame(p.gameId, false, token)).toMatchObject({
        http: 403,
        data: { code: 'permission_denied' },
      });
    }
    const player = await quickUser(server);
    expect(await switchProvider(p.code, false, player.token)).toMatchObject({
      http: 403,
      data: { code: 'operator_only' },
    });
    expect(await switchGame(p.gameId, false, player.token)).toMatchObject({
      http: 403,
      data: { code: 'operator_only' },
    });
    expect(await providerOf(p.code)).toMatchObject({ enabled: true, enabledGames: 1 });
    expect(await gameAudits(p.code)).toEqual([]);
    expect(await gameAudits(p.gameId)).toEqual([]);
  });

  it('refuses an unknown provider or game, and a malformed switch, by field', async () => {
    const provider = await switchProvider(`nobody-${unique()}`, false);
    expect(provider.http).toBe(400);
    expect(provider.data.issues[0]).toMatchObject({ path: 'code', code: 'provider_not_found' });
    const game = await switchGame(999_999_999, false);
    expect(game.http).toBe(400);
    expect(game.data.issues[0]).toMatchObject({ path: 'id', code: 'game_not_found' });
    const noState = await server.post('/admin/games/enable', { id: 1 }, operators.everyAdmin.token);
    expect(noState.http).toBe(400);
    expect(noState.data.issues[0]).toMatchObject({ path: 'enabled', code: 'required' });
    const notBoolean = await server.post(
      '/admin/games/providers/enable',
      { code: 'x', enabled: 1 },
      operators.everyAdmin.token,
    );
    expect(notBoolean.data.issues[0]).toMatchObject({ path: 'enabled', code: 'invalid_type' });
  });
});

/** Settles two rounds left open, in this order: `won` by a win of `win`, then `rolled` by rolling back its bet. */
async function settleBoth(
  p: Provider,
  s: Seat,
  { won, win }: { won: string; win: number },
  { rolled, rolledBet }: { rolled: string; rolledBet: { transactionId: string } },
) {
  return {
    win: await seamlessCall(server, p, 'win', winBody(s, p.gameCode, won, win)),
    rollback: await seamlessCall(server, p, 'rollback', rollbackBody(s, p.gameCode, rolled, rolledBet)),
  };
}

describe('money while a provider or a game is off', () => {
  it('with the provider off, rounds placed before settle and roll back exactly; a new bet is refused and moves nothing', async () => {
    const p = await seamlessProvider();
    const s = await seat(p);
    const won = txId('round');
    const rolled = txId('round');
    const wonBet = betBody(s, p.gameCode, won, 2_000);
    const rolledBet = betBody(s, p.gameCode, rolled, 1_000);
    const placed = await seamlessCall(server, p, 'bet', wonBet);
    expect(placed.body).toMatchObject({ status: 'OK', balance: 8_000 });
    expect((await seamlessCall(server, p, 'bet', rolledBet)).body).toMatchObject({ balance: 7_000 });

    expect((await switchProvider(p.code, false)).http).toBe(200);

    // New stakes: a new round, and another bet in a round still open. Refused and moving nothing; the refusal
    // is recorded, so its id answers it again even once the provider is on (decision 0039).
    const fresh = betBody(s, p.gameCode, txId('round'), 500);
    const refused = await seamlessCall(server, p, 'bet', fresh);
    expect(refused.http).toBe(200);
    expect(refused.body).toMatchObject({ status: 'LIMIT_REACHED', balance: 7_000 });
    expect(refused.body.message).toMatch(/not available/);
    expect(await round(p, fresh.roundId)).toBeUndefined();
    expect(await callRows(p, fresh.transactionId)).toHaveLength(1);
    const more = await seamlessCall(server, p, 'bet', betBody(s, p.gameCode, won, 500));
    expect(more.body).toMatchObject({ status: 'LIMIT_REACHED', balance: 7_000 });
    expect(await round(p, won)).toEqual({ status: 'pending', bet: 2_000, win: 0 });
    // An exact replay of a bet taken before is still its first answer.
    expect((await seamlessCall(server, p, 'bet', wonBet)).raw).toBe(placed.raw);
    expect(await wallet(s.user)).toEqual({ main: 70, slots: 30 });

    // What was staked settles: a win, a rollback; the balance call answers.
    const settled = await settleBoth(p, s, { won, win: 5_000 }, { rolled, rolledBet });
    expect(settled.win.body).toMatchObject({ status: 'OK', balance: 12_000 });
    expect(settled.rollback.body).toMatchObject({ status: 'OK', balance: 13_000 });
    expect(await round(p, won)).toEqual({ status: 'settled', bet: 2_000, win: 5_000 });
    expect(await round(p, rolled)).toMatchObject({ status: 'cancelled' });
    const balance = await seamlessCall(server, p, 'balance', {
      sessionToken: s.sessionToken,
      playerId: s.playerId,
    });
    expect(balance.body).toEqual({ status: 'OK', balance: 13_000 });
    expect(await wallet(s.user)).toEqual({ main: 130, slots: 0 });
    // A stranger is still refused, off or not.
    const stranger = await seamlessCall(server, { code: p.code, secret: 'not-the-secret' }, 'bet', fresh);
    expect(stranger.body).toEqual({ status: 'INVALID_SIGNATURE' });
    await expectLedgerSound(server);

    // On again: bets are taken.
    await switchProvider(p.code, true);
    expect((await seamlessCall(server, p, 'bet', fresh)).raw).toBe(refused.raw);
    const back = await seamlessCall(server, p, 'bet', betBody(s, p.gameCode, txId('round'), 500));
    expect(back.body).toMatchObject({ status: 'OK', balance: 12_500 });
    await expectLedgerSound(server);
  });

  it('with one game off, its rounds settle and its new bets are refused; the provider’s other games play on', async () => {
    const p = await seamlessProvider();
    await addGame(p.code, { code: 'open-game', name: `Open ${unique()}` });
    const s = await seat(p);
    const won = txId('round');
    const rolled = txId('round');
    const rolledBet = betBody(s, p.gameCode, rolled, 1_500);
    await seamlessCall(server, p, 'bet', betBody(s, p.gameCode, won, 1_000));
    await seamlessCall(server, p, 'bet', rolledBet);

    expect((await switchGame(p.gameId, false)).http).toBe(200);

    const fresh = betBody(s, p.gameCode, txId('round'), 100);
    const refused = await seamlessCall(server, p, 'bet', fresh);
    expect(refused.body).toMatchObject({ status: 'LIMIT_REACHED', balance: 7_500 });
    expect(await round(p, fresh.roundId)).toBeUndefined();
    // The same session plays the provider's game that is on (the session is the player's, not the game's).
    const elsewhere = await seamlessCall(server, p, 'bet', betBody(s, 'open-game', txId('round'), 500));
    expect(elsewhere.body).toMatchObject({ status: 'OK', balance: 7_000 });

    const settled = await settleBoth(p, s, { won, win: 0 }, { rolled, rolledBet });
    expect(settled.win.body).toMatchObject({ status: 'OK', balance: 7_000 });
    expect(settled.rollback.body).toMatchObject({ status: 'OK', balance: 8_500 });
    expect(await round(p, won)).toEqual({ status: 'settled', bet: 1_000, win: 0 });
    // 100.00 - 10.00 lost - 5.00 staked elsewhere, still open.
    expect(await wallet(s.user)).toEqual({ main: 85, slots: 5 });
    await expectLedgerSound(server);
  });

  it('a launch token issued before the switch still opens a session, whose bets are refused', async () => {
    const p = await seamlessProvider();
    const user = await newUser(server, { safePassword: null });
    await deposit(server, user, 10);
    const token = await launchToken(server, user, p.gameId);
    await switchProvider(p.code, false);
    const auth = await seamlessCall(server, p, 'authenticate', { token });
    expect(auth.body).toMatchObject({ status: 'OK', balance: 1_000 });
    const s = { user, sessionToken: auth.body.sessionToken ?? '', playerId: auth.body.playerId ?? '' };
    const bet = await seamlessCall(server, p, 'bet', betBody(s, p.gameCode, txId('round'), 100));
    expect(bet.body).toMatchObject({ status: 'LIMIT_REACHED', balance: 1_000 });
    expect(await wallet(user)).toEqual({ main: 10, slots: 0 });
  });
});

describe('a transfer provider switched off', () => {
  let provider: TransferProvider;

  beforeAll(async () => {
    provider = await addDemoTransferProvider(server);
  }, 60_000);
  afterAll(() => provider?.demo.cleanup());

  it('still has its records pulled, so the channel follows the money already in its wallet, and lets it out', async () => {
    const user = await newUser(server, { safePassword: null });
    await ensureUserAccounts(server.db, user.id, server.clock.now());
    await fund(server.db, user.id, 100_000);
    expect((await channelTransfer(server, user, provider.channel, 'in', 100)).data.state).toBe('applied');

    expect((await switchProvider(provider.code, false)).http).toBe(200);
    // The player finishes at the provider's table after the switch.
    const played = [
      ...(await playAtProvider(provider.demo, user.id, 1_000, 5)),
      ...(await playAtProvider(provider.demo, user.id, 500, 4)),
    ];
    expect(played.every((r) => r.status === 'OK')).toBe(true);
    await createGamesWorker(server.app.ctx).runOnce();

    const rounds = await server.db
      .selectFrom('game_rounds')
      .select('id')
      .where('provider_code', '=', provider.code)
      .where('user_id', '=', user.id)
      .execute();
    expect(rounds).toHaveLength(9);
    await expectChannelMatchesProvider(server, provider, user.id);
    // Off, its channel takes no new money, but the player's money can leave it: never stranded there.
    expect((await channelTransfer(server, user, provider.channel, 'in', 10)).http).toBe(400);
    const balance = await server.post('/games/channel-balance', { channel: provider.channel }, user.token);
    expect(balance.http, balance.message).toBe(200);
    const out = await channelTransfer(server, user, provider.channel, 'out', balance.data.balance);
    expect(out.http, out.message).toBe(200);
    expect(out.data.state).toBe('applied');
    await expectChannelMatchesProvider(server, provider, user.id);
    await expectLedgerSound(server);
    await switchProvider(provider.code, true);
  });
});
