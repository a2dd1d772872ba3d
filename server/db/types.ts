import type { Generated } from 'kysely';
import type { AgentTables } from '../modules/agent/tables';
import type { AppcardTables } from '../modules/appcard/tables';
import type { AuditTables } from '../modules/audit/tables';
import type { AuthTables } from '../modules/auth/tables';
import type { BonusesTables } from '../modules/bonuses/tables';
import type { CatalogueTables } from '../modules/catalogue/tables';
import type { ContentTables } from '../modules/content/tables';
import type { DevTables } from '../modules/dev/tables';
import type { GamesTables } from '../modules/games/tables';
import type { LedgerTables } from '../modules/ledger/tables';
import type { MessagesTables } from '../modules/messages/tables';
import type { NoticesTables } from '../modules/notices/tables';
import type { OperatorsTables } from '../modules/operators/tables';
import type { PaymentsTables } from '../modules/payments/tables';
import type { ProtectionTables } from '../modules/protection/tables';
import type { PushTables } from '../modules/push/tables';
import type { SiteTables } from '../modules/site/tables';
import type { SpinTables } from '../modules/spin/tables';
import type { UploadsTables } from '../modules/uploads/tables';
import type { VipTables } from '../modules/vip/tables';
import type { WalletTables } from '../modules/wallet/tables';

/*
 * Table types live beside their module (server/modules/<name>/tables.ts); this file keeps the tables of the
 * platform itself (rate limits, settings, idempotency keys) and joins them all into the Database Kysely reads.
 * All timestamps are integer epoch milliseconds; flags are 0/1 integers (same on SQLite and PostgreSQL).
 */

/** Timestamped events counted by rate limits; shared by every server process through the database. */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  route: string;
  request_hash: string;
  /** The JSON data of the first successful answer. */
  response: string;
  created_at: number;
}

/** The tables of the platform itself, used by server/http and server/db. */
export interface PlatformTables {
  rate_events: RateEventsTable;
  server_settings: ServerSettingsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export interface Database
  extends PlatformTables,
    AuthTables,
    BonusesTables,
    DevTables,
    SiteTables,
    ContentTables,
    NoticesTables,
    PushTables,
    CatalogueTables,
    GamesTables,
    AgentTables,
    AppcardTables,
    LedgerTables,
    WalletTables,
    PaymentsTables,
    ProtectionTables,
    MessagesTables,
    SpinTables,
    VipTables,
    OperatorsTables,
    AuditTables,
    UploadsTables {}
