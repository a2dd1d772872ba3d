import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { SitesTable } from './tables';

export type SiteRow = Selectable<SitesTable>;

export const listSites = (db: Db): Promise<SiteRow[]> =>
  db.selectFrom('sites').selectAll().orderBy('id').execute();

export const insertSite = async (db: Db, site: Insertable<SitesTable>): Promise<void> => {
  await db.insertInto('sites').values(site).execute();
};

export const countSites = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};
