import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import { runTemplated, slot } from '../../db/query-template';
import type {
  GameDailyValidTable,
  GameProvidersTable,
  GameRoundsTable,
  GameSessionsTable,
  GamesTable,
  GameWalletCallsTable,
  RoundStatus,
  WalletCallState,
} from './tables';

export type ProviderRow = Selectable<GameProvidersTable>;
export type GameRow = Selectable<GamesTable>;
export type SessionRow = Selectable<GameSessionsTable>;
export type RoundRow = Selectable<GameRoundsTable>;
export type WalletCallRow = Selectable<GameWalletCallsTable>;

/*
 * The statements of a seamless money call (session, replay record, round, daily sums) run on every
 * callback of every round: each is built once per dialect and run with the call's values (runTemplated).
 */
const one = async <T>(rows: Promise<unknown[]>): Promise<T | undefined> => {
  const [row] = (await rows) as T[];
  return row;
};

/** A row of values as its template: a slot per column, named after the column (the shape is its columns). */
const templateOf = <T extends object>(row: T): T =>
  Object.fromEntries(Object.keys(row).map((column) => [column, slot(column)])) as T;
const valuesOf = (row: object): Map<string, unknown> => new Map(Object.entries(row));
/** What decides such a statement's SQL: its columns, in order. */
const shapeOf = (row: object): string => Object.keys(row).join(',');

// ---- providers and games

export const findProvider = (db: Db, code: string): Promise<ProviderRow | undefined> =>
  db.selectFrom('game_providers').selectAll().where('code', '=', code).executeTakeFirst();

export const listProviders = (db: Db): Promise<ProviderRow[]> =>
  db.selectFrom('game_providers').selectAll().orderBy('code').execute();

export const upsertProvider = async (db: Db, row: Insertable<GameProvidersTable>): Promise<void> => {
  await db
    .insertInto('game_providers')
    .values(row)
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({
        name: row.name,
        protocol: row.protocol,
        base_url: row.base_url,
        secret: row.secret,
        channel_code: row.channel_code ?? null,
        enabled: row.enabled ?? 1,
      }),
    )
    .execute();
};

export const upsertGame = async (db: Db, row: Insertable<GamesTable>): Promise<void> => {
  const { provider_code: _p, code: _c, created_at: _t, ...rest } = row;
  await db
    .insertInto('games')
    .values(row)
    .onConflict((oc) => oc.columns(['provider_code', 'code']).doUpdateSet(rest))
    .execute();
};

export const listAllGames = async (db: Db): Promise<GameRow[]> =>
  db.selectFrom('games').selectAll().execute();

export const findGame = async (db: Db, id: number): Promise<GameRow | undefined> => {
  const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  return row;
};

export const findGameByCode = async (
  db: Db,
  providerCode: string,
  code: string,
): Promise<GameRow | undefined> => {
  const row = await db
    .selectFrom('games')
    .selectAll()
    .where('provider_code', '=', providerCode)
    .where('code', '=', code)
    .executeTakeFirst();
  return row;
};

/** A provider's first game in the lobby's order (a promotion's payout that names none is recorded under it). */
export const firstGameOf = async (db: Db, providerCode: string): Promise<GameRow | undefined> =>
  db
    .selectFrom('games')
    .selectAll()
    .where('provider_code', '=', providerCode)
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();

/** Enabled games of enabled providers. */
const playable = (db: Db) =>
  db
    .selectFrom('games as g')
    .innerJoin('game_providers as p', 'p.code', 'g.provider_code')
    .where('g.enabled', '=', 1)
    .where('p.enabled', '=', 1);

/** Each channel's categories of playable games. */
export const channelCategories = (db: Db): Promise<{ channel_code: string; category: string }[]> =>
  playable(db)
    .select(['g.channel_code', 'g.category'])
    .groupBy(['g.channel_code', 'g.category'])
    .orderBy('g.channel_code')
    .orderBy('g.category')
    .execute();

