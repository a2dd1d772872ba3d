import type { Generated } from 'kysely';

/** The push module's tables (server/db/types.ts joins every module's into Database). */
export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
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
  /** Exactly one of notice_id and message_id is set (migration 0018). */
  notice_id: number | null;
  message_id: number | null;
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
