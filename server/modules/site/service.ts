import type { Site } from '../../../src/contract/site';
import type { AppContext } from '../../context';
import { listSites, type SiteRow } from './repository';

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
  };
}

export const getSites = async (ctx: AppContext): Promise<Site[]> => (await listSites(ctx.db)).map(toSite);
