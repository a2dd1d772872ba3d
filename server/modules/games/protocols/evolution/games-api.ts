import { randomUUID } from 'node:crypto';
import {
  type EvolutionLaunchRequest,
  evolutionLaunchAnswerSchema,
  evolutionLaunchPath,
  evolutionLobbyPath,
  evolutionLobbySchema,
} from '#contract/game-evolution';
import type { AppContext } from '../../../../context';
import { serviceUnavailable } from '../../../../http/envelope';
import { signKey } from '../../provider-keys';
import type { GameRow, ProviderRow } from '../../repository';
import { openLaunchedSession } from '../../seamless';
import type { ListedGame } from '..';
import { wireLanguage, wirePlayer } from '../players';
import { evolutionSettings } from './settings';

/*
 * The calls Beacon makes to Evolution: User Authentication (the player's session handed over, the game's
 * entry address answered) and the lobby state (the tables this casino may offer), both authenticated with the
 * API token Evolution gave (the provider's sign key). A launch opens the game session first, so Beacon
 * answers the wallet calls that follow the moment the game opens.
 */

const base = (provider: ProviderRow) => provider.base_url.replace(/\/+$/, '');

/** The API token valid now, or undefined (logged: no call can be made without it). */
async function apiToken(ctx: AppContext, provider: ProviderRow): Promise<string | undefined> {
  const token = await signKey(ctx, provider.code, Date.now());
  if (!token)
    ctx.log.error(
      { provider: provider.code },
      'evolution: no API token valid now: Evolution cannot be called',
    );
  return token;
}

/** A call's JSON answer, or null when it did not come or was an error (logged). */
async function fetchJson(
  ctx: AppContext,
  provider: ProviderRow,
  url: string,
  init: RequestInit,
): Promise<unknown> {
  try {
    const res = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(ctx.config.games.providerTimeoutMs),
    });
    const answer = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) {
      ctx.log.warn({ provider: provider.code, http: res.status, answer }, 'evolution: call refused');
      return null;
    }
    return answer;
  } catch (err) {
    ctx.log.warn({ provider: provider.code, err: String(err) }, 'evolution: unreachable');
    return null;
  }
}

/** The page a player's game opens, from User Authentication, for a session opened here first. */
export async function launchEvolution(
  ctx: AppContext,
  userId: number,
  provider: ProviderRow,
  game: GameRow,
  lang: string,
): Promise<string> {
  const settings = evolutionSettings(provider.settings);
  const token = await apiToken(ctx, provider);
  if (!token) throw serviceUnavailable('channel_unavailable');
  const sid = await openLaunchedSession(ctx, userId, provider, game.id);
  const body: EvolutionLaunchRequest = {
    uuid: randomUUID(),
    player: {
      id: wirePlayer(userId),
      update: true,
      language: wireLanguage(lang),
      currency: ctx.config.games.currency,
      // Beacon tells Evolution nothing that identifies the person: no name, country or address.
      session: { id: sid, ip: '0.0.0.0' },
    },
    config: { game: { table: { id: game.code } }, channel: { wrapped: false, mobile: true } },
  };
  const answer = await fetchJson(
    ctx,
    provider,
    `${base(provider)}${evolutionLaunchPath(settings.casinoKey, token)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const parsed = evolutionLaunchAnswerSchema.safeParse(answer);
  if (!parsed.success) throw serviceUnavailable('channel_unavailable');
  return new URL(parsed.data.entry, `${base(provider)}/`).toString();
}

/** Evolution's tables for this casino, or null when the list could not be read. */
export async function evolutionGames(ctx: AppContext, provider: ProviderRow): Promise<ListedGame[] | null> {
  const settings = evolutionSettings(provider.settings);
  const token = await apiToken(ctx, provider);
  if (!token) return null;
  const basic = Buffer.from(`${settings.casinoKey}:${token}`, 'utf8').toString('base64');
  const answer = await fetchJson(
    ctx,
    provider,
    `${base(provider)}${evolutionLobbyPath(settings.casinoKey)}`,
    {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    },
  );
  const parsed = evolutionLobbySchema.safeParse(answer);
  if (!parsed.success) return null;
  return (
    Object.entries(parsed.data.tables)
      // A table id becomes a game code: one that could not be (too long, spaces) is left out, never cut.
      .filter(([code, t]) => t.open !== false && /^[\x21-\x7e]{1,64}$/.test(code))
      .map(([code, t]) => ({
        code,
        name: t.name,
        category: t.gameType,
        channel: settings.channels[t.gameType] ?? settings.defaultChannel,
      }))
  );
}
