import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../create-db';

/*
 * Issue 14 (decision 0035): an earner's statement totals per kind and business day, kept by triggers as
 * 0012's team figures are. A report, the summary's "yesterday" and the rake back history summed the
 * statement's lines, one index entry per line: a top agent's settled day is some 55,000 commission lines,
 * and a month thirty such days. They read one row per day now; the console's report a row per earner and
 * day instead of one per line.
 *
 * What a row sums is what the statement shows: every line of the earner, kind and day but those of a
 * cancelled hold (never the earner's). So a line counts when it is written unless its hold is cancelled
 * already (a correction booked against it), and a hold's lines leave the totals when it is cancelled (held
 * -> cancelled is the only way a hold leaves `held` but release, which changes nothing here).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_line_days')
    .addColumn('earner_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('agent_line_days_pk', ['earner_id', 'kind', 'day'])
    .execute();
  // The console's report: every earner's totals of a span of days, from the index alone.
  await db.schema
    .createIndex('agent_line_days_day_idx')
    .on('agent_line_days')
    .columns(['day', 'kind', 'earner_id', 'amount'])
    .execute();
  await sql`insert into agent_line_days (earner_id, kind, day, amount, valid_bet, lines)
    select l.earner_id, l.kind, l.day, sum(l.amount), sum(l.valid_bet), count(*)
    from agent_lines l left join agent_holds h on h.id = l.hold_id
    where h.state is null or h.state <> 'cancelled'
    group by l.earner_id, l.kind, l.day`.execute(db);

  // A cancelled hold's lines: the agent's commission lines from the hold's day on that name it (the
  // statement index's order, so the trigger reads the index alone).
  const cancelledLines = (hold: string) => `select l.earner_id, l.kind, l.day, -sum(l.amount) as amount,
      -sum(l.valid_bet) as valid_bet, -count(*) as lines
    from agent_lines l
    where l.earner_id = ${hold}.agent_id and l.kind = 'commission' and l.day >= ${hold}.day
      and l.hold_id = ${hold}.id
    group by l.earner_id, l.kind, l.day`;

  if (isPostgres(db)) {
    // Settlement writes hundreds of lines to a statement: one grouped upsert per statement, in key order
    // (two writers lock the rows they share in the same order).
    await sql`create function agent_line_days_on_lines() returns trigger language plpgsql as $$
      begin
        insert into agent_line_days (earner_id, kind, day, amount, valid_bet, lines)
          select n.earner_id, n.kind, n.day, sum(n.amount), sum(n.valid_bet), count(*)
          from new_lines n left join agent_holds h on h.id = n.hold_id
          where h.state is distinct from 'cancelled'
          group by n.earner_id, n.kind, n.day
          order by n.earner_id, n.kind, n.day
          on conflict (earner_id, kind, day) do update set
            amount = agent_line_days.amount + excluded.amount,
            valid_bet = agent_line_days.valid_bet + excluded.valid_bet,
            lines = agent_line_days.lines + excluded.lines;
        return null;
      end $$`.execute(db);
    await sql`create trigger agent_line_days_on_lines after insert on agent_lines
      referencing new table as new_lines for each statement
      execute function agent_line_days_on_lines()`.execute(db);
    await sql
      .raw(`create function agent_line_days_on_cancel() returns trigger language plpgsql as $$
      begin
        insert into agent_line_days (earner_id, kind, day, amount, valid_bet, lines)
          ${cancelledLines('new')}
          order by 1, 2, 3
          on conflict (earner_id, kind, day) do update set
            amount = agent_line_days.amount + excluded.amount,
            valid_bet = agent_line_days.valid_bet + excluded.valid_bet,
            lines = agent_line_days.lines + excluded.lines;
        return null;
      end $$`)
      .execute(db);
    await sql`create trigger agent_line_days_on_cancel after update of state on agent_holds
      for each row when (old.state <> 'cancelled' and new.state = 'cancelled')
      execute function agent_line_days_on_cancel()`.execute(db);
    return;
  }
  await sql`create trigger agent_line_days_on_line after insert on agent_lines
    when new.hold_id is null
      or not exists (select 1 from agent_holds h where h.id = new.hold_id and h.state = 'cancelled')
    begin
      insert into agent_line_days (earner_id, kind, day, amount, valid_bet, lines)
        values (new.earner_id, new.kind, new.day, new.amount, new.valid_bet, 1)
        on conflict (earner_id, kind, day) do update set
          amount = amount + excluded.amount,
          valid_bet = valid_bet + excluded.valid_bet,
          lines = lines + excluded.lines;
    end`.execute(db);
  await sql
    .raw(`create trigger agent_line_days_on_cancel after update of state on agent_holds
    when old.state <> 'cancelled' and new.state = 'cancelled'
    begin
      insert into agent_line_days (earner_id, kind, day, amount, valid_bet, lines)
        ${cancelledLines('new')}
        on conflict (earner_id, kind, day) do update set
          amount = amount + excluded.amount,
          valid_bet = valid_bet + excluded.valid_bet,
          lines = lines + excluded.lines;
    end`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger agent_line_days_on_cancel on agent_holds`.execute(db);
    await sql`drop trigger agent_line_days_on_lines on agent_lines`.execute(db);
    await sql`drop function agent_line_days_on_cancel()`.execute(db);
    await sql`drop function agent_line_days_on_lines()`.execute(db);
  } else {
    await sql`drop trigger agent_line_days_on_cancel`.execute(db);
    await sql`drop trigger agent_line_days_on_line`.execute(db);
  }
  await db.schema.dropTable('agent_line_days').execute();
}
