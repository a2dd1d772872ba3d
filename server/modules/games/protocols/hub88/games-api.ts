import {
  HUB88_GAME_LIST_PATH,
  HUB88_GAME_URL_PATH,
  HUB88_SIGNATURE_HEADER,
  type Hub88Game,
  type Hub88GameUrlRequest,
  hub88GameListSchema,
  hub88GameUrlAnswerSchema,
} from '#contract/game-hub88';
import type { AppContext } from '../../../../context';
import { serviceUnavailable } from '../../../../http/envelope';
import { userSiteId } from '../../../auth/service';
import { siteDomains } from '../../../site/service';
import { signKey } from '../../provider-keys';
import type { GameRow, ProviderRow } from '../../repository';
import { openLaunchedSession } from '../../seamless';
import { wireLanguage, wirePlayer } from '../players';
import { hub88Settings } from './settings';
import { signHub88 } from './signing';

/*
 * Hub88's Games API, called by Beacon (docs.hub88.io, "Games API"): each body signed with Beacon's private
 * key (the newest sign key valid now), the answer read as Hub88 documents it. A launch opens the game
 * session first, so Beacon answers the wallet calls that follow the moment the game opens.
 */

/** A signed POST to the provider's Games API; the answer's JSON, or null when it did not come or was an error. */
async function call(ctx: AppContext, provider: ProviderRow, path: string, body: object): Promise<unknown> {
  const key = await signKey(ctx, provider.code, Date.now());
  if (!key) {
    ctx.log.error(
      { provider: provider.code },
      'hub88: no sign key valid now: the Games API cannot be called',
    );
    return null;
  }
  const text = JSON.stringify(body);
  try {
    const res = await fetch(`${provider.base_url.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signHub88(key, text) },
      body: text,
      signal: AbortSignal.timeout(ctx.config.games.providerTimeoutMs),
    });
    const answer = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) {
      ctx.log.warn({ provider: provider.code, path, http: res.status, answer }, 'hub88: Games API refused');
      return null;
    }
    return answer;
  } catch (err) {
    ctx.log.warn({ provider: provider.code, path, err: String(err) }, 'hub88: Games API unreachable');
    return null;
  }
}

/** The page a player's game opens, from Hub88's game/url, for a session opened here first. */
export async function launchHub88(
  ctx: AppContext,
  userId: number,
  provider: ProviderRow,
  game: GameRow,
  lang: string,
): Promise<string> {
  const settings = hub88Settings(provider.settings);
  const token = await openLaunchedSession(ctx, userId, provider, game.id);
  const siteId = await userSiteId(ctx.db, userId);
  const domain = siteId === null ? undefined : (await siteDomains(ctx)).get(siteId);
  const subPartner = domain === undefined ? undefined : settings.subPartners[domain];
  const body: Hub88GameUrlRequest = {
    user: wirePlayer(userId),
    token,
    platform: 'GPL_MOBILE',
    operator_id: settings.operatorId,
    lang: wireLanguage(lang),
    game_code: game.code,
    currency: ctx.config.games.currency,
    ...(subPartner === undefined ? {} : { sub_partner_id: subPartner }),
  };
  const parsed = hub88GameUrlAnswerSchema.safeParse(await call(ctx, provider, HUB88_GAME_URL_PATH, body));
  if (!parsed.success) throw serviceUnavailable('channel_unavailable');
  return parsed.data.url;
}

/** Hub88's game list for this operator, or null when it could not be read. */
export async function hub88Games(ctx: AppContext, provider: ProviderRow): Promise<Hub88Game[] | null> {
  const settings = hub88Settings(provider.settings);
  const answer = await call(ctx, provider, HUB88_GAME_LIST_PATH, { operator_id: settings.operatorId });
  const parsed = hub88GameListSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
