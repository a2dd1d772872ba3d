import type { Kysely } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 31 item 4 (decision 0042): a time-out or self-exclusion ends the player's play at every transfer
 * provider. game_block_sweeps is the work it leaves, one row per block and provider, written in the block's
 * transaction so a crash cannot lose it: the provider's sessions ended, the channel's money brought back.
 * The games worker retries an open row until both are done. game_refused_records keeps the pulled records of
 * rounds placed during a block, which Beacon does not post: the provider's to void, an operator's to claim.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('game_block_sweeps'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('blocked_from', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sessions_ended_at', 'bigint')
    .addColumn('done_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tried_at', 'bigint')
    .addUniqueConstraint('game_block_sweeps_block_uq', ['user_id', 'provider_code', 'blocked_from'])
    .execute();
  await db.schema
    .createIndex('game_block_sweeps_open_idx')
    .on('game_block_sweeps')
    .columns(['done_at', 'tried_at'])
    .execute();

  await db.schema
    .createTable('game_refused_records')
    .addColumn('provider_code', 'varchar(32)', (c) => c.notNull().references('game_providers.code'))
    .addColumn('record_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('round_ref', 'varchar(128)', (c) => c.notNull())
    .addColumn('game_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('bet', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('placed_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('refused_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_refused_records_pk', ['provider_code', 'record_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_refused_records').execute();
  await db.schema.dropTable('game_block_sweeps').execute();
}
