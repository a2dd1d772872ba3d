import type { Insertable, Selectable, Updateable } from 'kysely';
import { type Db, isPostgres } from '../../db/create-db';
import { referenceCache } from '../../db/reference-cache';
import type { SitesTable } from './tables';

export type SiteRow = Selectable<SitesTable>;

/**
 * Every request resolves its site (callerSite), so the list is read once a minute per database handle,
 * not once a request. Sites change only by deploy or seed today (no call edits one), and the writes
 * below forget the list at once in their own process; another process sharing the database sees a new
 * or changed site within the cache's minute, which a deploy or seed tolerates. An operator's edit of a
 * site's settings (site-settings/) is seen at once by its process and by the others within that minute.
 * Callers must not change the rows they get (they are shared).
 */
const sitesCache = referenceCache(
  (db): Promise<readonly SiteRow[]> => db.selectFrom('sites').selectAll().orderBy('id').execute(),
);

export const listSites = (db: Db): Promise<readonly SiteRow[]> => sitesCache.get(db);

export const insertSite = async (db: Db, site: Insertable<SitesTable>): Promise<void> => {
  await db.insertInto('sites').values(site).execute();
  sitesCache.clear(db);
};

export const updateSite = async (db: Db, domain: string, changes: Updateable<SitesTable>): Promise<void> => {
  await db.updateTable('sites').set(changes).where('domain', '=', domain).execute();
  sitesCache.clear(db);
};

/** A new site inside the caller's transaction, answering its id: forgetSites() once it has committed. */
export const insertSiteInTx = async (db: Db, site: Insertable<SitesTable>): Promise<number> =>
  (await db.insertInto('sites').values(site).returning('id').executeTakeFirstOrThrow()).id;

/** An edit inside the caller's transaction: forgetSites() once it has committed. */
export const updateSiteById = async (db: Db, id: number, changes: Updateable<SitesTable>): Promise<void> => {
  await db.updateTable('sites').set(changes).where('id', '=', id).execute();
};

/**
 * The site's row as stored now (not the cached list); with `forUpdate`, locked on PostgreSQL until the
 * caller's transaction ends.
 */
export const findSiteById = (
  db: Db,
  id: number,
  { forUpdate = false } = {},
): Promise<SiteRow | undefined> => {
  const q = db.selectFrom('sites').selectAll().where('id', '=', id);
  return (forUpdate && isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
};

/** After a committed edit: this process reads the sites again at once (others within the cache's minute). */
export const forgetSites = (db: Db): void => sitesCache.clear(db);

export const countSites = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};
