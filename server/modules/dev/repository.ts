import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { DevSmsOutboxTable } from './tables';

export type DevSmsRow = Insertable<DevSmsOutboxTable>;

export const insertDevSms = async (db: Db, row: DevSmsRow): Promise<void> => {
  await db.insertInto('dev_sms_outbox').values(row).execute();
};

export const listDevSms = (db: Db, areaCode: string, phone: string, limit: number) =>
  db
    .selectFrom('dev_sms_outbox')
    .select(['code', 'purpose', 'created_at'])
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
