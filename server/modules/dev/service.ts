import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { type DevSmsRow, insertDevSms, listDevSms } from './repository';

const OUTBOX_LIMIT = 20;

/** Keeps a message the dev SMS provider "sent" (demo mode only), for the outbox to show. */
export const recordSms = (db: Db, sms: DevSmsRow): Promise<void> => insertDevSms(db, sms);

export async function readSmsOutbox(ctx: AppContext, areaCode: string, phone: string) {
  const rows = await listDevSms(ctx.db, areaCode, phone, OUTBOX_LIMIT);
  return rows.map((r) => ({
    code: r.code,
    purpose: r.purpose,
    sentAt: new Date(r.created_at).toISOString(),
  }));
}