export interface GameFilter {
  channel: string;
  category: string;
  /** Lower-cased; '' for none. */
  search: string;
}

const filtered = (db: Db, filter: GameFilter) => {
  let q = playable(db);
  if (filter.channel) q = q.where('g.channel_code', '=', filter.channel);
  if (filter.category) q = q.where('g.category', '=', filter.category);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`g.search_name like ${pattern} escape '\\'`);
  }
  return q;
};

export const countGames = async (db: Db, filter: GameFilter): Promise<number> => {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

export const listGames = async (
  db: Db,
  filter: GameFilter,
  limit: number,
  offset: number,
): Promise<(GameRow & { provider_name: string })[]> => {
  const rows = await filtered(db, filter)
    .selectAll('g')
    .select('p.name as provider_name')
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows;
};

// ---- launch sessions

export const insertSession = async (db: Db, row: Insertable<GameSessionsTable>): Promise<void> => {
  await db.insertInto('game_sessions').values(row).execute();
};

export const findSessionByLaunch = async (db: Db, launchHash: string): Promise<SessionRow | undefined> => {
  const row = await db
    .selectFrom('game_sessions')
    .selectAll()
    .where('launch_hash', '=', launchHash)
    .executeTakeFirst();
  return row;
};

export const findSessionByToken = (db: Db, sessionHash: string): Promise<SessionRow | undefined> =>
  one(
    runTemplated(
      db,
      'games:session-by-token',
      () => db.selectFrom('game_sessions').selectAll().where('session_hash', '=', slot<string>('hash')),
      new Map([['hash', sessionHash]]),
    ),
  );

/** Opens the session of a launch once: false when the launch token was used already. */
export const openSession = async (
  db: Db,
  id: number,
  sessionHash: string,
  expiresAt: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('game_sessions')
    .set({ session_hash: sessionHash, expires_at: expiresAt })
    .where('id', '=', id)
    .where('session_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const extendSession = async (db: Db, id: number, expiresAt: number): Promise<void> => {
  await db.updateTable('game_sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
};

// ---- rounds

export const findRound = (db: Db, providerCode: string, roundRef: string): Promise<RoundRow | undefined> =>
  one(
    runTemplated(
      db,
      'games:round-by-ref',
      () =>
        db
          .selectFrom('game_rounds')
          .selectAll()
          .where('provider_code', '=', slot<string>('provider'))
          .where('round_ref', '=', slot<string>('ref')),
      new Map([
        ['provider', providerCode],
        ['ref', roundRef],
      ]),
    ),
  );

export const findRoundById = async (db: Db, id: number): Promise<RoundRow | undefined> => {
  const row = await db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirst();
  return row;
};

export type NewRound = Omit<Insertable<GameRoundsTable>, 'id'>;

/** Opens a round: its id, or undefined when the provider's round id is taken (the round exists). */
export const openRound = async (db: Db, row: NewRound): Promise<number | undefined> => {
  const [inserted] = await runTemplated(
    db,
    `games:open-round|${shapeOf(row)}`,
    () =>
      db
        .insertInto('game_rounds')
        .values(templateOf(row))
        .onConflict((oc) => oc.columns(['provider_code', 'round_ref']).doNothing())
        .returning('id'),
    valuesOf(row),
  );
  return inserted ? inserted.id : undefined;
};

export const updateRound = async (
  db: Db,
  id: number,
  change: {
    bet?: number;
    win?: number;
    valid_bet?: number;
    status?: RoundStatus;
    settled_at?: number | null;
  },
): Promise<void> => {
  const values = valuesOf(change);
  values.set('id', id);
  await runTemplated(
    db,
    `games:update-round|${shapeOf(change)}`,
    () => db.updateTable('game_rounds').set(templateOf(change)).where('id', '=', slot<number>('id')),
    values,
  );
};

export interface RoundFilter {
  userId: number;
  channel: string;
  from?: number;
  to?: number;
}

const userRounds = (db: Db, f: RoundFilter) => {
  let q = db.selectFrom('game_rounds as r').where('r.user_id', '=', f.userId);
  if (f.channel) q = q.where('r.channel_code', '=', f.channel);
  if (f.from !== undefined) q = q.where('r.placed_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('r.placed_at', '<=', f.to);
  return q;
};

export const countUserRounds = async (db: Db, f: RoundFilter): Promise<number> => {
  const row = await userRounds(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
};

export type RoundListRow = RoundRow & { game_name: string };

export const listUserRounds = async (
  db: Db,
  f: RoundFilter,
  limit: number,
  offset: number,
): Promise<RoundListRow[]> => {
  const rows = await userRounds(db, f)
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .selectAll('r')
    .select('g.name as game_name')
    .orderBy('r.placed_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows;
};

// ---- seamless wallet calls

export const findCall = (
  db: Db,
  providerCode: string,
  transactionRef: string,
): Promise<WalletCallRow | undefined> =>
  one(
    runTemplated(
      db,
      'games:call-by-ref',
      () =>
        db
          .selectFrom('game_wallet_calls')
          .selectAll()
          .where('provider_code', '=', slot<string>('provider'))
          .where('transaction_ref', '=', slot<string>('ref')),
      new Map([
        ['provider', providerCode],
        ['ref', transactionRef],
      ]),
    ),
  );

export type NewCall = Omit<Insertable<GameWalletCallsTable>, 'id'>;

/**
 * Records a call under its transaction id: false when the id has a record already, which only a call of
 * another player committed meanwhile can have made (one player's calls are serialised by their lock).
 */
export const insertCall = async (db: Db, row: NewCall): Promise<boolean> => {
  const inserted = await runTemplated(
    db,
    `games:insert-call|${shapeOf(row)}`,
    () =>
      db
        .insertInto('game_wallet_calls')
        .values(templateOf(row) as NewCall)
        .onConflict((oc) => oc.columns(['provider_code', 'transaction_ref']).doNothing())
        .returning('id'),
    valuesOf(row),
  );
  return inserted.length === 1;
};

export const setCallState = async (db: Db, id: number, state: WalletCallState): Promise<void> => {
  await db.updateTable('game_wallet_calls').set({ state }).where('id', '=', id).execute();
};

export const callsOfRound = async (db: Db, roundId: number): Promise<WalletCallRow[]> => {
  const rows = await db
    .selectFrom('game_wallet_calls')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
  return rows;
};

/** Bets of the round still standing (applied, not rolled back). */
export const countStandingBets = async (db: Db, roundId: number): Promise<number> => {
  const row = await db
    .selectFrom('game_wallet_calls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('round_id', '=', roundId)
    .where('action', '=', 'bet')
    .where('state', '=', 'applied')
    .executeTakeFirst();
  return row?.n ?? 0;
};

// ---- valid bets per user, day and channel

export const addDailyValid = async (db: Db, row: Selectable<GameDailyValidTable>): Promise<void> => {
  const add = (column: 'rounds' | 'bet' | 'win' | 'valid_bet') =>
    sql<number>`${sql.ref(`game_daily_valid.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
  await runTemplated(
    db,
    `games:add-daily-valid|${shapeOf(row)}`,
    () =>
      db
        .insertInto('game_daily_valid')
        .values(templateOf(row))
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'channel_code']).doUpdateSet({
            rounds: add('rounds'),
            bet: add('bet'),
            win: add('win'),
            valid_bet: add('valid_bet'),
          }),
        ),
    valuesOf(row),
  );
};

export const dailyValid = async (db: Db, userId: number): Promise<Selectable<GameDailyValidTable>[]> => {
  const rows = await db
    .selectFrom('game_daily_valid')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('day')
    .orderBy('channel_code')
    .execute();
  return rows;
};

/** PostgreSQL: the round row locked for the rest of the money transaction (SQLite holds the write lock). */
export const lockRound = async (db: Db, id: number): Promise<void> => {
  if (isPostgres(db))
    await db.selectFrom('game_rounds').select('id').where('id', '=', id).forUpdate().execute();
};
