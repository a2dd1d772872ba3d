import type { AppContext } from '../../context';
import * as repo from './repository';

/** A site (null: the players of no site) and the zone its business days are counted in. */
export type SiteZone = { id: number | null; zone: string };

/** Every site with its business time zone, the deployment's for players of no site and sites without one. */
export async function siteZonesOf(ctx: AppContext): Promise<SiteZone[]> {
  const fallback = ctx.config.games.businessTimeZone;
  return [
    { id: null, zone: fallback },
    ...(await repo.siteZones(ctx.db)).map((s) => ({ id: s.id, zone: s.business_time_zone ?? fallback })),
  ];
}
