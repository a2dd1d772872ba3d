import {
  type AdminSite,
  SITE_ICON_MIN_SIDE,
  type SiteCreateRequest,
  type SiteIcon,
  type SiteIconTarget,
  type SiteSaveRequest,
} from '#contract/admin/site';
import { toMinor, toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import { type Db, isUniqueViolation } from '../../db/create-db';
import { fieldError } from '../../http/envelope';
import type { OperatorAuth } from '../../http/serve';
import { recordAudit } from '../audit/service';
import { siteHasPlayed } from '../games/service';
import { assertCanAccess, type Operator, visibleSites } from '../operators/service';
import {
  findSiteById,
  forgetSites,
  insertSiteInTx,
  type SiteRow,
  siteRows,
  updateSiteById,
  zoneOfSite,
} from '../site/service';
import {
  findUploadByUrl,
  markUploadsUsed,
  preparePngSquares,
  putPicture,
  type SquareRendition,
  type UploadReferrer,
} from '../uploads/service';

/*
 * A site's settings in the console (issue 16): read by the operators of its grants, changed by an
 * administrator of the site, audited on the site's chain with what they were. The business time zone is
 * the site's own (decision 0033), stored as the runtime names it, and fixed once the site's players have
 * bet (a day already counted must not move). A site's icons
 * are uploaded like banners' pictures (uploads/), as PNG, and named by the manifest.
 */

/** The columns of a site's own icons (migration 0025): set and cleared together. */
const ICON_COLUMNS = [
  'icon_192',
  'icon_512',
  'icon_maskable_512',
  'icon_apple_180',
] as const satisfies readonly (keyof SiteRow)[];

/**
 * This module's columns that hold an upload's address (the site's icons): the registry hands them to the
 * uploads sweep, which keeps every upload they name.
 */
export const SITE_UPLOAD_REFERRERS: readonly UploadReferrer[] = ICON_COLUMNS.map((column) => ({
  table: 'sites' as const,
  column,
}));

/**
 * What one uploaded picture becomes. The maskable icon keeps the picture inside the inner 80% (the safe
 * zone a launcher's mask never cuts into) on the site's theme colour; the apple-touch-icon is painted on
 * the theme colour too (iOS shows transparency as black).
 */
const iconRenditions = (themeColor: string): Record<keyof SiteIcon, SquareRendition> => ({
  any192: { size: 192 },
  any512: { size: 512 },
  maskable512: { size: 512, inset: 0.8, background: themeColor },
  apple180: { size: 180, background: themeColor },
});

/** The site's own icons, or null when it shows the build's (a half-set row counts as none). */
function iconOf(row: SiteRow): SiteIcon | null {
  const { icon_192, icon_512, icon_maskable_512, icon_apple_180 } = row;
  return icon_192 && icon_512 && icon_maskable_512 && icon_apple_180
    ? { any192: icon_192, any512: icon_512, maskable512: icon_maskable_512, apple180: icon_apple_180 }
    : null;
}

/** The icon columns set to `icon`'s addresses, or emptied. */
const iconColumns = (icon: SiteIcon | null) => ({
  icon_192: icon?.any192 ?? null,
  icon_512: icon?.any512 ?? null,
  icon_maskable_512: icon?.maskable512 ?? null,
  icon_apple_180: icon?.apple180 ?? null,
});

/** Every address a row's icon columns hold (a half-set row's too). */
const iconAddresses = (row: SiteRow): (string | null)[] => ICON_COLUMNS.map((column) => row[column]);

/**
 * Points the site at `icon` (null: the build's again), audited as `action`; the icons it replaces are let go
 * of, and live on for the uploads' grace period (the sweep takes them then).
 */
async function pointIconAt(
  trx: AppContext['db'],
  auth: OperatorAuth,
  before: SiteRow,
  icon: SiteIcon | null,
  action: string,
  now: number,
): Promise<void> {
  await updateSiteById(trx, before.id, iconColumns(icon));
  await markUploadsUsed(trx, iconAddresses(before), now);
  await recordAudit(
    trx,
    auth.actor,
    {
      siteId: before.id,
      action,
      resource: 'settings',
      recordId: before.id,
      before: { icon: iconOf(before) },
      after: { icon },
    },
    now,
  );
}

const symbolsOf = (row: SiteRow): Record<string, string> =>
  row.currency_symbols ? (JSON.parse(row.currency_symbols) as Record<string, string>) : {};

/** A zone as stored: the runtime's own name for it (america/new_york -> America/New_York). */
const canonicalZone = (zone: string): string =>
  new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;

function toAdminSite(ctx: AppContext, row: SiteRow, timeZoneFixed = false): AdminSite {
  return {
    domain: row.domain,
    country: row.country,
    name: row.name,
    shortName: row.short_name,
    themeColor: row.theme_color,
    supportHandle: row.support_handle,
    currencySymbols: symbolsOf(row),
    minWithdraw: toMoney(row.min_withdraw),
    maxWithdraw: toMoney(row.max_withdraw),
    minTransfer: toMoney(row.min_transfer),
    reviewThreshold: toMoney(row.review_threshold),
    bonusGrantThreshold: toMoney(row.bonus_grant_threshold),
    ratioChangeLimitBp: row.ratio_change_limit_bp,
    businessTimeZone: zoneOfSite(ctx, row),
    timeZoneFixed,
    icon: iconOf(row),
  };
}

/** The sites the operator may read, by id. */
export async function listAdminSites(ctx: AppContext, operator: Operator): Promise<AdminSite[]> {
  const visible = visibleSites(operator, 'read', 'site');
  const rows = await siteRows(ctx);
  const shown = rows.filter((r) => visible === null || visible.includes(r.id));
  return Promise.all(shown.map(async (r) => toAdminSite(ctx, r, await siteHasPlayed(ctx.db, r.id))));
}

/** What the audit log keeps of a site's settings: every setting, as the console shows it (icons: site.icon). */
const audited = (site: AdminSite) => {
  const { timeZoneFixed: _, icon: __, ...settings } = site;
  return settings;
};

/** The stored columns of a site's settings, as the request names them. */
const settingColumns = (request: SiteSaveRequest | SiteCreateRequest) => {
  const symbols = Object.entries(request.currencySymbols);
  return {
    name: request.name,
    short_name: request.shortName,
    theme_color: request.themeColor.toLowerCase(),
    support_handle: request.supportHandle,
    currency_symbols: symbols.length > 0 ? JSON.stringify(Object.fromEntries(symbols)) : null,
    min_withdraw: toMinor(request.minWithdraw),
    max_withdraw: toMinor(request.maxWithdraw),
    min_transfer: toMinor(request.minTransfer),
    review_threshold: toMinor(request.reviewThreshold),
    ...(request.bonusGrantThreshold === undefined
      ? {}
      : { bonus_grant_threshold: toMinor(request.bonusGrantThreshold) }),
    ratio_change_limit_bp: request.ratioChangeLimitBp,
    ...(request.businessTimeZone === undefined
      ? {}
      : { business_time_zone: canonicalZone(request.businessTimeZone) }),
  };
};

/**
 * A new site, by an administrator of every site (a site is platform-wide until it exists), audited on its
 * own chain as its first row. A domain already taken, checked here or by the unique index when two creations
 * race, is `site_domain_taken`.
 */
export async function createSite(
  ctx: AppContext,
  auth: OperatorAuth,
  request: SiteCreateRequest,
): Promise<AdminSite> {
  assertCanAccess(auth.operator, 'write', 'settings', { siteId: null });
  const taken = () => fieldError('domain', 'site_domain_taken');
  if ((await siteRows(ctx)).some((r) => r.domain === request.domain)) throw taken();
  const now = ctx.clock.now();
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const created = await insertSiteInTx(trx, {
        domain: request.domain,
        country: request.country,
        created_at: now,
        ...settingColumns(request),
      });
      const row = await trx
        .selectFrom('sites')
        .selectAll()
        .where('id', '=', created)
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        auth.actor,
        {
          siteId: created,
          action: 'site.create',
          resource: 'settings',
          recordId: created,
          after: audited(toAdminSite(ctx, row)),
        },
        now,
      );
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  forgetSites(ctx.db);
  const saved = (await siteRows(ctx)).find((r) => r.id === id);
  if (!saved) throw fieldError('domain', 'site_not_found');
  return toAdminSite(ctx, saved, await siteHasPlayed(ctx.db, id));
}

