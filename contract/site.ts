import { z } from 'zod/mini';
import type { Call } from './call';

export const siteSchema = z.object({
  domain: z.string(),
  name: z.string(),
  shortName: z.string(),
  themeColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  /** Messaging-app handle shown and copied by the support dialog. */
  supportHandle: z.string(),
  /** Overrides of the locale -> currency symbol map (DESIGN.md section 4). */
  currencySymbols: z.nullable(z.record(z.string(), z.string())),
  /** Site-wide money limits in decimal units, used by the wallet. */
  minWithdraw: z.number().check(z.nonnegative()),
  maxWithdraw: z.number().check(z.nonnegative()),
  minTransfer: z.number().check(z.nonnegative()),
  /**
   * ISO 3166 country of the site: whose banks its users add when their area code names none (banks.ts).
   * Optional so that an app served apart from an older API server still reads that server's sites.
   */
  country: z.optional(z.string()),
  /** The site's own 180 px icon for iOS's home screen (an upload's address), or null: the build's. */
  appleTouchIcon: z.optional(z.nullable(z.string())),
});
export type Site = z.infer<typeof siteSchema>;

export const siteListSchema = z.array(siteSchema);

/** The site entries, fetched once at start (DESIGN.md section 4). */
export const sitesCall = {
  method: 'POST',
  path: '/mainview/sites',
  summary: 'List the site entries',
  answer: siteListSchema,
  access: 'public',
} satisfies Call;

/** Where operator content shows: a site's domain, or null (the default): every site. */
export const siteTargetSchema = z._default(
  z.nullable(
    z
      .string('invalid_type')
      .check(z.trim(), z.toLowerCase(), z.minLength(1, 'required'), z.maxLength(255, 'too_long')),
  ),
  null,
);
