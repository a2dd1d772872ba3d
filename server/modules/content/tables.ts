import type { Generated } from 'kysely';

/** The content module's tables (server/db/types.ts joins every module's into Database). */
export interface ContentTables {
  banners: BannersTable;
  content_pages: ContentPagesTable;
}

export interface BannersTable {
  id: Generated<number>;
  /** null: every site. */
  site_id: number | null;
  bannername: string;
  /** HTML, sanitized on the way out. */
  remark: string;
  pic_url: string;
  /** JSON object text (locale -> picture URL), or null. */
  multi_pic: string | null;
  sort_order: number;
  enabled: number;
  created_at: number;
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
