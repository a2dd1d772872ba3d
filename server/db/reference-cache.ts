import type { Db } from './create-db';
import { assertNotInMoneyTx } from './money-tx-scope';

const TTL_MS = 60_000;

export interface ReferenceCache<T> {
  get(db: Db): Promise<T>;
  /** Forget what was read (after an edit of the table; other processes see it within the TTL). */
  clear(db: Db): void;
}

/**
 * Small reference tables read on hot paths (channels, system accounts, VIP levels), cached per database
 * handle for a minute: they change rarely, and every server process picks an edit up within the TTL.
 * A transaction is another handle, so reads inside one go to the table (and see the transaction's view).
 */
export function referenceCache<T>(load: (db: Db) => Promise<T>): ReferenceCache<T> {
  const entries = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return {
    get(db) {
      // Inside a money transaction only its own handle: an entry of the app's handle may be a read still
      // waiting for the connection the transaction holds.
      assertNotInMoneyTx('a cached read through another database handle', db);
      const now = Date.now();
      const hit = entries.get(db);
      if (hit && now - hit.at < TTL_MS) return hit.value;
      const value = load(db);
      entries.set(db, { at: now, value });
      // A failed read is not remembered.
      value.catch(() => {
        if (entries.get(db)?.value === value) entries.delete(db);
      });
      return value;
    },
    clear(db) {
      entries.delete(db);
    },
  };
}
