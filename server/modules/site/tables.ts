import type { Generated } from 'kysely';

/** The site module's tables (server/db/types.ts joins every module's into Database). */
export interface SiteTables {
  sites: SitesTable;
}

export interface SitesTable {
  id: Generated<number>;
  domain: string;
  name: string;
  short_name: string;
  theme_color: string;
  support_handle: string;
  /** JSON object text, or null. */
  currency_symbols: string | null;
  /** Money in minor units (cents). */
  min_withdraw: number;
  max_withdraw: number;
  min_transfer: number;
  created_at: number;
  /** ISO 3166 country (0007): whose banks users add when their area code names none. */
  country: Generated<string>;
  /** Four-eyes (0019, decision 0024): a withdrawal above this many minor units needs a second operator. */
  review_threshold: Generated<number>;
  /** Four-eyes: a ratio change of more than this many basis points needs a second operator. */
  ratio_change_limit_bp: Generated<number>;
  /** Four-eyes (0040, decision 0053): a manual bonus above this many minor units needs a second operator. */
  bonus_grant_threshold: Generated<number>;
  /**
   * The site's own icons (0025): addresses of uploads (PNG), or null: the build's icons. Set and cleared
   * together, by site-settings/ (the manifest names the first three; 180 is the apple-touch-icon size).
   */
  icon_192: string | null;
  icon_512: string | null;
  /** The picture in the inner 80% of the square, on the theme colour (a maskable icon's safe zone). */
  icon_maskable_512: string | null;
  icon_apple_180: string | null;
  /** The site's business time zone (0026, decision 0033), or null: the deployment's BUSINESS_TIME_ZONE. */
  business_time_zone: string | null;
}
