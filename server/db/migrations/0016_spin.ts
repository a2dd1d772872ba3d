import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 15, the spin wheel (decision 0022): the prize table (reference data with integer weights, seeded here
 * because every deployment needs one; an operator edits rows, not code), a player's run of daily spins opened
 * by a recharge, and the draws, one per user and business day (the unique index makes a replayed or
 * concurrent spin find the first one). Cash prizes are paid from the system account `spin`. Money columns
 * are integer minor units.
 */

/** Weights sum to 10,000, so a weight reads as basis points of probability. */
const PRIZES = [
  { code: 'cash-1', kind: 'cash', name: '1.00', amount: 1_00, weight: 4_000, sort_order: 1 },
  { code: 'cash-2', kind: 'cash', name: '2.00', amount: 2_00, weight: 2_500, sort_order: 2 },
  { code: 'cash-5', kind: 'cash', name: '5.00', amount: 5_00, weight: 1_800, sort_order: 3 },
  { code: 'cash-10', kind: 'cash', name: '10.00', amount: 10_00, weight: 1_000, sort_order: 4 },
  { code: 'cash-50', kind: 'cash', name: '50.00', amount: 50_00, weight: 500, sort_order: 5 },
  { code: 'cash-100', kind: 'cash', name: '100.00', amount: 100_00, weight: 190, sort_order: 6 },
  { code: 'phone', kind: 'item', name: 'Cell phone', amount: 0, weight: 10, sort_order: 7 },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('spin_prizes'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    // cash: `amount` paid to the main balance; item: a thing customer service hands over (`name`).
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('cash', 'item')`))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight >= 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.insertInto('spin_prizes').values(PRIZES).execute();

  // A run: the days a recharge opened, first_day..last_day (business days); a recharge during a run moves
  // last_day on. `recharged` is what the run's recharges add up to; `doubled_at` the instant it reached the
  // doubling threshold (null: not yet).
  await withIdColumn(db, db.schema.createTable('spin_runs'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('recharged', 'bigint', (c) => c.notNull().check(sql`recharged >= 0`))
    .addColumn('doubled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spin_runs_user_idx')
    .on('spin_runs')
    .columns(['user_id', 'last_day'])
    .execute();

  // A draw, with what it won as it was then (a prize edited later does not rewrite history). An item prize
  // is a follow-up for customer service, due 24 hours after the draw.
  await withIdColumn(db, db.schema.createTable('spin_draws'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('run_id', 'bigint', (c) => c.notNull().references('spin_runs.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('prize_id', 'bigint', (c) => c.notNull().references('spin_prizes.id'))
    .addColumn('prize_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('multiplier', 'integer', (c) => c.notNull().check(sql`multiplier >= 1`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('transaction_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('follow_up_due_at', 'bigint')
    .addColumn('follow_up_done_at', 'bigint')
    .addColumn('follow_up_done_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('follow_up_note', 'varchar(500)')
    .addUniqueConstraint('spin_draws_user_day_uq', ['user_id', 'day'])
    .execute();
  // The operators' queue: open follow-ups, oldest due first.
  await db.schema
    .createIndex('spin_draws_follow_up_idx')
    .on('spin_draws')
    .columns(['follow_up_done_at', 'follow_up_due_at'])
    .where(sql.ref('follow_up_due_at'), 'is not', null)
    .execute();

  await db.insertInto('system_accounts').values({ code: 'spin', name: 'Spin wheel prizes' }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spin_draws').execute();
  await db.schema.dropTable('spin_runs').execute();
  await db.schema.dropTable('spin_prizes').execute();
  await db.deleteFrom('system_accounts').where('code', '=', 'spin').execute();
}
