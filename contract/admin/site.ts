import { z } from 'zod/mini';
import type { BankCountryCode } from '../banks';
import { type Call, operatorAccess } from '../call';
import { perLocale } from '../locales';
import { noMarkup } from '../names';
import { ifNoIssueYet, isWholeCents, MONEY_MAX, TWO_DECIMALS } from '../wallet';

/**
 * A site's branding and settings in the console (issue 16): its names, colour, support handle and currency
 * symbols; the wallet's limits; the four-eyes thresholds (decision 0024). A site's domain is its identity
 * (requests find their site by it, links and manifests name it): it is not edited here.
 */

/** An amount of money a setting holds: zero or more, whole cents, at most MONEY_MAX. */
const settingMoney = z
  .number('amount_required')
  .check(
    z.gte(0, 'amount_invalid'),
    z.lte(MONEY_MAX, 'amount_invalid'),
    z.refine(isWholeCents, { error: 'amount_invalid', ...ifNoIssueYet }),
    z.describe(`An amount (decimal units). ${TWO_DECIMALS}`),
  );

const text = (max: number) =>
  z.string('required').check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'));
/** The site's title (document title, manifest): text, not markup. */
const siteName = (max: number) => text(max).check(noMarkup());

export const RATIO_CHANGE_LIMIT_MAX_BP = 10_000;

/** Whether the runtime knows `zone` as an IANA time zone (its name in any case, or a link such as Asia/Kolkata). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const siteSettingsSchema = z.object({
  name: siteName(100),
  shortName: siteName(40),
  themeColor: z.string('required').check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'site_colour_invalid')),
  supportHandle: text(100),
  /** A currency symbol per locale where it differs from the locale's own (DESIGN.md section 4); empty: none. */
  currencySymbols: perLocale(
    z.string('invalid_type').check(z.trim(), z.minLength(1, 'required'), z.maxLength(8, 'too_long')),
  ),
  minWithdraw: settingMoney,
  maxWithdraw: settingMoney,
  minTransfer: settingMoney,
  /** A withdrawal above this needs a second operator. */
  reviewThreshold: settingMoney,
  /** A manual bonus above this needs a second operator (decision 0053). Left out: a saved site keeps its own. */
  bonusGrantThreshold: z.optional(settingMoney),
  /** A ratio change of more than this many basis points needs a second operator. */
  ratioChangeLimitBp: z
    .int('invalid_type')
    .check(z.gte(0, 'invalid_type'), z.lte(RATIO_CHANGE_LIMIT_MAX_BP, 'invalid_type')),
  /**
   * The IANA zone whose calendar dates are the site's business days (decision 0033); fixed once the site's
   * players have bet (`site_time_zone_fixed`). Left out: a saved site keeps its zone, a new one gets the
   * deployment's BUSINESS_TIME_ZONE.
   */
  businessTimeZone: z.optional(
    z.string('required').check(
      z.trim(),
      z.minLength(1, 'required'),
      z.maxLength(64, 'too_long'),
      // A name, not an offset: "+08:00" would follow no daylight saving rule.
      z.regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'time_zone_invalid'),
      z.refine(isTimeZone, 'time_zone_invalid'),
    ),
  ),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const limitsInOrder = z.superRefine((s: SiteSettings, ctx) => {
  if (s.minWithdraw > s.maxWithdraw)
    ctx.addIssue({ code: 'custom', path: ['maxWithdraw'], message: 'site_limits_invalid' });
});

export const siteSaveRequestSchema = z
  .extend(siteSettingsSchema, {
    domain: z
      .string('required')
      .check(z.trim(), z.toLowerCase(), z.minLength(1, 'required'), z.maxLength(255)),
  })
  .check(limitsInOrder);
export type SiteSaveRequest = z.infer<typeof siteSaveRequestSchema>;

/**
 * A new site's domain: a host name as browsers send it (requests find their site by it, without the port):
 * labels of letters, digits and inner hyphens, joined by dots.
 */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The countries a site can be in: whose banks its users add when their area code names none (banks.ts). */
export const SITE_COUNTRIES = ['PH', 'IN'] as const satisfies readonly BankCountryCode[];

export const siteCreateRequestSchema = z
  .extend(siteSettingsSchema, {
    domain: z
      .string('required')
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, 'required'),
        z.maxLength(253, 'too_long'),
        z.regex(HOST_NAME, 'site_domain_invalid'),
      ),
    country: z.enum(SITE_COUNTRIES, 'invalid_type'),
  })
  .check(limitsInOrder);
