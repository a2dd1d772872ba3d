import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { ProviderProtocol, ProviderWire } from './tables';

/*
 * The console's SQL on providers and games (admin.ts): every row, enabled or not, and the switch itself as
 * a conditional update, so that of two operators setting one state only one changes it.
 */

export interface ProviderSummaryRow {
  code: string;
  name: string;
  protocol: ProviderProtocol;
  wire: ProviderWire;
  enabled: number;
  games: number;
  enabled_games: number;
}

/** Providers (one, or all by code) with how many games each has and how many are enabled. */
export async function providerSummaries(db: Db, code?: string): Promise<ProviderSummaryRow[]> {
  let providers = db.selectFrom('game_providers').select(['code', 'name', 'protocol', 'wire', 'enabled']);
  let counts = db
    .selectFrom('games')
    .select(['provider_code', 'enabled'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['provider_code', 'enabled']);
  if (code !== undefined) {
    providers = providers.where('code', '=', code);
    counts = counts.where('provider_code', '=', code);
  }
  const [rows, tallies] = await Promise.all([providers.orderBy('code').execute(), counts.execute()]);
  return rows.map((p) => {
    const own = tallies.filter((t) => t.provider_code === p.code);
    return {
      code: p.code,
      name: p.name,
      protocol: p.protocol,
      wire: p.wire,
      enabled: p.enabled,
      games: own.reduce((sum, t) => sum + t.n, 0),
      enabled_games: own.filter((t) => t.enabled === 1).reduce((sum, t) => sum + t.n, 0),
    };
  });
}

export interface AdminGameFilter {
  /** A provider's code; '' for every provider. */
  provider: string;
  /** Lower-cased; '' for none. */
  search: string;
}

export interface AdminGameRow {
  id: number;
  provider_code: string;
  code: string;
  name: string;
  category: string;
  rtp_bp: number;
  enabled: number;
  sort_order: number;
}

const filtered = (db: Db, filter: AdminGameFilter) => {
  let q = db.selectFrom('games');
  if (filter.provider) q = q.where('provider_code', '=', filter.provider);
  if (filter.search) {
    // As the lobby's search: the stored lower-cased name, the pattern's own wildcards escaped.
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`search_name like ${pattern} escape '\\'`);
  }
  return q;
};

export async function countGames(db: Db, filter: AdminGameFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

const GAME_COLUMNS = [
  'id',
  'provider_code',
  'code',
  'name',
  'category',
  'rtp_bp',
  'enabled',
  'sort_order',
] as const;

const gameOf = (row: AdminGameRow): AdminGameRow => ({
  ...row,
  id: row.id,
  rtp_bp: row.rtp_bp,
  enabled: row.enabled,
  sort_order: row.sort_order,
});

/** A page of games in the lobby's order (sort order, then id). */
export async function pageOfGames(
  db: Db,
  filter: AdminGameFilter,
  limit: number,
  offset: number,
): Promise<AdminGameRow[]> {
  const rows = await filtered(db, filter)
    .select(GAME_COLUMNS)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(gameOf);
}

export async function findGame(db: Db, id: number): Promise<AdminGameRow | undefined> {
  const row = await db.selectFrom('games').select(GAME_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && gameOf(row);
}

/** Sets a provider's state: true when it changed (false: unknown, or it had that state already). */
export const setProviderEnabled = (db: Db, code: string, enabled: boolean): Promise<boolean> =>
  switchEnabled(db, 'game_providers', 'code', code, enabled);

/** Sets a game's state: true when it changed (false: unknown, or it had that state already). */
export const setGameEnabled = (db: Db, id: number, enabled: boolean): Promise<boolean> =>
  switchEnabled(db, 'games', 'id', id, enabled);

/** The switch of one row's `enabled`, only from the other state: true when this call changed it. */
async function switchEnabled(
  db: Db,
  table: 'game_providers' | 'games',
  key: 'code' | 'id',
  value: string | number,
  enabled: boolean,
): Promise<boolean> {
  const state = enabled ? 1 : 0;
  const result = await db
    .updateTable(table)
    .set({ enabled: state })
    .where(sql.ref(key), '=', value)
    .where('enabled', '<>', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A provider's latest wallet calls, with their round's id at the provider. */
export async function callsOfProvider(db: Db, code: string, limit: number, offset: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('game_wallet_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('provider_code', '=', code)
      .executeTakeFirst(),
    db
      .selectFrom('game_wallet_calls as c')
      .leftJoin('game_rounds as r', 'r.id', 'c.round_id')
      .select([
        'c.transaction_ref',
        'c.action',
        'c.amount',
        'c.fraction',
        'c.state',
        'c.answer',
        'c.created_at',
        'r.round_ref',
      ])
      .where('c.provider_code', '=', code)
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows };
}

/** The codes of a provider's games, with whether each is on. */
export const gameCodesOf = (db: Db, providerCode: string) =>
  db
    .selectFrom('games')
    .select(['id', 'code', 'enabled', 'sort_order'])
    .where('provider_code', '=', providerCode)
    .execute();

/** The lobby's last place (-1 with no game). */
export async function lastSortOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.max<number>('sort_order').as('n'))
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? -1 : Number(row.n);
}