/**
 * The site's maskable and apple-touch icons painted again on `themeColor`, made from its own 512 icon (the
 * uploaded picture's centred square, stored losslessly, so they come out as an upload on that colour would
 * make them); null when the colour stays, the site has no icons of its own, or they cannot be made.
 */
async function repaintedIcons(ctx: AppContext, row: SiteRow, themeColor: string) {
  const icon = iconOf(row);
  if (!icon || row.theme_color.toLowerCase() === themeColor) return null;
  try {
    const source = await findUploadByUrl(ctx, icon.any512);
    if (!source) return null;
    const { maskable512, apple180 } = iconRenditions(themeColor);
    const prepared = await preparePngSquares('themeColor', source.bytes, SITE_ICON_MIN_SIDE, {
      maskable512,
      apple180,
    });
    return { from: icon.any512, prepared };
  } catch (err) {
    // The settings are saved all the same; the icons keep the colour they were painted on.
    ctx.log.warn({ err, siteId: row.id }, 'site icons not painted on the new theme colour');
    return null;
  }
}

/**
 * Replaces every setting of a site, audited with what they were. A new theme colour also paints the site's
 * own maskable and apple-touch icons again (their margin is the theme colour); the audit then says how its
 * icons changed, and the ones replaced live on for the sweep's grace period.
 */
