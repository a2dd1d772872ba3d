import type { ColumnType, Generated } from 'kysely';

/** The messages module's tables (server/db/types.ts joins every module's into Database). */
export interface MessagesTables {
  messages: MessagesTable;
  message_broadcasts: MessageBroadcastsTable;
  message_texts: MessageTextsTable;
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
  /**
   * The operator's send it came from (migration 0023): its other languages' texts are in message_texts.
   * null: an event's message, or an operator's from before 0023 (one text).
   */
  broadcast_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MessageBroadcastsTable {
  id: Generated<number>;
  /** The operator's key of the send: a second send with it answers the first. */
  request_key: string;
  /** 'uids' | 'players' | 'agents' */
  segment: string;
  /** The UIDs a `uids` send named, comma-separated; null for a segment or a send from before 0023. */
  uids: ColumnType<string | null, string | null | undefined, string | null>;
  /** The default language's text (what a reader of a language without its own reads). */
  title: string;
  body: string;
  default_locale: ColumnType<string, string | undefined, string>;
  /** SHA-256 of the request (recipients and texts); null for a send from before 0023 (not compared). */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
  recipients: Generated<number>;
  skipped: Generated<number>;
  /** Comma-separated UIDs named that matched no user. */
  unknown_uids: Generated<string>;
  created_by: number | null;
  created_at: number;
  /** null: still writing (sending again with the key resumes it). */
  finished_at: number | null;
}

/** A send's text in a language other than its default one (migration 0023). */
export interface MessageTextsTable {
  broadcast_id: number;
  locale: string;
  title: string;
  body: string;
}
