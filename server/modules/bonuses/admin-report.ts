import type { BonusFigures, BonusReport } from '#contract/admin/bonuses';
import { REPORT_DEFAULT_DAYS } from '#contract/admin/report';
import { toMoney } from '#contract/wallet';
import { addDays, businessDay, type Day, dayStartMs, daysBetween } from '../../business-days';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { assertCanAccess, type Operator } from '../operators/service';
import { siteByDomain, siteTimeZone } from '../site/service';
import * as repo from './admin-repository';

/*
 * The console's bonus report (issue 33, decision 0052): the bonuses module's ledger postings of a site's
 * players, summed per business day (the site's zone) and offer. Its cost is the daily report's bonus cost.
 */

type Minor = Omit<BonusFigures, 'cost' | 'conversion'>;
const ZERO: Minor = { granted: 0, released: 0, capped: 0, expired: 0, forfeited: 0, cancelled: 0 };

/** cost and conversion from the sums (minor units), then money as the wallet's decimals. */
const answered = (f: Minor): BonusFigures => ({
  granted: toMoney(f.granted),
  released: toMoney(f.released),
  capped: toMoney(f.capped),
  expired: toMoney(f.expired),
  forfeited: toMoney(f.forfeited),
  cancelled: toMoney(f.cancelled),
  cost: toMoney(f.granted - f.capped - f.expired - f.forfeited - f.cancelled),
  conversion: f.granted === 0 ? null : Math.round((f.released / f.granted) * 10_000) / 10_000,
});

const add = (a: Minor, b: Minor): Minor => ({
  granted: a.granted + b.granted,
  released: a.released + b.released,
  capped: a.capped + b.capped,
  expired: a.expired + b.expired,
  forfeited: a.forfeited + b.forfeited,
  cancelled: a.cancelled + b.cancelled,
});

/**
 * A site's bonus figures per business day (in the site's zone, decision 0033) and offer: the sums of the
 * bonuses module's postings for its players. A grant is money leaving `sys:bonuses`, so its sum is negated.
 */
export async function bonusReport(
  ctx: AppContext,
  operator: Operator,
  req: { site: string; from?: Day | undefined; to?: Day | undefined },
  locale: string,
): Promise<BonusReport> {
  const site = await siteByDomain(ctx, req.site);
  if (!site) throw fieldError('site', 'site_not_found');
  assertCanAccess(operator, 'read', 'bonus', { siteId: site.id });
  const timeZone = await siteTimeZone(ctx, site.id);
  const to = req.to ?? businessDay(ctx.clock.now(), timeZone);
  const from = req.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS);
  const days = daysBetween(from, to).map((day) => ({ day, end: dayStartMs(addDays(day, 1), timeZone) }));
  const span = { start: dayStartMs(from, timeZone), end: days.at(-1)?.end ?? 0, days };
  const postings = await repo.postingsByDay(ctx.db, site.id, span);

  const byDayOffer = new Map<string, { day: Day; offerId: number; figures: Minor }>();
  for (const p of postings) {
    const key = `${p.day}|${p.offerId}`;
    const row = byDayOffer.get(key) ?? { day: p.day, offerId: p.offerId, figures: { ...ZERO } };
    const figure = repo.POSTING_FIGURES[p.type];
    row.figures[figure] += p.type === 'bonus_grant' ? -p.amount : p.amount;
    byDayOffer.set(key, row);
  }
  const rows = [...byDayOffer.values()].sort((a, b) => a.day.localeCompare(b.day) || a.offerId - b.offerId);
  const offerIds = [...new Set(rows.map((r) => r.offerId))].sort((a, b) => a - b);
  const titles = await repo.titlesOf(ctx.db, await repo.offerVersions(ctx.db, offerIds), locale);
  const title = (id: number) => titles.get(id) ?? '';
  const perOffer = new Map<number, Minor>();
  for (const r of rows) perOffer.set(r.offerId, add(perOffer.get(r.offerId) ?? ZERO, r.figures));
  return {
    site: site.domain,
    timeZone,
    from,
    to,
    rows: rows.map((r) => ({
      day: r.day,
      offerId: r.offerId,
      title: title(r.offerId),
      ...answered(r.figures),
    })),
    offers: offerIds.map((id) => ({ offerId: id, title: title(id), ...answered(perOffer.get(id) ?? ZERO) })),
    totals: answered(rows.reduce((sum, r) => add(sum, r.figures), ZERO)),
  };
}
