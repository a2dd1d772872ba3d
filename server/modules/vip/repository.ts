import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { VipBenefitsTable } from './tables';

export const listBenefits = (db: Db) =>
  db
    .selectFrom('vip_benefits')
    .select(['level', 'kind', 'amount'])
    .orderBy('level')
    .orderBy('position')
    .execute();

export const countBenefits = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('vip_benefits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

export const insertBenefits = async (db: Db, rows: Insertable<VipBenefitsTable>[]): Promise<void> => {
  if (rows.length > 0) await db.insertInto('vip_benefits').values(rows).execute();
};
