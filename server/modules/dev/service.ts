import type { AppContext } from '../../context';
import { listDevSms } from './repository';

const OUTBOX_LIMIT = 20;

export async function readSmsOutbox(ctx: AppContext, areaCode: string, phone: string) {
  const rows = await listDevSms(ctx.db, areaCode, phone, OUTBOX_LIMIT);
  return rows.map((r) => ({
    code: r.code,
    purpose: r.purpose,
    sentAt: new Date(r.created_at).toISOString(),
  }));
}
