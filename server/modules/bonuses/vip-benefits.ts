import { businessDay } from '../../business-days';
import type { AppContext } from '../../context';
import { ensureUserAccounts, withMoneyTx } from '../ledger/service';
import { grant } from './grants';
import * as repo from './repository';

/*
 * The VIP monthly bonus as vip_benefits lists it (decision 0052): an operator's active `vip_monthly` offer holds
 * the terms (turnover, contributions, validity, texts); each player at a level whose benefits name a monthly
 * bonus is granted that level's amount once per business month of their site's zone (period `YYYY-MM`). Once,
 * whichever process pays: a claim per (offer, player, month) is unique, so a second process's grant finds the
 * first and moves nothing.
 */

const BATCH = 200;

/** What `vip_benefits` pays per level for the monthly bonus (handed by the registry: bonuses never imports vip). */
export type BenefitAmounts = () => Promise<ReadonlyMap<number, number>>;

export async function payMonthlyBenefits(ctx: AppContext, amounts: BenefitAmounts): Promise<number> {
  const offers = await repo.activeOffersOfKind(ctx.db, 'vip_monthly');
  if (offers.length === 0) return 0;
  const byLevel = await amounts();
  const now = ctx.clock.now();
  const zones = [
    { id: null, zone: ctx.config.games.businessTimeZone },
    ...(await repo.siteZones(ctx.db)).map((s) => ({
      id: s.id,
      zone: s.business_time_zone ?? ctx.config.games.businessTimeZone,
    })),
  ];
  let paid = 0;
  for (const offer of offers) {
    const version = await repo.findVersion(ctx.db, offer.id, offer.version);
    if (!version) continue;
    const levels = [...byLevel.keys()].filter((level) => level >= version.min_level);
    if (levels.length === 0) continue;
    for (const site of zones) {
      if (offer.site_id !== null && offer.site_id !== site.id) continue;
      const period = businessDay(now, site.zone).slice(0, 7);
      let afterId = 0;
      for (;;) {
        const due = await repo.dueForPeriod(ctx.db, {
          offerId: offer.id,
          siteId: site.id,
          levels,
          period,
          afterId,
          limit: BATCH,
        });
        for (const user of due) {
          await ensureUserAccounts(ctx.db, user.id, now);
          const result = await withMoneyTx(ctx.db, (trx) =>
            grant(trx, {
              offer,
              version,
              userId: user.id,
              period,
              base: 0,
              amount: byLevel.get(user.level) ?? 0,
              timeZone: site.zone,
              now,
            }),
          );
          if (result.state === 'granted') paid++;
        }
        if (due.length < BATCH) break;
        afterId = due[due.length - 1]?.id ?? afterId;
      }
    }
  }
  return paid;
}
