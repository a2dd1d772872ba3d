import type { Generated } from 'kysely';

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
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  rate_events: RateEventsTable;
  dev_sms_outbox: DevSmsOutboxTable;
  sites: SitesTable;
}
