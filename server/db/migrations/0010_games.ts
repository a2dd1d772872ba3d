import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 13: game providers and their games as data, launch sessions, the rounds the seamless wallet
 * and the transfer wallet's records settle, every seamless wallet call by the provider's transaction
 * id (the replay record), transfers in and out of a transfer provider's wallet, the record puller's
 * cursor and lease, and valid bets per user, business day and channel (for rake back, commissions and
 * reports). Money columns are integer minor units.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_providers')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull().check(sql`protocol in ('seamless', 'transfer')`))
    .addColumn('base_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('secret', 'varchar(200)', (c) => c.notNull())
    // A transfer provider's wallet is one channel's; a seamless provider's games name their own.
    .addColumn('channel_code', 'varchar(32)', (c) => c.references('game_channels.code'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'game_providers_channel_ck',
      sql`(protocol = 'transfer') = (channel_code is not null)`,
    )
    .execute();

  await withIdColumn(db, db.schema.createTable('games'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('search_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('game_channels.code'))
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    /** Return to player in basis points (9650 = 96.50%), as the provider states it. */
    .addColumn('rtp_bp', 'integer', (c) => c.notNull())
    .addColumn('min_bet', 'bigint', (c) => c.notNull())
    .addColumn('max_bet', 'bigint', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('games_provider_code_uq', ['provider_code', 'code'])
    .execute();
  await db.schema
    .createIndex('games_lobby_idx')
    .on('games')
    .columns(['enabled', 'channel_code', 'sort_order', 'id'])
    .execute();

  // A launch: the single-use launch token, then the session the provider authenticated (hashes only).
  await withIdColumn(db, db.schema.createTable('game_sessions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('launch_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('launch_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('session_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // One round of one game for one player, as the provider names it.
  await withIdColumn(db, db.schema.createTable('game_rounds'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('round_ref', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('pending', 'settled', 'cancelled', 'void')`),
    )
    .addColumn('placed_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addUniqueConstraint('game_rounds_ref_uq', ['provider_code', 'round_ref'])
    .execute();
  await db.schema
    .createIndex('game_rounds_user_idx')
    .on('game_rounds')
    .columns(['user_id', 'placed_at desc', 'id desc'])
    .execute();

  // Every seamless call that moves money, by the provider's transaction id: the replay record.
  await withIdColumn(db, db.schema.createTable('game_wallet_calls'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('transaction_ref', 'varchar(128)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull().check(sql`action in ('bet', 'win', 'rollback')`))
    .addColumn('round_id', 'bigint', (c) => c.references('game_rounds.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** sha256 of the request's fields; null for a bet known only from its early rollback. */
    .addColumn('request_hash', 'varchar(64)')
    /** The first answer's JSON, answered again on an exact replay. */
    .addColumn('answer', 'text')
    .addColumn('ledger_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    /** bet: applied, rolled_back, or cancelled_unseen (rolled back before it arrived). */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('game_wallet_calls_ref_uq', ['provider_code', 'transaction_ref'])
    .execute();
  await db.schema
    .createIndex('game_wallet_calls_round_idx')
    .on('game_wallet_calls')
    .columns(['round_id'])
    .execute();

  // Money moved into (in) or out of (out) a transfer provider's wallet; `ref` is the id sent to it.
  await withIdColumn(db, db.schema.createTable('game_transfers'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('direction', 'varchar(4)', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('state', 'varchar(16)', (c) =>
      c.notNull().check(sql`state in ('pending', 'applied', 'failed')`),
    )
    .addColumn('ledger_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('game_transfers_pending_idx')
    .on('game_transfers')
    .columns(['user_id', 'provider_code', 'state'])
    .execute();

  // The record puller's place in each transfer provider's records, and who holds the pull.
  await db.schema
    .createTable('game_pull_state')
    .addColumn('provider_code', 'varchar(32)', (c) => c.primaryKey().references('game_providers.code'))
    .addColumn('cursor', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pulled_at', 'bigint')
    .execute();

  // Valid bets per user, business day (YYYY-MM-DD in the business time zone) and channel.
  await db.schema
    .createTable('game_daily_valid')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_daily_valid_pk', ['user_id', 'day', 'channel_code'])
    .execute();

  // The house's side of play: stakes lost and wins paid.
  await db.insertInto('system_accounts').values({ code: 'games', name: 'Games' }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('system_accounts').where('code', '=', 'games').execute();
  for (const table of [
    'game_daily_valid',
    'game_pull_state',
    'game_transfers',
    'game_wallet_calls',
    'game_rounds',
    'game_sessions',
    'games',
    'game_providers',
  ])
    await db.schema.dropTable(table).execute();
}
