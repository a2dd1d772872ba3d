import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { ProviderRow } from './repository';
import type { GameBlockSweepsTable, GameRefusedRecordsTable, GameTransfersTable } from './tables';

/*
 * The transfer wallet's SQL: transfers in and out of a provider's wallet, and the record puller's cursor
 * and lease (one row per provider in game_pull_state).
 */

export type TransferRow = Selectable<GameTransfersTable>;

// ---- providers

/**
 * The transfer provider whose wallet is this channel, first by code (one is expected): an enabled one, or
 * with `disabledToo` one an operator switched off (money may still leave its wallet).
 */
export const findTransferProviderByChannel = (
  db: Db,
  channel: string,
  disabledToo = false,
): Promise<ProviderRow | undefined> => {
  let q = db
    .selectFrom('game_providers')
    .selectAll()
    .where('protocol', '=', 'transfer')
    .where('channel_code', '=', channel);
  if (!disabledToo) q = q.where('enabled', '=', 1);
  return q.orderBy('enabled', 'desc').orderBy('code').executeTakeFirst();
};

// ---- transfers

export const insertTransfer = async (db: Db, row: Insertable<GameTransfersTable>): Promise<number> => {
  const inserted = await db
    .insertInto('game_transfers')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
};

export const findTransfer = async (db: Db, id: number): Promise<TransferRow | undefined> => {
  const row = await db.selectFrom('game_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  return row;
};

export const pendingTransfers = async (
  db: Db,
  userId: number,
  providerCode: string,
): Promise<TransferRow[]> => {
  const rows = await db
    .selectFrom('game_transfers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_code', '=', providerCode)
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows;
};

/** Pending transfers opened before `before`: their call has ended, answered or not (the sweeper's work). */
export const stalePendingTransfers = async (
  db: Db,
  before: number,
  limit: number,
): Promise<TransferRow[]> => {
  const rows = await db
    .selectFrom('game_transfers')
    .selectAll()
    .where('state', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows;
};

/**
 * Ends a pending transfer; false when it is no longer pending (another request or process resolved it
 * first). Inside the money transaction that moves its money, so the state and the money agree.
 */
export const finishTransfer = async (
  db: Db,
  id: number,
  state: 'applied' | 'failed',
  ledgerTransactionId: number | null,
  now: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('game_transfers')
    .set({ state, ledger_transaction_id: ledgerTransactionId, resolved_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const setTransferLedger = async (db: Db, id: number, ledgerTransactionId: number): Promise<void> => {
  await db
    .updateTable('game_transfers')
    .set({ ledger_transaction_id: ledgerTransactionId })
    .where('id', '=', id)
    .execute();
};

// ---- the record puller's cursor and lease

export const ensurePullState = async (db: Db, providerCode: string): Promise<void> => {
  await db
    .insertInto('game_pull_state')
    .values({ provider_code: providerCode })
    .onConflict((oc) => oc.column('provider_code').doNothing())
    .execute();
};

/** Takes (or renews) the provider's pull lease; false while another worker holds it. */
export const takeLease = async (
  db: Db,
  providerCode: string,
  owner: string,
  now: number,
  until: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('game_pull_state')
    .set({ lease_owner: owner, lease_until: until })
    .where('provider_code', '=', providerCode)
    .where((eb) => eb.or([eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const pullCursor = async (db: Db, providerCode: string): Promise<string> => {
  const row = await db
    .selectFrom('game_pull_state')
    .select('cursor')
    .where('provider_code', '=', providerCode)
    .executeTakeFirst();
  return row?.cursor ?? '';
};

/**
 * Moves the cursor from `from` to `to` and renews the lease, only while `owner` holds the lease and the
 * cursor is still `from`: false otherwise (the lease ran out and another worker moved on), and the
 * page's postings in the same transaction must then roll back. First in that transaction, so its row
 * lock orders concurrent pages of one provider.
 */
export const advanceCursor = async (
  db: Db,
  providerCode: string,
  owner: string,
  move: { from: string; to: string; now: number; until: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('game_pull_state')
    .set({ cursor: move.to, pulled_at: move.now, lease_until: move.until })
    .where('provider_code', '=', providerCode)
    .where('lease_owner', '=', owner)
    .where('cursor', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const releaseLease = async (db: Db, providerCode: string, owner: string): Promise<void> => {
  await db
    .updateTable('game_pull_state')
    .set({ lease_owner: null, lease_until: 0 })
    .where('provider_code', '=', providerCode)
    .where('lease_owner', '=', owner)
    .execute();
};

// ---- a block's sweeps (decision 0042) and the records refused for it

export type BlockSweepRow = Selectable<GameBlockSweepsTable>;

/** The transfer providers whose wallet this player ever moved money to: where they can be playing. */
export const transferProvidersOfUser = async (db: Db, userId: number): Promise<string[]> =>
  (
    await db
      .selectFrom('game_transfers')
      .select('provider_code')
      .distinct()
      .where('user_id', '=', userId)
      .orderBy('provider_code')
      .execute()
  ).map((r) => r.provider_code);

/** One sweep per block and provider: a block taken again from the same start adds none. */
export const insertBlockSweep = async (
  db: Db,
  row: { user_id: number; provider_code: string; blocked_from: number; created_at: number },
): Promise<void> => {
  await db
    .insertInto('game_block_sweeps')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'provider_code', 'blocked_from']).doNothing())
    .execute();
};

/** Open sweeps, of one user or (the worker) the least recently tried first. */
export const openBlockSweeps = async (
  db: Db,
  opts: { userId?: number; limit: number },
): Promise<BlockSweepRow[]> => {
  let q = db.selectFrom('game_block_sweeps').selectAll().where('done_at', 'is', null);
  if (opts.userId !== undefined) q = q.where('user_id', '=', opts.userId);
  const rows = await q.orderBy('tried_at').orderBy('id').limit(opts.limit).execute();
  return rows;
};

export const updateBlockSweep = async (
  db: Db,
  id: number,
  values: { sessions_ended_at?: number; done_at?: number; tried_at?: number; attempted?: true },
): Promise<void> => {
  const { attempted, ...set } = values;
  await db
    .updateTable('game_block_sweeps')
    .set((eb) => ({ ...set, ...(attempted ? { attempts: eb('attempts', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
};

/** A pulled record not posted; a page pulled again writes it once. */
export const insertRefusedRecord = async (
  db: Db,
  row: Insertable<GameRefusedRecordsTable>,
): Promise<void> => {
  await db
    .insertInto('game_refused_records')
    .values(row)
    .onConflict((oc) => oc.columns(['provider_code', 'record_id']).doNothing())
    .execute();
};
