import type { ColumnType, Generated } from 'kysely';

/** The auth module's tables (server/db/types.ts joins every module's into Database). */
export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
}

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
  /** The site the user registered through (migration 0019; decision 0024); null when none was configured. */
  site_id: ColumnType<number | null, number | null | undefined, number | null>;
  locale: string | null;
  failed_logins: number;
  locked_until: number | null;
  /** The chosen avatar's id (migration 0017); null until one is chosen. */
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
  /** The player's own "YYYY-MM-DD" (migration 0040; decision 0053), set once; null until told. */
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  /** When they told it: a birthday bonus needs it known well before the birthday. */
  date_of_birth_at: ColumnType<number | null, number | null | undefined, number | null>;
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