export async function saveSite(
  ctx: AppContext,
  auth: OperatorAuth,
  request: SiteSaveRequest,
): Promise<AdminSite> {
  const found = (await siteRows(ctx)).find((r) => r.domain === request.domain);
  if (!found) throw fieldError('domain', 'site_not_found');
  assertCanAccess(auth.operator, 'write', 'settings', { siteId: found.id });
  const columns = settingColumns(request);
  // Made before the transaction, like an upload; used only if the icons are still the ones painted from.
  const repaint = await repaintedIcons(ctx, found, columns.theme_color);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Locked on PostgreSQL: an icon upload at the same moment waits, then reads what this wrote.
    const before = await findSiteById(trx, found.id, { forUpdate: true });
    if (!before) throw fieldError('domain', 'site_not_found');
    const zoneBefore = zoneOfSite(ctx, before);
    const zoneAfter = columns.business_time_zone ?? zoneBefore;
    if (zoneAfter !== zoneBefore && (await siteHasPlayed(trx, found.id)))
      throw fieldError('businessTimeZone', 'site_time_zone_fixed');
    const repainted = repaint !== null && before.icon_512 === repaint.from;
    const icons = repainted
      ? {
          icon_maskable_512: (await putPicture(trx, repaint.prepared.maskable512, auth.user.id, now)).url,
          icon_apple_180: (await putPicture(trx, repaint.prepared.apple180, auth.user.id, now)).url,
        }
      : {};
    await updateSiteById(trx, found.id, { ...columns, ...icons });
    if (repainted) await markUploadsUsed(trx, [before.icon_maskable_512, before.icon_apple_180], now);
    const after = await findSiteById(trx, found.id);
    if (!after) throw fieldError('domain', 'site_not_found');
    await recordAudit(
      trx,
      auth.actor,
      {
        siteId: found.id,
        action: 'site.settings',
        resource: 'settings',
        recordId: found.id,
        before: { ...audited(toAdminSite(ctx, before)), ...(repainted ? { icon: iconOf(before) } : {}) },
        after: { ...audited(toAdminSite(ctx, after)), ...(repainted ? { icon: iconOf(after) } : {}) },
      },
      now,
    );
  });
  return reread(ctx, found.id);
}

/** The site named by `domain` (the cached list: the transaction reads it again), or 400 `site_not_found`. */
async function siteNamed(ctx: AppContext, domain: string): Promise<SiteRow> {
  const found = (await siteRows(ctx)).find((r) => r.domain === domain);
  if (!found) throw fieldError('domain', 'site_not_found');
  return found;
}

/** The site as the console shows it once this process has forgotten its cached list. */
async function reread(ctx: AppContext, id: number): Promise<AdminSite> {
  forgetSites(ctx.db);
  const saved = (await siteRows(ctx)).find((r) => r.id === id);
  if (!saved) throw fieldError('domain', 'site_not_found');
  return toAdminSite(ctx, saved, await siteHasPlayed(ctx.db, id));
}

/** The site whose icons an operator changes, once they may change its settings. */
async function iconSite(ctx: AppContext, auth: OperatorAuth, target: SiteIconTarget) {
  const found = await siteNamed(ctx, target.domain);
  assertCanAccess(auth.operator, 'write', 'settings', { siteId: found.id });
  return found;
}

/** The site's row inside an icon change's transaction, locked on PostgreSQL. */
async function lockedSite(trx: Db, id: number) {
  const before = await findSiteById(trx, id, { forUpdate: true });
  if (!before) throw fieldError('domain', 'site_not_found');
  return before;
}

/**
 * Makes the site's icons from one uploaded picture (checked and re-encoded as PNG by uploads/ before the
 * transaction) and points the site at them, audited in the same transaction (`site.icon`, the addresses
 * before and after). The icons it replaces are let go of: they keep answering for the uploads' grace
 * period (an installed app or a manifest a browser holds may still name them), then the sweep takes them.
 */
export async function setSiteIcon(
  ctx: AppContext,
  auth: OperatorAuth,
  target: SiteIconTarget,
  bytes: Buffer,
): Promise<AdminSite> {
  // Checked before the picture is decoded: an operator of another site spends no server time.
  const found = await iconSite(ctx, auth, target);
  const prepared = await preparePngSquares(
    'icon',
    bytes,
    SITE_ICON_MIN_SIDE,
    iconRenditions(found.theme_color),
  );
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Locked on PostgreSQL: two uploads at once audit what each really replaced.
    const before = await lockedSite(trx, found.id);
    const put = async (key: keyof SiteIcon) => (await putPicture(trx, prepared[key], auth.user.id, now)).url;
    const icon: SiteIcon = {
      any192: await put('any192'),
      any512: await put('any512'),
      maskable512: await put('maskable512'),
      apple180: await put('apple180'),
    };
    await pointIconAt(trx, auth, before, icon, 'site.icon', now);
  });
  return reread(ctx, found.id);
}

/**
 * Removes the site's own icons: its manifest names the build's again. A site without icons of its own is
 * left as it is, and nothing is recorded. The removed icons keep answering for the uploads' grace period.
 */
export async function removeSiteIcon(
  ctx: AppContext,
  auth: OperatorAuth,
  target: SiteIconTarget,
): Promise<AdminSite> {
  const found = await iconSite(ctx, auth, target);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedSite(trx, found.id);
    if (iconAddresses(before).every((a) => a === null)) return;
    await pointIconAt(trx, auth, before, null, 'site.icon.remove', now);
  });
  return reread(ctx, found.id);
}
