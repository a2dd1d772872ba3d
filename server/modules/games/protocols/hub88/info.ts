import type { Hub88Answer } from '#contract/game-hub88';
import type { AppContext } from '../../../../context';
import { accountStanding, userSiteId } from '../../../auth/service';
import { siteDomains } from '../../../site/service';
import type { ProviderRow } from '../../repository';
import { corePlayer } from '../players';
import { hub88Settings } from './settings';

/**
 * /user/info: what Hub88 may know of a player, which is no more than its reports need: the id Beacon gave,
 * the wallet's currency and the sub-partner id of the player's site (the provider's settings map sites to
 * Hub88's ids). No name, phone, birth date or country is sent: Beacon tells Hub88 nothing that identifies a
 * person, as Hub88 asks of the user id itself.
 */
export async function hub88Details(
  ctx: AppContext,
  provider: ProviderRow,
  req: { user: string; request_uuid: string },
  currency: string,
): Promise<Hub88Answer> {
  const echo = { request_uuid: req.request_uuid, user: req.user };
  const userId = Number(corePlayer(req.user));
  const standing =
    Number.isSafeInteger(userId) && userId > 0 ? await accountStanding(ctx.db, userId) : undefined;
  if (!standing) return { status: 'RS_ERROR_UNKNOWN', ...echo };
  if (standing.banned) return { status: 'RS_ERROR_USER_DISABLED', ...echo, currency };
  const siteId = await userSiteId(ctx.db, userId);
  const domain = siteId === null ? undefined : (await siteDomains(ctx)).get(siteId);
  const subPartner = domain === undefined ? undefined : hub88Settings(provider.settings).subPartners[domain];
  return {
    status: 'RS_OK',
    ...echo,
    currency,
    ...(subPartner === undefined ? {} : { sub_partner_id: subPartner }),
  };
}
