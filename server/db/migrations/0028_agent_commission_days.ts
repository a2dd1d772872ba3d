import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../create-db';

/*
 * Issue 14 (decision 0037): each agent's commission on a business day's valid bets so far, kept by triggers
 * as 0012's team figures are, so the summary's "today's commission (estimated)" reads 16 rows instead of
 * every team member's day (a top agent's 53,670 members: about 100 ms at one caller on this 2-core host).
 *
 * A row sums, for the members whose link to the agent counts on that day, per member and channel:
 * floor(V x the agent's ratio) - floor(V x min(the ratio below, the agent's)), where "the ratio below" is
 * that of the agent's direct member on the path down (the member themself at depth 1): settlement's
 * commission line before holds. Each game_daily_valid write moves its ancestors' rows by the change of that
 * figure, with the ratios of the row's day.
 *
 * That is exact because what it reads of a day does not change once the day has valid bets: a ratio change
 * and a later bind count from the next business day (an agent's, an operator's, `/agent/bind`), and a bind
 * at registration counts from a day on which the new user has not played. So binds add no history here.
 * `slot` (the member's id mod 16) spreads a busy agent's day over 16 rows, as agent_team_days does.
 */

const SLOTS = 16;

/** A user's ratio in the row's channel on the row's day (`g` is the game_daily_valid row: NEW, or a join). */
const ratioOf = (user: string, g: string) => `coalesce((select r.ratio_bp from agent_ratios r
    where r.user_id = ${user} and r.channel_code = ${g}.channel_code and r.effective_day <= ${g}.day
    order by r.effective_day desc limit 1), 0)`;

/** The agent's direct member on the path down to `g`'s player, for the closure row `t`. */
const belowOf = (g: string) => `case when t.depth = 1 then ${g}.user_id else (select p.ancestor_id
    from agent_tree p where p.descendant_id = ${g}.user_id and p.depth = t.depth - 1) end`;

/** The agent's commission on a valid bet `v`, with the agent's ratio `s.mine` and the one below `s.below`. */
const shareOf = (v: string, least: string) =>
  `(${v} * s.mine / 10000 - ${v} * ${least}(s.below, s.mine) / 10000)`;

/** The agents over `g`'s player whose link counts on `g`'s day, with both ratios (a subquery `s`). */
const chainOf = (g: string) => `(select t.ancestor_id as agent_id, ${ratioOf('t.ancestor_id', g)} as mine,
      ${ratioOf(belowOf(g), g)} as below
    from agent_tree t where t.descendant_id = ${g}.user_id and t.effective_day <= ${g}.day) s`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_commission_days')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('agent_commission_days_pk', ['agent_id', 'day', 'slot'])
    .execute();

  if (isPostgres(db)) {
    // The chain read once with each ancestor's ratio, the shares worked out in a loop and written in one
    // statement: PostgreSQL planned 0012-style single statement (six correlated subqueries) afresh on every
    // call, 1.5 ms, and a statement per ancestor cost about 20 us each. Upwards from the member, each
    // ancestor's ratio is the next one's "ratio below"; the rows are written in that order (from the lower
    // agent to the higher on every path), so two round closes never wait on each other in a circle.
    await sql
      .raw(`create function agent_commission_on_play() returns trigger language plpgsql as $$
      declare
        old_valid bigint := 0;
        below integer;
        link record;
        agents bigint[] := '{}';
        amounts bigint[] := '{}';
      begin
        if tg_op = 'UPDATE' then
          old_valid := old.valid_bet;
        end if;
        if new.valid_bet = old_valid then
          return null;
        end if;
        for link in select t.ancestor_id, t.effective_day, ${ratioOf('t.ancestor_id', 'new')} as mine
            from agent_tree t where t.descendant_id = new.user_id order by t.depth loop
          if below is null then
            -- The member's own ratio, read only for a member with a chain (most players have none).
            below := ${ratioOf('new.user_id', 'new')};
          end if;
          if link.mine > 0 and link.effective_day <= new.day then
            agents := agents || link.ancestor_id;
            amounts := amounts || ((new.valid_bet * link.mine / 10000
                - new.valid_bet * least(below, link.mine) / 10000)
              - (old_valid * link.mine / 10000 - old_valid * least(below, link.mine) / 10000));
          end if;
          below := link.mine;
        end loop;
        if cardinality(agents) > 0 then
          insert into agent_commission_days (agent_id, day, slot, amount)
            select x.agent_id, new.day, new.user_id % ${SLOTS}, x.amount
            from unnest(agents, amounts) with ordinality as x (agent_id, amount, n)
            order by x.n
            on conflict (agent_id, day, slot) do update set
              amount = agent_commission_days.amount + excluded.amount;
        end if;
        return null;
      end $$`)
      .execute(db);
    await sql`create trigger agent_commission_on_play after insert or update on game_daily_valid
      for each row execute function agent_commission_on_play()`.execute(db);
  } else {
    for (const event of ['insert', 'update'] as const) {
      const oldValid = event === 'insert' ? '0' : 'old.valid_bet';
      await sql
        .raw(`create trigger agent_commission_on_play_${event} after ${event} on game_daily_valid
        when new.valid_bet <> ${oldValid}
        begin
          insert into agent_commission_days (agent_id, day, slot, amount)
            select s.agent_id, new.day, new.user_id % ${SLOTS},
              ${shareOf('new.valid_bet', 'min')} - ${shareOf(oldValid, 'min')}
            from ${chainOf('new')}
            where s.mine > 0
            on conflict (agent_id, day, slot) do update set amount = amount + excluded.amount;
        end`)
        .execute(db);
    }
  }
  await fillCommissionDays(db);
}

/**
 * The kept rows filled from what is there, as the triggers would have kept them. Run by `up` on existing
 * data, and by a bulk load that ran with triggers off (the agent bench's seed on PostgreSQL) after emptying
 * the table.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function fillCommissionDays(db: Kysely<any>): Promise<void> {
  const least = isPostgres(db) ? 'least' : 'min';
  await sql
    .raw(`insert into agent_commission_days (agent_id, day, slot, amount)
    select s.agent_id, s.day, s.user_id % ${SLOTS}, sum(${shareOf('s.valid_bet', least)})
    from (select t.ancestor_id as agent_id, g.day, g.user_id, g.valid_bet, ${ratioOf('t.ancestor_id', 'g')} as mine,
        ${ratioOf(belowOf('g'), 'g')} as below
      from agent_tree t join game_daily_valid g on g.user_id = t.descendant_id and g.day >= t.effective_day
      where g.valid_bet <> 0) s
    where s.mine > 0
    group by s.agent_id, s.day, s.user_id % ${SLOTS}`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger agent_commission_on_play on game_daily_valid`.execute(db);
    await sql`drop function agent_commission_on_play()`.execute(db);
  } else {
    await sql`drop trigger agent_commission_on_play_update`.execute(db);
    await sql`drop trigger agent_commission_on_play_insert`.execute(db);
  }
  await db.schema.dropTable('agent_commission_days').execute();
}
