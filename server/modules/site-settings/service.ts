import type { AdminSite, SiteSaveRequest } from '../../../src/contract/site-admin';
import { toMinor, toMoney } from '../../../src/contract/wallet';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import { forgetSites, type SiteRow, siteRows, updateSiteById } from '../site/service';

/*
 * A site's settings in the console (issue 16): read by the operators of its grants, changed by an
 * administrator of the site, audited on the site's chain with what they were. The business time zone is
 * the platform's (config games.businessTimeZone): shown, not edited here (decision 0027).
 */

const symbolsOf = (row: SiteRow): Record<string, string> =>
  row.currency_symbols ? (JSON.parse(row.currency_symbols) as Record<string, string>) : {};

function toAdminSite(ctx: AppContext, row: SiteRow): AdminSite {
  return {
    domain: row.domain,
    country: row.country,
    name: row.name,
    shortName: row.short_name,
    themeColor: row.theme_color,
    supportHandle: row.support_handle,
    currencySymbols: symbolsOf(row),
    minWithdraw: toMoney(Number(row.min_withdraw)),
    maxWithdraw: toMoney(Number(row.max_withdraw)),
    minTransfer: toMoney(Number(row.min_transfer)),
    reviewThreshold: toMoney(Number(row.review_threshold)),
    ratioChangeLimitBp: Number(row.ratio_change_limit_bp),
    businessTimeZone: ctx.config.games.businessTimeZone,
  };
}

/** The sites the operator may read, by id. */
export async function listAdminSites(ctx: AppContext, operator: Operator): Promise<AdminSite[]> {
  const visible = visibleSites(operator, 'read', 'site');
  const rows = await siteRows(ctx);
  return rows.filter((r) => visible === null || visible.includes(r.id)).map((r) => toAdminSite(ctx, r));
}

/** What the audit log keeps of a site's settings: every setting, as the console shows it. */
const audited = (site: AdminSite) => {
  const { businessTimeZone: _, ...settings } = site;
  return settings;
};

export async function saveSite(
  ctx: AppContext,
  auth: OperatorAuth,
  request: SiteSaveRequest,
): Promise<AdminSite> {
  const found = (await siteRows(ctx)).find((r) => r.domain === request.domain);
  if (!found) throw fieldError('domain', 'site_not_found');
  assertCanAccess(auth.operator, 'write', 'settings', { siteId: found.id });
  const symbols = Object.entries(request.currencySymbols);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('sites').selectAll().where('id', '=', found.id).executeTakeFirst();
    if (!before) throw fieldError('domain', 'site_not_found');
    await updateSiteById(trx, found.id, {
      name: request.name,
      short_name: request.shortName,
      theme_color: request.themeColor.toLowerCase(),
      support_handle: request.supportHandle,
      currency_symbols: symbols.length > 0 ? JSON.stringify(Object.fromEntries(symbols)) : null,
      min_withdraw: toMinor(request.minWithdraw),
      max_withdraw: toMinor(request.maxWithdraw),
      min_transfer: toMinor(request.minTransfer),
      review_threshold: toMinor(request.reviewThreshold),
      ratio_change_limit_bp: request.ratioChangeLimitBp,
    });
    const after = await trx
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: found.id,
        action: 'site.settings',
        resource: 'settings',
        recordId: found.id,
        before: audited(toAdminSite(ctx, before)),
        after: audited(toAdminSite(ctx, after)),
      },
      now,
    );
  });
  forgetSites(ctx.db);
  const saved = (await siteRows(ctx)).find((r) => r.id === found.id);
  if (!saved) throw fieldError('domain', 'site_not_found');
  return toAdminSite(ctx, saved);
}
