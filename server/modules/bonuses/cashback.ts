import { addDays, businessDay } from '../../business-days';
import type { AppContext } from '../../context';
import { ensureUserAccounts, withMoneyTx } from '../ledger/service';
import { bonusAmount, budgetCovers, grant } from './grants';
import { ineligible, playerOf } from './offers';
import * as repo from './repository';
import { type SiteZone, siteZonesOf } from './site-zones';

/*
 * Weekly cashback on net losses (decision 0053). A week is Monday to Sunday in the player's site's business
 * days; its net loss is the stakes less the wins of the rounds placed on those days (game_daily_valid, where a
 * round counts on the day it was bet). It is paid once the week has ended and one more business day has
 * passed, so a round bet on Sunday night and settled on Monday is in it; it is paid on the figures as they
 * stand then, recorded as the claim's base. A result of that week arriving later still (a provider's late win
 * or loss) changes nothing paid: the cashback was what the player was told. Once per (offer, player, week) by
 * the claim's unique index, whichever process pays; the last two payable weeks are looked at, so a worker
 * that was down for a week still pays.
 */

const BATCH = 200;
/** Business days after the week's Sunday before it is paid: late results of the week come in meanwhile. */
export const CASHBACK_GRACE_DAYS = 1;
const WEEKS_LOOKED_AT = 2;

/** 0 for Monday to 6 for Sunday. */
const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The Mondays of the weeks paid on `today`, the latest first: their Sunday plus the grace is over. */
export function payableWeeks(today: string): string[] {
  const lastCounted = addDays(today, -(CASHBACK_GRACE_DAYS + 1));
  const sunday = addDays(lastCounted, -((weekdayOf(lastCounted) + 1) % 7));
  return Array.from({ length: WEEKS_LOOKED_AT }, (_, i) => addDays(sunday, -6 - 7 * i));
}

/** The claim's period of the week starting on `monday`. */
export const weekPeriod = (monday: string): string => `week:${monday}`;

export async function payCashback(ctx: AppContext): Promise<number> {
  const offers = await repo.activeOffersOfKind(ctx.db, 'cashback');
  if (offers.length === 0) return 0;
  const zones = await siteZonesOf(ctx);
  let paid = 0;
  for (const offer of offers) {
    const version = await repo.findVersion(ctx.db, offer.id, offer.version);
    if (!version) continue;
    for (const site of zones) {
      if (offer.site_id !== null && offer.site_id !== site.id) continue;
      for (const monday of payableWeeks(businessDay(ctx.clock.now(), site.zone)))
        paid += await payWeek(ctx, offer, version, site, monday);
    }
  }
  return paid;
}

async function payWeek(
  ctx: AppContext,
  offer: repo.OfferRow,
  version: repo.VersionRow,
  site: SiteZone,
  monday: string,
): Promise<number> {
  const now = ctx.clock.now();
  const period = weekPeriod(monday);
  let paid = 0;
  let afterId = 0;
  for (;;) {
    const losers = await repo.netLossesOfWeek(ctx.db, {
      offerId: offer.id,
      siteId: site.id,
      minLevel: version.min_level,
      from: monday,
      to: addDays(monday, 6),
      // The offer's minimum "deposit" is, for cashback, the least net loss it pays on.
      minLoss: Math.max(1, version.min_deposit ?? 1),
      period,
      afterId,
      limit: BATCH,
    });
    // The offer as it is now: its budget spent so far, by this process or another.
    const current = await repo.findOffer(ctx.db, offer.id);
    if (current?.state !== 'active') return paid;
    for (const { user_id: userId, net_loss: netLoss } of losers) {
      const amount = bonusAmount(version, netLoss);
      // A loss so small its percent rounds down to nothing pays nothing (and claims nothing).
      if (amount < 1 || !budgetCovers(current, amount)) continue;
      const player = await playerOf(ctx.db, userId);
      if (!player || (await ineligible(ctx.db, current, version, player, now))) continue;
      await ensureUserAccounts(ctx.db, userId, now);
      const result = await withMoneyTx(ctx.db, (trx) =>
        grant(trx, { offer: current, version, userId, period, base: netLoss, timeZone: site.zone, now }),
      );
      if (result.state === 'granted') {
        paid++;
        current.granted += amount;
      }
    }
    if (losers.length < BATCH) return paid;
    afterId = losers[losers.length - 1]?.user_id ?? afterId;
  }
}
