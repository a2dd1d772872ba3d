import type { Generated } from 'kysely';

/** The content module's tables (server/db/types.ts joins every module's into Database). */
export interface ContentTables {
  banners: BannersTable;
  banner_texts: BannerTextsTable;
  content_pages: ContentPagesTable;
}

export interface BannersTable {
  id: Generated<number>;
  /** null: every site. */
  site_id: number | null;
  /** The default locale's text (banner_texts holds every locale's, this one included). */
  bannername: string;
  /** HTML, sanitized on the way out. */
  remark: string;
  /** The picture for every language without its own (multi_pic). */
  pic_url: string;
  /** JSON object text (locale -> picture URL), or null. */
  multi_pic: string | null;
  sort_order: number;
  enabled: number;
  created_at: number;
  /** The locale other locales fall back to (migration 0020). */
  default_locale: Generated<string>;
}

/** A banner's name and remark in one locale (migration 0020). */
export interface BannerTextsTable {
  banner_id: number;
  locale: string;
  bannername: string;
  /** HTML, sanitized on the way out. */
  remark: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  /** customAgent, systemHelp or aboutus. */
  slug: string;
  locale: string;
  title: string;
  content: string;
  updated_at: number;
}
