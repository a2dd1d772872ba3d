import type { FastifyRequest } from 'fastify';
import type { Site } from '#contract/site';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { fieldError } from '../../http/envelope';
import {
  findSiteById,
  forgetSites,
  insertSiteInTx,
  listSites,
  type SiteRow,
  updateSiteById,
} from './repository';

export { findSiteById, forgetSites, insertSiteInTx, type SiteRow, updateSiteById };

/** Minor units (cents) to the wire's decimal amount. */
const toDecimal = (minor: number): number => minor / 100;

function toSite(row: SiteRow): Site {
  return {
    domain: row.domain,
    name: row.name,
    shortName: row.short_name,
    themeColor: row.theme_color,
    supportHandle: row.support_handle,
    currencySymbols: row.currency_symbols
      ? (JSON.parse(row.currency_symbols) as Record<string, string>)
      : null,
    minWithdraw: toDecimal(row.min_withdraw),
    maxWithdraw: toDecimal(row.max_withdraw),
    minTransfer: toDecimal(row.min_transfer),
    country: row.country,
    // The four icons are set and cleared together (site-settings/): the 180 stands for them.
    appleTouchIcon: row.icon_apple_180,
  };
}

/** Every site's row, as stored (shared: do not change them). */
export const siteRows = (ctx: AppContext): Promise<readonly SiteRow[]> => listSites(ctx.db);

export const getSites = async (ctx: AppContext): Promise<Site[]> => (await listSites(ctx.db)).map(toSite);

/** A request's host name as sites are keyed: without a port, lower case. */
const hostOf = (request: Pick<FastifyRequest, 'hostname'>): string =>
  request.hostname.replace(/:\d+$/, '').toLowerCase();

/**
 * The site a request came through, and the one its content comes from. `own` is the site whose domain is
 * the request's host name (branding: the manifest, like the app's findSite, brands nothing else);
 * `effective` is that site, else the first one: a host without an entry of its own gets the first
 * site's banners, notices, limits and catalogue pins. Both are undefined when no site is configured.
 * The one place a request's site is resolved.
 */
export async function callerSite(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'hostname'>,
): Promise<{ own: SiteRow | undefined; effective: SiteRow | undefined }> {
  const rows = await listSites(ctx.db);
  const host = hostOf(request);
  const own = rows.find((r) => r.domain.toLowerCase() === host);
  return { own, effective: own ?? rows[0] };
}

/** The id of the site whose content a request gets (see callerSite); null when none is configured. */
export const callerSiteId = async (
  ctx: AppContext,
  request: Pick<FastifyRequest, 'hostname'>,
): Promise<number | null> => (await callerSite(ctx, request)).effective?.id ?? null;

/** The site whose domain is exactly `domain` (a notice's target, as an operator names it). */
/** The id of the site operator content names by domain (null: every site); 400 `site_not_found` on `site`. */
export async function targetSiteId(ctx: AppContext, domain: string | null): Promise<number | null> {
  if (domain === null) return null;
  const site = await siteByDomain(ctx, domain);
  if (!site) throw fieldError('site', 'site_not_found');
  return site.id;
}

export const siteByDomain = async (ctx: AppContext, domain: string): Promise<SiteRow | undefined> =>
  (await listSites(ctx.db)).find((r) => r.domain === domain);

/** Every site's domain by its id. */
export const siteDomains = async (ctx: AppContext): Promise<Map<number, string>> =>
  new Map((await listSites(ctx.db)).map((r) => [r.id, r.domain]));

/** A site's four-eyes thresholds (decision 0024), read in the caller's transaction; undefined: no such site. */
export const fourEyesThresholds = (db: Db, siteId: number | null) =>
  siteId === null
    ? Promise.resolve(undefined)
    : db
        .selectFrom('sites')
        .select(['review_threshold', 'ratio_change_limit_bp', 'bonus_grant_threshold'])
        .where('id', '=', siteId)
        .executeTakeFirst();

/**
 * A site's business time zone (decision 0033): the IANA zone whose calendar dates are its business days,
 * its own or else the deployment's BUSINESS_TIME_ZONE. Read from the cached list: a site's zone can change
 * only before its players' first bet (site-settings/), so the cache's minute cannot move a counted day.
 */
export async function siteTimeZone(ctx: AppContext, siteId: number | null, db: Db = ctx.db): Promise<string> {
  // Through the caller's handle: inside a money transaction its own (on SQLite the app's handle would wait
  // for the connection the transaction holds).
  const row = siteId === null ? undefined : (await listSites(db)).find((r) => r.id === siteId);
  return row ? zoneOfSite(ctx, row) : ctx.config.games.businessTimeZone;
}

/** The zone of a site's row: its own, else the deployment's (null: every site before migration 0026). */
export const zoneOfSite = (ctx: AppContext, row: Pick<SiteRow, 'business_time_zone'>): string =>
  row.business_time_zone ?? ctx.config.games.businessTimeZone;

/**
 * Every zone some site counts its days in (the deployment's alone while there is no site), read through `db`
 * (inside a money transaction, its own).
 */
export async function businessTimeZones(ctx: AppContext, db: Db = ctx.db): Promise<string[]> {
  const zones = new Set((await listSites(db)).map((r) => zoneOfSite(ctx, r)));
  if (zones.size === 0) zones.add(ctx.config.games.businessTimeZone);
  return [...zones].sort();
}