export type SiteCreateRequest = z.infer<typeof siteCreateRequestSchema>;

/** An icon upload's largest file (the uploads' limit: `file_too_large` says 5 MB). */
export const SITE_ICON_MAX_BYTES = 5 * 1024 * 1024;
/** The least side an icon picture may have: the manifest's largest icon, so nothing is scaled up. */
export const SITE_ICON_MIN_SIDE = 512;

/**
 * A site's own icons, made by the server from one uploaded picture (PNG addresses under /media/upload/):
 * the manifest's 192 and 512 for any use and its maskable 512 (the picture in the inner 80% on the
 * theme colour), and the 180 apple-touch-icon.
 */
export const siteIconSchema = z.object({
  any192: z.string(),
  any512: z.string(),
  maskable512: z.string(),
  apple180: z.string(),
});
export type SiteIcon = z.infer<typeof siteIconSchema>;

/** A site as the console reads it: what is stored, checked as the wire's types only. */
export const adminSiteSchema = z.object({
  domain: z.string(),
  country: z.string(),
  name: z.string(),
  shortName: z.string(),
  themeColor: z.string(),
  supportHandle: z.string(),
  currencySymbols: z.record(z.string(), z.string()),
  minWithdraw: z.number(),
  maxWithdraw: z.number(),
  minTransfer: z.number(),
  reviewThreshold: z.number(),
  bonusGrantThreshold: z.number(),
  ratioChangeLimitBp: z.int(),
  /** The site's business time zone (decision 0033): its days, in reports, the agent programme and the wheel. */
  businessTimeZone: z.string(),
  /** Whether the zone can no longer change: the site's players have bet (a counted day must not move). */
  timeZoneFixed: z.boolean(),
  /** The site's own icons; null: the build's (public/icons/). */
  icon: z.nullable(siteIconSchema),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;

/** The sites of the operator's grants, with their settings. */
export const adminSiteListCall = {
  method: 'POST',
  path: '/admin/sites/list',
  summary: "List the operator's sites with their settings",
  answer: z.array(adminSiteSchema),
  access: operatorAccess('site', 'read'),
} satisfies Call;

/** Replaces a site's settings; audited with what they were. */
export const siteSaveCall = {
  method: 'POST',
  path: '/admin/sites/save',
  summary: "Replace a site's settings",
  input: siteSaveRequestSchema,
  answer: adminSiteSchema,
  access: operatorAccess('settings', 'write'),
} satisfies Call;

/**
 * A new site, by an administrator of every site: its domain must already point at this server (DNS and TLS
 * are a deploy's); audited on the new site's chain.
 */
export const siteCreateCall = {
  method: 'POST',
  path: '/admin/sites/create',
  summary: 'Create a site',
  input: siteCreateRequestSchema,
  answer: adminSiteSchema,
  access: operatorAccess('settings', 'write'),
} satisfies Call;

/** The site an icon call is about: its domain (as multipart text for the upload). */
export const siteIconTargetSchema = z.object({
  domain: z.string('required').check(z.trim(), z.toLowerCase(), z.minLength(1, 'required'), z.maxLength(255)),
});
export type SiteIconTarget = z.infer<typeof siteIconTargetSchema>;

/**
 * A site's icon (multipart/form-data: `domain`, and the file as `icon`), by an administrator of the site:
 * PNG, JPEG or WebP of at least 512 x 512, at most 5 MB. A picture that is not square is cropped to its
 * centred square. The server makes the four icons (siteIconSchema) as PNG; the manifest names them at
 * once; the icons it replaces keep answering for the uploads' grace period. Audited (`site.icon`).
 */
export const siteIconCall = {
  method: 'POST',
  path: '/admin/sites/icon',
  summary: "Upload a site's icon",
  input: siteIconTargetSchema,
  answer: adminSiteSchema,
  access: operatorAccess('settings', 'write'),
  upload: { field: 'icon', maxBytes: SITE_ICON_MAX_BYTES },
} satisfies Call;

/**
 * Removes a site's own icons: the site shows the build's again. Removing icons a site does not have changes
 * nothing and records nothing. Audited (`site.icon.remove`).
 */
export const siteIconRemoveCall = {
  method: 'POST',
  path: '/admin/sites/icon/remove',
  summary: "Remove a site's icon",
  input: siteIconTargetSchema,
  answer: adminSiteSchema,
  access: operatorAccess('settings', 'write'),
} satisfies Call;
