import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../create-db';

/*
 * Issue 14, decision 0019: an agent's team figures kept ready, so a report reads a month of rows instead of
 * one index entry per member per day. Kept by triggers, in the transaction that changes what they sum, so
 * they can never drift from it and no other module has to know about them:
 *
 * - agent_team_days: per agent, business day and slot, the team's valid bets and how many members played
 *   (had a counted round) that day. `slot` (the member's id mod 16) spreads one busy agent's day over 16
 *   rows, so concurrent round closes of different members on PostgreSQL rarely wait for one row lock.
 * - agent_team_active: per agent and day, how many members last played on that day. Members who played
 *   in [from, today] are those whose last day is >= from: a week or a month is a sum of a few rows.
 * - agent_member_last_play: each user's last day with a counted round (what the line above is kept from).
 * - agent_team_sizes: direct and total members.
 * - agent_team_money: per agent and quarter hour (epoch ms / 900,000), the team's completed deposits and
 *   paid withdrawals and the members who registered. A business day in any time zone starts on a quarter
 *   hour (every zone's offset is a whole number of them), so a span of days is a range of quarters: the
 *   day of an instant needs a time zone database, which SQLite's triggers do not have.
 *
 * game_daily_valid writes (a round settled, a round voided) move the player's ancestors' rows; a new
 * closure row (a bind) adds the descendant's own history to the new ancestor's rows.
 */

