import type { Generated } from 'kysely';

/** The notices module's tables (server/db/types.ts joins every module's into Database). */
export interface NoticesTables {
  notices: NoticesTable;
  notice_texts: NoticeTextsTable;
  notice_reads: NoticeReadsTable;
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

/** A notice this reader has read; no row: unread. */
export interface NoticeReadsTable {
  user_id: number;
  notice_id: number;
  read_at: number;
}
