import type { Generated } from 'kysely';

/** The messages module's tables (server/db/types.ts joins every module's into Database). */
export interface MessagesTables {
  messages: MessagesTable;
  message_broadcasts: MessageBroadcastsTable;
}

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  /** A MessageKind of service.ts. */
  kind: string;
  /** JSON object of strings and numbers the app words the message with. */
  params: string;
  /** Only operator messages carry their own text. */
  title: string | null;
  body: string | null;
  /** One message per event: a unique index. */
  dedupe_key: string;
  created_at: number;
  read_at: number | null;
  deleted_at: number | null;
  /** When its push deliveries were queued; null: not yet (the push worker queues it). */
  push_queued_at: number | null;
}

export interface MessageBroadcastsTable {
  id: Generated<number>;
  /** The operator's key of the send: a second send with it answers the first. */
  request_key: string;
  /** 'uids' | 'players' | 'agents' */
  segment: string;
  title: string;
  body: string;
  recipients: Generated<number>;
  skipped: Generated<number>;
  /** Comma-separated UIDs named that matched no user. */
  unknown_uids: Generated<string>;
  created_by: number | null;
  created_at: number;
  /** null: still writing (sending again with the key resumes it). */
  finished_at: number | null;
}
