import { z } from 'zod/mini';
import { type Call, operatorAccess } from './call';
import { perLocale } from './locales';
import { isWholeCents, MONEY_MAX } from './wallet';

/**
 * A site's branding and settings in the console (issue 16): its names, colour, support handle and currency
 * symbols; the wallet's limits; the four-eyes thresholds (decision 0024). A site's domain is its identity
 * (requests find their site by it, links and manifests name it): it is not edited here.
 */

/** An amount of money a setting holds: zero or more, whole cents, at most MONEY_MAX. */
const settingMoney = z
  .number('amount_required')
  .check(z.refine((v) => isWholeCents(v) && v >= 0 && v <= MONEY_MAX, 'amount_invalid'));

const text = (max: number) =>
  z.string('required').check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too_long'));

export const RATIO_CHANGE_LIMIT_MAX_BP = 10_000;

export const siteSettingsSchema = z.object({
  name: text(100),
  shortName: text(40),
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
  /** A ratio change of more than this many basis points needs a second operator. */
  ratioChangeLimitBp: z
    .int('invalid_type')
    .check(z.gte(0, 'invalid_type'), z.lte(RATIO_CHANGE_LIMIT_MAX_BP, 'invalid_type')),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSaveRequestSchema = z
  .extend(siteSettingsSchema, {
    domain: z
      .string('required')
      .check(z.trim(), z.toLowerCase(), z.minLength(1, 'required'), z.maxLength(255)),
  })
  .check(
    z.superRefine((s, ctx) => {
      if (s.minWithdraw > s.maxWithdraw)
        ctx.addIssue({ code: 'custom', path: ['maxWithdraw'], message: 'site_limits_invalid' });
    }),
  );
export type SiteSaveRequest = z.infer<typeof siteSaveRequestSchema>;

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
  ratioChangeLimitBp: z.int(),
  /** The platform's business time zone (one for every site today): business days and reports follow it. */
  businessTimeZone: z.string(),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;

/** The sites of the operator's grants, with their settings. */
export const adminSiteListCall = {
  method: 'POST',
  path: '/admin/sites/list',
  answer: z.array(adminSiteSchema),
  access: operatorAccess('site', 'read'),
} satisfies Call;

/** Replaces a site's settings; audited with what they were. */
export const siteSaveCall = {
  method: 'POST',
  path: '/admin/sites/save',
  input: siteSaveRequestSchema,
  answer: adminSiteSchema,
  access: operatorAccess('settings', 'write'),
} satisfies Call;
