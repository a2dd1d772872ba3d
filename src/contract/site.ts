import { z } from 'zod';

export const siteSchema = z.object({
  domain: z.string(),
  name: z.string(),
  shortName: z.string(),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Messaging-app handle shown and copied by the support dialog. */
  supportHandle: z.string(),
  /** Overrides of the locale -> currency symbol map (DESIGN.md section 4). */
  currencySymbols: z.record(z.string(), z.string()).nullable(),
  /** Site-wide money limits in decimal units, used by the wallet. */
  minWithdraw: z.number().nonnegative(),
  maxWithdraw: z.number().nonnegative(),
  minTransfer: z.number().nonnegative(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteListSchema = z.array(siteSchema);
