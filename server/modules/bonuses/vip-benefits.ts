import { addDays, businessDay, dayBounds } from '../../business-days';
import type { AppContext } from '../../context';
import { ensureUserAccounts, withMoneyTx } from '../ledger/service';
import { budgetCovers, grant } from './grants';
import * as repo from './repository';
import { type SiteZone, siteZonesOf } from './site-zones';

/*
 * The VIP level benefits as vip_benefits lists them (decisions 0052, 0053): an operator's active `vip_monthly`
 * or `vip_birthday` offer holds the terms (turnover, contributions, validity, texts); the amount is the
 * player's level's. Monthly: once per business month of the player's site's zone (period `YYYY-MM`).
 * Birthday: once per year (period `YYYY`), on the birthday or in the week after it (a worker that was down on
 * the day still pays), for a date of birth told at least 30 days before the birthday (so it cannot be told
 * on the day to be paid); born on 29 February: on 28 February in other years. Once, whichever process pays:
 * a claim per (offer, player, period) is unique, so a second process's grant finds the first and moves nothing.
 */

const BATCH = 200;
/** Days after the birthday it is still paid on, the birthday included. */
export const BIRTHDAY_PAID_DAYS = 7;
/** How long before the birthday the date of birth must have been told. */
export const BIRTHDAY_KNOWN_DAYS = 30;

export type BenefitKind = 'monthly_bonus' | 'birthday_bonus';
/** What `vip_benefits` pays per level for a benefit (handed by the registry: bonuses never imports vip). */
export type BenefitAmounts = (kind: BenefitKind) => Promise<ReadonlyMap<number, number>>;

/** The players due one period's benefit of one offer in one site. */
type Due = { period: string; birthday?: { monthDays: string[]; knownBy: number } };

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The month-days born on which a player's birthday falls on `day`: 29 Feb's on 28 Feb of other years. */
export function birthdayMonthDays(day: string): string[] {
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !isLeap(Number(day.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}

/** The birthdays paid today: each of the last BIRTHDAY_PAID_DAYS days, its year's claim and who qualifies. */
function birthdaysDue(today: string, zone: string): Due[] {
  return Array.from({ length: BIRTHDAY_PAID_DAYS }, (_, back) => {
    const day = addDays(today, -back);
    return {
      period: day.slice(0, 4),
      birthday: {
        monthDays: birthdayMonthDays(day),
        knownBy: dayBounds(addDays(day, -BIRTHDAY_KNOWN_DAYS), zone).start,
      },
    };
  });
}

export async function payVipBenefits(ctx: AppContext, amounts: BenefitAmounts): Promise<number> {
  const kinds = [
    {
      offerKind: 'vip_monthly',
      benefit: 'monthly_bonus',
      due: (today: string) => [{ period: today.slice(0, 7) }],
    },
    { offerKind: 'vip_birthday', benefit: 'birthday_bonus', due: birthdaysDue },
  ] as const;
  let paid = 0;
  let zones: SiteZone[] | undefined;
  for (const kind of kinds) {
    const offers = await repo.activeOffersOfKind(ctx.db, kind.offerKind);
    if (offers.length === 0) continue;
    const byLevel = await amounts(kind.benefit);
    zones ??= await siteZonesOf(ctx);
    for (const offer of offers) {
      const version = await repo.findVersion(ctx.db, offer.id, offer.version);
      if (!version) continue;
      const levels = [...byLevel.keys()].filter((level) => level >= version.min_level);
      if (levels.length === 0) continue;
      for (const site of zones) {
        if (offer.site_id !== null && offer.site_id !== site.id) continue;
        for (const due of kind.due(businessDay(ctx.clock.now(), site.zone), site.zone))
          paid += await payDue(ctx, { offer, version, site, levels, byLevel, due });
      }
    }
  }
  return paid;
}

async function payDue(
  ctx: AppContext,
  p: {
    offer: repo.OfferRow;
    version: repo.VersionRow;
    site: SiteZone;
    levels: number[];
    byLevel: ReadonlyMap<number, number>;
    due: Due;
  },
): Promise<number> {
  const now = ctx.clock.now();
  let paid = 0;
  let afterId = 0;
  for (;;) {
    const users = await repo.dueForPeriod(ctx.db, {
      offerId: p.offer.id,
      siteId: p.site.id,
      levels: p.levels,
      period: p.due.period,
      ...(p.due.birthday ? { birthday: p.due.birthday } : {}),
      afterId,
      limit: BATCH,
    });
    // The offer as it is now: its budget spent so far, by this process or another.
    const current = await repo.findOffer(ctx.db, p.offer.id);
    if (current?.state !== 'active') return paid;
    for (const user of users) {
      const amount = p.byLevel.get(user.level) ?? 0;
      if (!budgetCovers(current, amount)) continue;
      await ensureUserAccounts(ctx.db, user.id, now);
      const result = await withMoneyTx(ctx.db, (trx) =>
        grant(trx, {
          offer: current,
          version: p.version,
          userId: user.id,
          period: p.due.period,
          base: 0,
          amount,
          timeZone: p.site.zone,
          now,
        }),
      );
      if (result.state === 'granted') {
        paid++;
        current.granted += amount;
      }
    }
    if (users.length < BATCH) return paid;
    afterId = users[users.length - 1]?.id ?? afterId;
  }
}
