import type { Db } from '../../db/create-db';
import { referenceCache } from '../../db/reference-cache';
import * as repo from './repository';

/*
 * Providers and their games are read on every provider call (the signature's secret, the bet's game and
 * limits): held per database handle for a minute like the other reference tables. A code not found is
 * read again at once, so a provider or game configured a moment ago answers without waiting; an edit of
 * an existing one (a new secret, a game disabled) reaches every process within the minute.
 */

interface Catalogue {
  providers: Map<string, repo.ProviderRow>;
  games: Map<string, repo.GameRow>;
}

const gameKey = (providerCode: string, code: string) => `${providerCode}\n${code}`;

const cache = referenceCache(
  async (db): Promise<Catalogue> => ({
    providers: new Map((await repo.listProviders(db)).map((p) => [p.code, p])),
    games: new Map((await repo.listAllGames(db)).map((g) => [gameKey(g.provider_code, g.code), g])),
  }),
);

async function lookUp<T>(db: Db, find: (c: Catalogue) => T | undefined): Promise<T | undefined> {
  const found = find(await cache.get(db));
  if (found !== undefined) return found;
  cache.clear(db);
  return find(await cache.get(db));
}

export const providerByCode = (db: Db, code: string): Promise<repo.ProviderRow | undefined> =>
  lookUp(db, (c) => c.providers.get(code));

export const gameByCode = (db: Db, providerCode: string, code: string): Promise<repo.GameRow | undefined> =>
  lookUp(db, (c) => c.games.get(gameKey(providerCode, code)));

/** After an edit through this handle. */
export const forgetCatalogue = (db: Db): void => cache.clear(db);
