import type { Generated } from 'kysely';
import type { WalletTables } from './wallet-types';

/** All timestamps are integer epoch milliseconds; flags are 0/1 integers (same on SQLite and PostgreSQL). */
export interface UsersTable {
  id: Generated<number>;
  uid: number;
  area_code: string;
  phone: string;
  username: string;
  password_hash: string;
  role: number;
  job: number;
  level: number;
  rate: number;
  rate1: number;
  rate2: number;
  default_rate: number;
  invite_code: string;
  invited_by: string | null;
  banned: number;
  is_operator: number;
  locale: string | null;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  area_code: string;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/** Timestamped events counted by rate limits; shared by every server process through the database. */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: number;
}

export interface DevSmsOutboxTable {
  id: Generated<number>;
  area_code: string;
  phone: string;
  purpose: string;
  code: string;
  text: string;
  created_at: number;
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
}

// ---- promoter portal (0003_portal)

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

export interface NoticesTable {
  id: Generated<number>;
  site_id: number | null;
  content: string;
  publish_from: number;
  /** null: open-ended. */
  publish_until: number | null;
  withdrawn_at: number | null;
  created_at: number;
  // ---- 0005_push
  /** The locale other locales fall back to; null: notices from before 0005 (only `content`). */
  default_locale: Generated<string | null>;
  /** ",1,2,": only these jobs; null: every job. */
  target_jobs: Generated<string | null>;
  /** ",en-US,zh-CN,": only readers in these locales; null: every locale. */
  target_locales: Generated<string | null>;
  /** When its push deliveries were queued; null: due notices get queued by the worker. */
  enqueued_at: Generated<number | null>;
  updated_at: Generated<number | null>;
  created_by: Generated<number | null>;
}

export interface NoticeTextsTable {
  id: Generated<number>;
  notice_id: number;
  locale: string;
  title: string;
  body: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  site_id: number | null;
  expiration_time: number | null;
  created_at: number;
  updated_at: number;
  last_success_at: number | null;
  failure_count: Generated<number>;
}

export type PushOutboxState = 'pending' | 'sending' | 'sent' | 'dead';

export interface PushOutboxTable {
  id: Generated<number>;
  notice_id: number;
  subscription_id: number;
  state: PushOutboxState;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

// ---- 0006_notice_reads

/** A notice this reader has read; no row: unread. */
export interface NoticeReadsTable {
  user_id: number;
  notice_id: number;
  read_at: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
  updated_at: number;
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

export interface AppCardsTable {
  user_id: number;
  account_id: string;
  nickname: string;
  followers: number;
  updated_at: number;
}

export interface Database extends WalletTables {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  rate_events: RateEventsTable;
  dev_sms_outbox: DevSmsOutboxTable;
  sites: SitesTable;
  banners: BannersTable;
  notices: NoticesTable;
  content_pages: ContentPagesTable;
  wx_apps: WxAppsTable;
  wx_app_images: WxAppImagesTable;
  demands: DemandsTable;
  catalogue_media: CatalogueMediaTable;
  catalogue_pins: CataloguePinsTable;
  promo_links: PromoLinksTable;
  app_cards: AppCardsTable;
  notice_texts: NoticeTextsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  server_settings: ServerSettingsTable;
  notice_reads: NoticeReadsTable;
}
