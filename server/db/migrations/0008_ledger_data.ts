import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../create-db';

/**
 * The ledger, ready for game providers and commission settlement:
 * - an external reference per transaction (a provider's transaction id, a settlement's key), unique per
 *   source, so a replayed external event can never post twice: the database decides, not the code;
 * - `reverses_id`, linking a reversal to the transaction it undoes, unique so that happens at most once;
 * - game channels, system accounts and VIP levels as reference data, seeded here with the values the
 *   code had as constants (every deployment needs them; they are not demo data).
 * Channel accounts were keyed by the channel's display name (`u:<id>:ch:Live Casino`); they are re-keyed
 * by the channel's code, so a renamed channel keeps its accounts.
 */

const CHANNELS = [
  { code: 'slots', name: 'Slots', sort_order: 1, enabled: 1 },
  { code: 'live-casino', name: 'Live Casino', sort_order: 2, enabled: 1 },
  { code: 'sports', name: 'Sports', sort_order: 3, enabled: 1 },
];

const SYSTEM_ACCOUNTS = [
  { code: 'deposits', name: 'Deposits' },
  { code: 'withdrawals', name: 'Withdrawals' },
  { code: 'bonuses', name: 'Bonuses' },
  { code: 'fees', name: 'Fees' },
];

/** Accumulated successful deposits a level needs, in minor units (100 = 1.00). */
const LEVEL_NEEDS = [0, 100, 500, 2_000, 5_000, 20_000, 50_000, 200_000, 500_000, 1_000_000].map(
  (v) => v * 100,
);

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_channels')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.insertInto('game_channels').values(CHANNELS).execute();

  await db.schema
    .createTable('system_accounts')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db.insertInto('system_accounts').values(SYSTEM_ACCOUNTS).execute();

  await db.schema
    .createTable('vip_levels')
    .addColumn('level', 'integer', (c) => c.primaryKey())
    .addColumn('need_steam', 'bigint', (c) => c.notNull())
    .addColumn('header_picture', 'varchar(200)', (c) => c.notNull())
    .addColumn('vip_picture', 'varchar(200)', (c) => c.notNull())
    .addCheckConstraint('vip_levels_need_ck', sql`level >= 0 and need_steam >= 0`)
    .execute();
  await db
    .insertInto('vip_levels')
    .values(
      LEVEL_NEEDS.map((need, level) => ({
        level,
        need_steam: need,
        header_picture: `/media/vip/header-${level}.svg`,
        vip_picture: `/media/vip/vip-${level}.svg`,
      })),
    )
    .execute();

  // One ADD COLUMN per statement (SQLite). A source and a reference come together or not at all: a bare
  // provider transaction id could collide with another provider's. SQLite cannot add a table
  // constraint, so there the check rides on the column.
  await db.schema.alterTable('ledger_transactions').addColumn('external_ref', 'varchar(128)').execute();
  if (isPostgres(db)) {
    await db.schema.alterTable('ledger_transactions').addColumn('external_source', 'varchar(32)').execute();
    await db.schema
      .alterTable('ledger_transactions')
      .addCheckConstraint(
        'ledger_transactions_external_ck',
        sql`(external_source is null) = (external_ref is null)`,
      )
      .execute();
  } else {
    await db.schema
      .alterTable('ledger_transactions')
      .addColumn('external_source', 'varchar(32)', (c) =>
        c.check(sql`(external_source is null) = (external_ref is null)`),
      )
      .execute();
  }
  await db.schema
    .createIndex('ledger_transactions_external_uq')
    .on('ledger_transactions')
    .columns(['external_source', 'external_ref'])
    .unique()
    .execute();
  // SQLite cannot add a UNIQUE column: the unique index does it on both.
  await db.schema
    .alterTable('ledger_transactions')
    .addColumn('reverses_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .execute();
  await db.schema
    .createIndex('ledger_transactions_reverses_uq')
    .on('ledger_transactions')
    .column('reverses_id')
    .unique()
    .execute();

  for (const ch of CHANNELS) {
    await sql`update ledger_accounts
      set code = 'u:' || cast(user_id as varchar(20)) || ${sql.lit(`:ch:${ch.code}`)}, name = ${sql.lit(ch.code)}
      where kind = 'channel' and name = ${sql.lit(ch.name)}`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const ch of CHANNELS) {
    await sql`update ledger_accounts
      set code = 'u:' || cast(user_id as varchar(20)) || ${sql.lit(`:ch:${ch.name}`)}, name = ${sql.lit(ch.name)}
      where kind = 'channel' and name = ${sql.lit(ch.code)}`.execute(db);
  }
  await db.schema.dropIndex('ledger_transactions_reverses_uq').execute();
  await db.schema.dropIndex('ledger_transactions_external_uq').execute();
  if (isPostgres(db)) {
    await db.schema
      .alterTable('ledger_transactions')
      .dropConstraint('ledger_transactions_external_ck')
      .execute();
  }
  // external_source first: on SQLite its column check names external_ref.
  for (const column of ['reverses_id', 'external_source', 'external_ref']) {
    await db.schema.alterTable('ledger_transactions').dropColumn(column).execute();
  }
  for (const table of ['vip_levels', 'system_accounts', 'game_channels']) {
    await db.schema.dropTable(table).execute();
  }
}
