import { createHash, randomBytes } from 'node:crypto';
import { Status } from '#contract/envelope';
import { LAUNCH_TOKEN_SECONDS } from '#contract/game-provider';
import type {
  Game,
  GamesRequest,
  Launch,
  LobbyChannel,
  Round,
  RoundDetail,
  RoundsRequest,
} from '#contract/games';
import type { Page } from '#contract/paging';
import { toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import { codedError } from '../../http/envelope';
import { offsetOf, pageOf } from '../../http/page';
import type { Authenticated } from '../auth/service';
import { gameChannels } from '../ledger/service';
import * as repo from './repository';

/*
 * What the app asks of the games: the lobby (channels, their categories, the games), a launch, and the
 * betting record. A seamless launch is a single-use token for the provider's game page; a transfer
 * provider makes its own page address (transfer-client.ts).
 */

/** Where a game's picture is drawn (server/modules/games/routes.ts): no network, no stored file. */
export const gamePicture = (id: number): string => `/media/games/${id}.svg`;

/** The lobby's channels, named in `locale` (the caller's language). */
export async function lobby(ctx: AppContext, locale?: string): Promise<{ channels: LobbyChannel[] }> {
  const [channels, categories, providers] = await Promise.all([
    gameChannels(ctx.db, locale),
    repo.channelCategories(ctx.db),
    repo.listProviders(ctx.db),
  ]);
  const transferChannels = new Set(
    providers.filter((p) => p.enabled === 1 && p.protocol === 'transfer').map((p) => p.channel_code),
  );
  return {
    channels: channels
      .filter((c) => c.enabled)
      .map((c) => ({
        code: c.code,
        name: c.name,
        transfer: transferChannels.has(c.code),
        categories: categories.filter((k) => k.channel_code === c.code).map((k) => k.category),
      }))
      .filter((c) => c.categories.length > 0 || c.transfer),
  };
}

const gameOf = (row: repo.GameRow & { provider_name: string }): Game => ({
  id: row.id,
  name: row.name,
  channel: row.channel_code,
  category: row.category,
  provider: row.provider_name,
  picture: gamePicture(row.id),
  rtp: row.rtp_bp / 100,
  minBet: toMoney(row.min_bet),
  maxBet: toMoney(row.max_bet),
});

export async function games(ctx: AppContext, input: Required<GamesRequest>): Promise<Page<Game>> {
  const filter = {
    channel: input.channel,
    category: input.category,
    search: input.search.trim().toLowerCase(),
  };
  const [total, rows] = await Promise.all([
    repo.countGames(ctx.db, filter),
    repo.listGames(ctx.db, filter, input.size, offsetOf(input)),
  ]);
  return pageOf(rows.map(gameOf), total, input.number, input.size);
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A playable game and its enabled provider, or 404 `game_not_found`. */
export async function playableGame(ctx: AppContext, gameId: number) {
  const game = await repo.findGame(ctx.db, gameId);
  const provider = game && (await repo.findProvider(ctx.db, game.provider_code));
  if (!game || !provider || game.enabled !== 1 || provider.enabled !== 1)
    throw codedError(404, Status.notFound, 'game_not_found');
  return { game, provider };
}

/** A seamless game's page with a fresh single-use launch token (LAUNCH_TOKEN_SECONDS to authenticate). */
export async function launchSeamless(
  ctx: AppContext,
  auth: Authenticated,
  game: repo.GameRow,
  provider: repo.ProviderRow,
  lang: string,
): Promise<Launch> {
  const now = ctx.clock.now();
  const token = randomBytes(24).toString('base64url');
  await repo.insertSession(ctx.db, {
    user_id: auth.user.id,
    provider_code: provider.code,
    game_id: game.id,
    launch_hash: sha256(token),
    launch_expires_at: now + LAUNCH_TOKEN_SECONDS * 1000,
    session_hash: null,
    expires_at: null,
    created_at: now,
  });
  const url = new URL(`play/${encodeURIComponent(game.code)}`, withSlash(provider.base_url));
  url.searchParams.set('token', token);
  url.searchParams.set('lang', lang);
  return { url: url.toString(), name: game.name };
}

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

// ---- the betting record

const roundOf =
  (channelNames: Map<string, string>) =>
  (r: repo.RoundListRow): Round => {
    const counted = r.status === 'settled' || r.status === 'pending';
    return {
      id: r.id,
      roundId: r.round_ref,
      game: r.game_name,
      channel: r.channel_code,
      channelName: channelNames.get(r.channel_code) ?? r.channel_code,
      bet: toMoney(r.bet),
      validBet: toMoney(r.valid_bet),
      win: toMoney(r.win),
      net: counted ? toMoney(r.win - r.bet) : 0,
      status: r.status,
      placedAt: r.placed_at,
      settledAt: r.settled_at,
    };
  };

const channelNamesOf = async (ctx: AppContext, locale?: string) =>
  new Map((await gameChannels(ctx.db, locale)).map((c) => [c.code, c.name]));

export async function rounds(
  ctx: AppContext,
  auth: Authenticated,
  input: RoundsRequest & { number: number; size: number; channel: string },
  locale?: string,
): Promise<Page<Round>> {
  const filter = { userId: auth.user.id, channel: input.channel, from: input.from, to: input.to };
  const [total, rows, names] = await Promise.all([
    repo.countUserRounds(ctx.db, filter),
    repo.listUserRounds(ctx.db, filter, input.size, offsetOf(input)),
    channelNamesOf(ctx, locale),
  ]);
  return pageOf(rows.map(roundOf(names)), total, input.number, input.size);
}

export async function round(
  ctx: AppContext,
  auth: Authenticated,
  id: number,
  locale?: string,
): Promise<RoundDetail> {
  const row = await repo.findRoundById(ctx.db, id);
  if (!row || row.user_id !== auth.user.id) throw codedError(404, Status.notFound, 'round_not_found');
  const [game, provider, calls, names] = await Promise.all([
    repo.findGame(ctx.db, row.game_id),
    repo.findProvider(ctx.db, row.provider_code),
    repo.callsOfRound(ctx.db, row.id),
    channelNamesOf(ctx, locale),
  ]);
  return {
    ...roundOf(names)({ ...row, game_name: game?.name ?? '' }),
    provider: provider?.name ?? row.provider_code,
    moves: calls.map((c) => ({
      action: c.action,
      transactionId: c.transaction_ref,
      amount: toMoney(c.amount),
      rolledBack: c.state === 'rolled_back',
      at: c.created_at,
    })),
  };
}
