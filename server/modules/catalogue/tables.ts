import type { Generated } from 'kysely';

/** The catalogue module's tables (server/db/types.ts joins every module's into Database). */
export interface CatalogueTables {
  wx_apps: WxAppsTable;
  wx_app_images: WxAppImagesTable;
  demands: DemandsTable;
  catalogue_media: CatalogueMediaTable;
  catalogue_pins: CataloguePinsTable;
  promo_links: PromoLinksTable;
  catalogue_texts: CatalogueTextsTable;
}

export interface WxAppsTable {
  id: Generated<number>;
  appid: string;
  appname: string;
  search_name: string;
  brief_intro: string;
  logo_square: string;
  category_2_name: string;
  newcps: number;
  video_url: string | null;
  cover_img_url: string | null;
  target_url: string;
  needs_review: number;
  sort_rank: number;
  enabled: number;
  created_at: number;
  /** The language of appname and brief_intro (migration 0021); catalogue_texts holds the others. */
  default_locale: Generated<string>;
}

export interface WxAppImagesTable {
  id: Generated<number>;
  app_id: number;
  position: number;
  img_url: string;
}

export interface DemandsTable {
  id: Generated<number>;
  ref: string;
  demand_name: string;
  search_name: string;
  demand_desc: string;
  demand_icon: string;
  target_url: string;
  quota: number;
  claimed: number;
  sort_rank: number;
  enabled: number;
  created_at: number;
  /** The language of demand_name and demand_desc (migration 0021); catalogue_texts holds the others. */
  default_locale: Generated<string>;
}

export interface CatalogueMediaTable {
  id: Generated<number>;
  url: string;
  media_type: 'image' | 'video';
  item_kind: 'wx' | 'dou';
  item_id: number;
}

export interface CataloguePinsTable {
  id: Generated<number>;
  item_kind: 'wx' | 'dou';
  site_id: number;
  item_id: number;
  pinned_by: number;
  pinned_at: number;
}

export interface PromoLinksTable {
  id: Generated<number>;
  user_id: number;
  item_kind: 'wx' | 'dou';
  item_id: number;
  code: string;
  clicks: number;
  applied_at: number;
}

/**
 * An item's name and intro in a language other than its default one (migration 0021). The default
 * language's text is the item's own row, and only there.
 */
export interface CatalogueTextsTable {
  item_kind: 'wx' | 'dou';
  item_id: number;
  locale: string;
  name: string;
  /** Empty: the default language's intro is shown. */
  intro: string;
}