const SLOTS = 16;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_team_days')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('active_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('agent_team_days_pk', ['agent_id', 'day', 'slot'])
    .execute();
  await db.schema
    .createTable('agent_team_active')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('agent_team_active_pk', ['agent_id', 'day', 'slot'])
    .execute();
  await db.schema
    .createTable('agent_member_last_play')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('agent_team_sizes')
    .addColumn('agent_id', 'bigint', (c) => c.primaryKey())
    .addColumn('direct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('agent_team_money')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('quarter', 'bigint', (c) => c.notNull())
    .addColumn('deposits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawals', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('new_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('agent_team_money_pk', ['agent_id', 'quarter'])
    .execute();

  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await fillTeamRollups(db);
}

/** The tables the triggers keep, in the order they are filled. */
export const TEAM_ROLLUP_TABLES = [
  'agent_member_last_play',
  'agent_team_days',
  'agent_team_active',
  'agent_team_sizes',
  'agent_team_money',
] as const;

/**
 * The kept tables filled from what is there, as the triggers would have kept them: every closure row's
 * descendant history. Run by `up` on existing data, and by a bulk load that ran with triggers off (the
 * agent bench's seed) after emptying them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function fillTeamRollups(db: Kysely<any>): Promise<void> {
  await sql`insert into agent_member_last_play (user_id, day)
    select user_id, max(day) from game_daily_valid where rounds > 0 group by user_id`.execute(db);
  await sql`insert into agent_team_days (agent_id, day, slot, valid_bet, active_members)
    select t.ancestor_id, g.day, t.descendant_id % ${sql.lit(SLOTS)}, sum(g.valid_bet),
      sum(case when g.rounds > 0 then 1 else 0 end)
    from agent_tree t join (
      select user_id, day, sum(valid_bet) as valid_bet, sum(rounds) as rounds
      from game_daily_valid group by user_id, day
    ) g on g.user_id = t.descendant_id
    group by t.ancestor_id, g.day, t.descendant_id % ${sql.lit(SLOTS)}`.execute(db);
  await sql`insert into agent_team_active (agent_id, day, slot, members)
    select t.ancestor_id, p.day, t.descendant_id % ${sql.lit(SLOTS)}, count(*)
    from agent_tree t join agent_member_last_play p on p.user_id = t.descendant_id
    group by t.ancestor_id, p.day, t.descendant_id % ${sql.lit(SLOTS)}`.execute(db);
  await sql`insert into agent_team_sizes (agent_id, direct, total)
    select ancestor_id, sum(case when depth = 1 then 1 else 0 end), count(*)
    from agent_tree group by ancestor_id`.execute(db);
  await sql`insert into agent_team_money (agent_id, quarter, deposits, withdrawals, new_members)
    select t.ancestor_id, m.quarter, sum(m.deposits), sum(m.withdrawals), sum(m.new_members)
    from agent_tree t join (${sql.raw(ownMoney(null))}) m on m.user_id = t.descendant_id
    group by t.ancestor_id, m.quarter`.execute(db);
}

const QUARTER_MS = 900_000;

/**
 * A user's own money and registration by quarter hour: what a new ancestor takes over at a bind, for the
 * user `of` (NEW's field); with `of` null, every user's (the backfill).
 */
const ownMoney = (of: string | null) => {
  const whose = (column: string) => (of === null ? 'true' : `${column} = ${of}`);
  return `select m0.user_id, m0.quarter, sum(m0.deposits) as deposits,
    sum(m0.withdrawals) as withdrawals, sum(m0.new_members) as new_members from (
      select d.user_id, d.completed_at / ${QUARTER_MS} as quarter, d.amount as deposits, 0 as withdrawals,
        0 as new_members
      from deposit_orders d where ${whose('d.user_id')} and d.state = 'Success' and d.completed_at is not null
      union all
      select w.user_id, w.finished_at / ${QUARTER_MS}, 0, w.amount, 0
      from withdrawals w where ${whose('w.user_id')} and w.state = 'Success' and w.finished_at is not null
      union all
      select u.id, u.created_at / ${QUARTER_MS}, 0, 0, 1 from users u where ${whose('u.id')}
    ) m0 group by m0.user_id, m0.quarter`;
};

/** The money tables the team figures follow: which column a row adds to, and at which instant. */
const MONEY = [
  { table: 'deposit_orders', column: 'deposits', at: 'completed_at' },
  { table: 'withdrawals', column: 'withdrawals', at: 'finished_at' },
] as const;

/** A row's own contribution, for OLD or NEW: counted once completed (Success, with its instant). */
const counted = (row: 'old' | 'new', at: string) => `${row}.state = 'Success' and ${row}.${at} is not null`;

/*
 * The same rules in both dialects. On a game_daily_valid row of (user, day, channel):
 * - the ancestors' valid bets of that day move by the row's change;
 * - the day's active count moves by one when the user's rounds of that day (all channels) go from none to
 *   some, or back to none (a void of the day's only round);
 * - when the user's last day with a round changes, each ancestor's count moves from the old day to the new.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const onPlay = (event: 'insert' | 'update') => {
    const oldValid = event === 'insert' ? '0' : 'old.valid_bet';
    const oldRounds = event === 'insert' ? '0' : 'old.rounds';
    const dayRounds = `(select coalesce(sum(g.rounds), 0) from game_daily_valid g
        where g.user_id = new.user_id and g.day = new.day)`;
    const lastAfter = `(select max(g.day) from game_daily_valid g where g.user_id = new.user_id and g.rounds > 0)`;
    const lastBefore = `(select p.day from agent_member_last_play p where p.user_id = new.user_id)`;
    return sql.raw(`create trigger agent_team_on_play_${event} after ${event} on game_daily_valid
      begin
        insert into agent_team_days (agent_id, day, slot, valid_bet, active_members)
          select t.ancestor_id, new.day, new.user_id % ${SLOTS}, new.valid_bet - ${oldValid},
            (${dayRounds} > 0) - (${dayRounds} - (new.rounds - ${oldRounds}) > 0)
          from agent_tree t where t.descendant_id = new.user_id
            and (new.valid_bet <> ${oldValid} or new.rounds <> ${oldRounds})
          on conflict (agent_id, day, slot) do update set
            valid_bet = valid_bet + excluded.valid_bet,
            active_members = active_members + excluded.active_members;
        insert into agent_team_active (agent_id, day, slot, members)
          select t.ancestor_id, ${lastBefore}, new.user_id % ${SLOTS}, -1
          from agent_tree t where t.descendant_id = new.user_id
            and ${lastBefore} is not null and ${lastBefore} is not ${lastAfter}
          on conflict (agent_id, day, slot) do update set members = members + excluded.members;
        insert into agent_team_active (agent_id, day, slot, members)
          select t.ancestor_id, ${lastAfter}, new.user_id % ${SLOTS}, 1
          from agent_tree t where t.descendant_id = new.user_id
            and ${lastAfter} is not null and ${lastAfter} is not ${lastBefore}
          on conflict (agent_id, day, slot) do update set members = members + excluded.members;
        delete from agent_member_last_play where user_id = new.user_id and ${lastAfter} is null;
        insert into agent_member_last_play (user_id, day)
          select new.user_id, ${lastAfter} where ${lastAfter} is not null and ${lastAfter} is not ${lastBefore}
          on conflict (user_id) do update set day = excluded.day;
      end`);
  };
  await onPlay('insert').execute(db);
  await onPlay('update').execute(db);
  await sql
    .raw(`create trigger agent_team_on_bind after insert on agent_tree
      begin
        insert into agent_team_days (agent_id, day, slot, valid_bet, active_members)
          select new.ancestor_id, g.day, new.descendant_id % ${SLOTS}, sum(g.valid_bet), sum(g.rounds) > 0
          from game_daily_valid g where g.user_id = new.descendant_id group by g.day
          on conflict (agent_id, day, slot) do update set
            valid_bet = valid_bet + excluded.valid_bet,
            active_members = active_members + excluded.active_members;
        insert into agent_team_active (agent_id, day, slot, members)
          select new.ancestor_id, p.day, new.descendant_id % ${SLOTS}, 1
          from agent_member_last_play p where p.user_id = new.descendant_id
          on conflict (agent_id, day, slot) do update set members = members + excluded.members;
        insert into agent_team_sizes (agent_id, direct, total)
          values (new.ancestor_id, new.depth = 1, 1)
          on conflict (agent_id) do update set
            direct = direct + excluded.direct, total = total + excluded.total;
        insert into agent_team_money (agent_id, quarter, deposits, withdrawals, new_members)
          select new.ancestor_id, m.quarter, m.deposits, m.withdrawals, m.new_members
          from (${ownMoney('new.descendant_id')}) m where true
          on conflict (agent_id, quarter) do update set
            deposits = deposits + excluded.deposits, withdrawals = withdrawals + excluded.withdrawals,
            new_members = new_members + excluded.new_members;
      end`)
    .execute(db);
  for (const { table, column, at } of MONEY) {
    const move = (row: 'old' | 'new', sign: '' | '-') => `
        insert into agent_team_money (agent_id, quarter, ${column})
          select t.ancestor_id, ${row}.${at} / ${QUARTER_MS}, ${sign}${row}.amount
          from agent_tree t where t.descendant_id = ${row}.user_id and ${counted(row, at)}
          on conflict (agent_id, quarter) do update set ${column} = ${column} + excluded.${column};`;
    await sql
      .raw(`create trigger agent_team_on_${column}_insert after insert on ${table}
        when ${counted('new', at)}
        begin ${move('new', '')} end`)
      .execute(db);
    await sql
      .raw(`create trigger agent_team_on_${column}_update after update on ${table}
        when (${counted('old', at)}) or (${counted('new', at)})
        begin ${move('old', '-')} ${move('new', '')} end`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create function agent_team_on_play() returns trigger language plpgsql as $$
      declare
        old_valid bigint := 0;
        old_rounds bigint := 0;
        day_rounds bigint;
        active_delta integer;
        last_before varchar(10);
        last_after varchar(10);
      begin
        if tg_op = 'UPDATE' then
          old_valid := old.valid_bet;
          old_rounds := old.rounds;
        end if;
        if new.valid_bet <> old_valid or new.rounds <> old_rounds then
          select coalesce(sum(g.rounds), 0) into day_rounds from game_daily_valid g
            where g.user_id = new.user_id and g.day = new.day;
          active_delta := (case when day_rounds > 0 then 1 else 0 end)
            - (case when day_rounds - (new.rounds - old_rounds) > 0 then 1 else 0 end);
          insert into agent_team_days (agent_id, day, slot, valid_bet, active_members)
            select t.ancestor_id, new.day, new.user_id % ${SLOTS}, new.valid_bet - old_valid, active_delta
            from agent_tree t where t.descendant_id = new.user_id
            on conflict (agent_id, day, slot) do update set
              valid_bet = agent_team_days.valid_bet + excluded.valid_bet,
              active_members = agent_team_days.active_members + excluded.active_members;
        end if;
        select p.day into last_before from agent_member_last_play p where p.user_id = new.user_id;
        select max(g.day) into last_after from game_daily_valid g
          where g.user_id = new.user_id and g.rounds > 0;
        if last_before is distinct from last_after then
          insert into agent_team_active (agent_id, day, slot, members)
            select t.ancestor_id, m.day, new.user_id % ${SLOTS}, m.members
            from agent_tree t
            cross join (values (last_before, -1), (last_after, 1)) as m (day, members)
            where t.descendant_id = new.user_id and m.day is not null
            on conflict (agent_id, day, slot) do update set
              members = agent_team_active.members + excluded.members;
          if last_after is null then
            delete from agent_member_last_play where user_id = new.user_id;
          else
            insert into agent_member_last_play (user_id, day) values (new.user_id, last_after)
              on conflict (user_id) do update set day = excluded.day;
          end if;
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql`create trigger agent_team_on_play after insert or update on game_daily_valid
    for each row execute function agent_team_on_play()`.execute(db);
  await sql
    .raw(`create function agent_team_on_bind() returns trigger language plpgsql as $$
      begin
        insert into agent_team_days (agent_id, day, slot, valid_bet, active_members)
          select new.ancestor_id, g.day, new.descendant_id % ${SLOTS}, sum(g.valid_bet),
            case when sum(g.rounds) > 0 then 1 else 0 end
          from game_daily_valid g where g.user_id = new.descendant_id group by g.day
          on conflict (agent_id, day, slot) do update set
            valid_bet = agent_team_days.valid_bet + excluded.valid_bet,
            active_members = agent_team_days.active_members + excluded.active_members;
        insert into agent_team_active (agent_id, day, slot, members)
          select new.ancestor_id, p.day, new.descendant_id % ${SLOTS}, 1
          from agent_member_last_play p where p.user_id = new.descendant_id
          on conflict (agent_id, day, slot) do update set members = agent_team_active.members + excluded.members;
        insert into agent_team_sizes (agent_id, direct, total)
          values (new.ancestor_id, case when new.depth = 1 then 1 else 0 end, 1)
          on conflict (agent_id) do update set
            direct = agent_team_sizes.direct + excluded.direct, total = agent_team_sizes.total + excluded.total;
        insert into agent_team_money (agent_id, quarter, deposits, withdrawals, new_members)
          select new.ancestor_id, m.quarter, m.deposits, m.withdrawals, m.new_members
          from (${ownMoney('new.descendant_id')}) m
          on conflict (agent_id, quarter) do update set
            deposits = agent_team_money.deposits + excluded.deposits,
            withdrawals = agent_team_money.withdrawals + excluded.withdrawals,
            new_members = agent_team_money.new_members + excluded.new_members;
        return null;
      end $$`)
    .execute(db);
  await sql`create trigger agent_team_on_bind after insert on agent_tree
    for each row execute function agent_team_on_bind()`.execute(db);
  for (const { table, column, at } of MONEY) {
    const move = (row: 'old' | 'new', sign: '' | '-') => `
          insert into agent_team_money (agent_id, quarter, ${column})
            select t.ancestor_id, ${row}.${at} / ${QUARTER_MS}, ${sign}${row}.amount
            from agent_tree t where t.descendant_id = ${row}.user_id
            on conflict (agent_id, quarter) do update set
              ${column} = agent_team_money.${column} + excluded.${column};`;
    await sql
      .raw(`create function agent_team_on_${column}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            if ${counted('old', at)} then ${move('old', '-')} end if;
          end if;
          if ${counted('new', at)} then ${move('new', '')} end if;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger agent_team_on_${column} after insert or update on ${table}
        for each row execute function agent_team_on_${column}()`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table, column } of MONEY) {
      await sql.raw(`drop trigger agent_team_on_${column} on ${table}`).execute(db);
      await sql.raw(`drop function agent_team_on_${column}()`).execute(db);
    }
    await sql`drop trigger agent_team_on_bind on agent_tree`.execute(db);
    await sql`drop trigger agent_team_on_play on game_daily_valid`.execute(db);
    await sql`drop function agent_team_on_bind()`.execute(db);
    await sql`drop function agent_team_on_play()`.execute(db);
  } else {
    for (const trigger of [
      'agent_team_on_withdrawals_update',
      'agent_team_on_withdrawals_insert',
      'agent_team_on_deposits_update',
      'agent_team_on_deposits_insert',
      'agent_team_on_bind',
      'agent_team_on_play_update',
      'agent_team_on_play_insert',
    ])
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  }
  for (const table of [
    'agent_team_money',
    'agent_team_sizes',
    'agent_member_last_play',
    'agent_team_active',
    'agent_team_days',
  ])
    await db.schema.dropTable(table).execute();
}
