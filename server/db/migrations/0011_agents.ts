import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../create-db';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 14, the agent programme (decision 0017): the team tree as a closure table, ratios per user and
 * channel (versioned by the business day they take effect), invite links, settlement days with their lease,
 * the statement lines of rake back and commission, commissions held for review, corrections of valid bets
 * after their day was settled, and the client signals (IP address, device) that holds are decided on.
 * Money columns are integer minor units; ratios are integer basis points of the valid bet (30 = 0.30%).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // A bound user has one row to each ancestor (depth 1 is the parent; no row to oneself). `effective_day` is
  // the first business day the link counts for commission (a later bind counts from the next day).
  await db.schema
    .createTable('agent_tree')
    .addColumn('ancestor_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('descendant_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('depth', 'integer', (c) => c.notNull().check(sql`depth >= 1`))
    .addColumn('effective_day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_tree_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  // A member's chain upwards (settlement), and an agent's members level by level (the team page).
  await db.schema
    .createIndex('agent_tree_descendant_idx')
    .on('agent_tree')
    .columns(['descendant_id', 'depth'])
    .execute();
  await db.schema
    .createIndex('agent_tree_ancestor_depth_idx')
    .on('agent_tree')
    .columns(['ancestor_id', 'depth', 'descendant_id'])
    .execute();
  // Users bound before this migration (users.invited_by names the parent's invite code) keep their chain.
  await sql`with recursive chain (ancestor_id, descendant_id, depth) as (
      select p.id, u.id, 1 from users u join users p on p.invite_code = u.invited_by where p.id <> u.id
      union all
      select p.id, c.descendant_id, c.depth + 1 from chain c
        join users a on a.id = c.ancestor_id
        join users p on p.invite_code = a.invited_by
        where c.depth < 64
    )
    insert into agent_tree (ancestor_id, descendant_id, depth, effective_day)
    select ancestor_id, descendant_id, min(depth), '2000-01-01' from chain group by ancestor_id, descendant_id`.execute(
    db,
  );

  // A user's ratio in a channel from a business day on: the row with the latest effective_day <= d
  // applies on day d; none means 0. One row per (user, channel, day): a second change the same day
  // replaces the first (neither has applied yet).
  await withIdColumn(db, db.schema.createTable('agent_ratios'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('game_channels.code'))
    .addColumn('ratio_bp', 'integer', (c) => c.notNull().check(sql`ratio_bp >= 0 and ratio_bp <= 10000`))
    .addColumn('effective_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('set_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('agent_ratios_user_channel_day_uq', ['user_id', 'channel_code', 'effective_day'])
    .execute();

  // The ratios users had as single numbers (percent: users.rate, rate1, rate2 for the three seeded channels).
  for (const [column, channel] of [
    ['rate', 'slots'],
    ['rate1', 'live-casino'],
    ['rate2', 'sports'],
  ] as const)
    await sql`insert into agent_ratios (user_id, channel_code, ratio_bp, effective_day, created_at)
      select id, ${channel}, cast(round(${sql.ref(column)} * 100) as integer), '2000-01-01', created_at
      from users where ${sql.ref(column)} > 0
      and exists (select 1 from game_channels where code = ${channel})`.execute(db);

  // What a new direct member gets, per channel (capped by the agent's own ratio when applied).
  await db.schema
    .createTable('agent_defaults')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('game_channels.code'))
    .addColumn('ratio_bp', 'integer', (c) => c.notNull().check(sql`ratio_bp >= 0 and ratio_bp <= 10000`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_defaults_pk', ['user_id', 'channel_code'])
    .execute();

  await sql`insert into agent_defaults (user_id, channel_code, ratio_bp, updated_at)
    select u.id, c.code, cast(round(u.default_rate * 100) as integer), u.updated_at
    from users u cross join game_channels c where u.default_rate > 0`.execute(db);

  // Links an agent made: a registration link presetting the member's ratio and job, or a deposit link
  // for a member. `code` is the unguessable part of the URL.
  await withIdColumn(db, db.schema.createTable('agent_links'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('agent_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('register', 'recharge')`))
    .addColumn('ratio_bp', 'integer')
    .addColumn('join_job', 'integer')
    .addColumn('member_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('amount', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('agent_links_agent_idx')
    .on('agent_links')
    .columns(['agent_id', 'id'])
    .execute();

  // A business day's settlement: taken under a lease by one process, settled once.
  await db.schema
    .createTable('agent_settlement_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql`state in ('running', 'settled')`))
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_at', 'bigint')
    .execute();

  // The statement: one line per (day, earner, member, channel, kind). Rake back lines have earner = member.
  // A commission line earns (earner's ratio - ratio of the next one down the path) of the member's valid
  // bet, computed so that the whole chain's lines of one valid bet add up to the top ratio's share exactly.
  // `ledger_transaction_id` is the posting the line is part of (null while held).
  await withIdColumn(db, db.schema.createTable('agent_lines'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('rakeback', 'commission')`))
    .addColumn('earner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('ratio_bp', 'integer', (c) => c.notNull())
    .addColumn('below_ratio_bp', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** The business day a correction line is about (null on a day's own lines). */
    .addColumn('corrects_day', 'varchar(10)')
    .addColumn('hold_id', 'bigint')
    .addColumn('ledger_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agent_lines_earner_idx')
    .on('agent_lines')
    // With the amount and the hold: an earner's statement of a month is summed from the index alone (a top
    // agent has a line per member, channel and day).
    .columns(['earner_id', 'kind', 'day', 'hold_id', 'amount'])
    .execute();
  await db.schema
    .createIndex('agent_lines_member_idx')
    .on('agent_lines')
    .columns(['member_id', 'day'])
    .execute();
  // The commission each member of a team page brought the viewer (50 members at a time), and one member's
  // by day: without it, every line the viewer ever earned would be read.
  await db.schema
    .createIndex('agent_lines_earner_member_idx')
    .on('agent_lines')
    .columns(['earner_id', 'member_id', 'day'])
    .execute();

  // Commission held for an operator's review (decision 0017: shared IP address or device, a fast deposit
  // from the inviting client). Released moves it to the agent's commission, cancelled back to the house.
  await withIdColumn(db, db.schema.createTable('agent_holds'))
    .addColumn('agent_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) =>
      c.notNull().check(sql`state in ('held', 'released', 'cancelled')`),
    )
    .addColumn('hold_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('resolve_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('resolved_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('resolve_note', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addUniqueConstraint('agent_holds_agent_member_day_uq', ['agent_id', 'member_id', 'day'])
    .execute();
  await db.schema.createIndex('agent_holds_state_idx').on('agent_holds').columns(['state', 'id']).execute();

  // A settled round whose valid bet changed after its day was settled (a void): booked on the first
  // unsettled day at the ratios of the round's own day.
  await withIdColumn(db, db.schema.createTable('agent_corrections'))
    .addColumn('round_id', 'bigint', (c) => c.notNull().unique().references('game_rounds.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('round_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_bet_delta', 'bigint', (c) => c.notNull())
    .addColumn('booked_day', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agent_corrections_booked_idx')
    .on('agent_corrections')
    .columns(['booked_day', 'id'])
    .execute();

  // Where a user's requests came from (hashed): registration, sign-in and deposits record them.
  await db.schema
    .createTable('user_signals')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('ip', 'device')`))
    .addColumn('value_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_signals_pk', ['user_id', 'kind', 'value_hash'])
    .execute();
  await db.schema
    .createIndex('user_signals_value_idx')
    .on('user_signals')
    .columns(['kind', 'value_hash', 'user_id'])
    .execute();

  // The money side: the sources of rake back and commission.
  await db
    .insertInto('system_accounts')
    .values([
      { code: 'rakeback', name: 'Rake back paid' },
      { code: 'commission', name: 'Agent commission paid' },
    ])
    .execute();

  // The agent's reports (server/modules/agent/report-repository.ts) sum a whole subtree's figures, a member at
  // a time: each of these answers one member's part from the index alone (no table row per valid-bet day,
  // deposit or withdrawal). The deposit and withdrawal ones are partial, so they hold only completed orders.
  // The valid bets' one costs a round's close one more index entry to move (its valid bet is in the key).
  await db.schema
    .createIndex('game_daily_valid_user_day_valid_idx')
    .on('game_daily_valid')
    .columns(['user_id', 'day', 'channel_code', 'valid_bet'])
    .execute();
  // A day's settlement reads everyone's valid bets of that day (and the worker the first day anyone bet):
  // by day. Only a member's first round of a day and channel adds an entry (no value in the key).
  await db.schema
    .createIndex('game_daily_valid_day_idx')
    .on('game_daily_valid')
    .columns(['day', 'user_id', 'channel_code'])
    .execute();
  await db.schema
    .createIndex('deposit_orders_user_completed_idx')
    .on('deposit_orders')
    .columns(['user_id', 'completed_at', 'amount', 'state'])
    .where(sql.ref('state'), '=', 'Success')
    .execute();
  await db.schema
    .createIndex('withdrawals_user_finished_idx')
    .on('withdrawals')
    .columns(['user_id', 'finished_at', 'amount', 'state'])
    .where(sql.ref('state'), '=', 'Success')
    .execute();
  // The ledger transaction of a deposit or a withdrawal's payout, by the order number it carries in `ref`
  // (the report's rows lead to their ledger entries); partial, so the games' postings add nothing to it.
  await db.schema
    .createIndex('ledger_transactions_order_ref_idx')
    .on('ledger_transactions')
    .column('ref')
    .where(sql<boolean>`type in ('deposit', 'withdraw_post')`)
    .execute();

  if (isPostgres(db)) await sql`analyze agent_tree`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'game_daily_valid_day_idx',
    'game_daily_valid_user_day_valid_idx',
    'ledger_transactions_order_ref_idx',
    'withdrawals_user_finished_idx',
    'deposit_orders_user_completed_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.deleteFrom('system_accounts').where('code', 'in', ['rakeback', 'commission']).execute();
  for (const table of [
    'user_signals',
    'agent_corrections',
    'agent_holds',
    'agent_lines',
    'agent_settlement_days',
    'agent_links',
    'agent_defaults',
    'agent_ratios',
    'agent_tree',
  ])
    await db.schema.dropTable(table).execute();
}
