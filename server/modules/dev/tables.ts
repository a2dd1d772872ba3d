import type { Generated } from 'kysely';

/** The dev module's tables (server/db/types.ts joins every module's into Database). */
export interface DevTables {
  dev_sms_outbox: DevSmsOutboxTable;
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
