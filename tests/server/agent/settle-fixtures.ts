import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { addDays, businessDay, type Day } from '../../../server/business-days';
import type { AppContext } from '../../../server/context';
import type { Db } from '../../../server/db/create-db';
import { settleDay } from '../../../server/modules/agent/settlement';
import { newUserDefaults } from '../../../server/modules/auth/service';
import { accountBalance, earningsAccount, systemAccount } from '../../../server/modules/ledger/service';
import type { TestServer } from '../harness';
import { newUser, seedSites, type WalletUser } from '../wallet/helpers';

// Fixtures of the settlement tests: users, links of the team tree and ratio versions written straight into
// the tables (the tree's own rules are tested in bind.test.ts and ratios.test.ts), daily valid bets as the
// games module keeps them, and readers of what a settlement wrote.

export const ctxOf = (server: TestServer): AppContext => server.app.ctx;

export const todayOf = (server: TestServer): Day => businessDay(server.clock.now(), 'Asia/Manila');

/** Moves the test clock to the next business day (plus a little). */
export function nextDay(server: TestServer): void {
  const today = todayOf(server);
  while (todayOf(server) === today) server.clock.advance(3_600_000);
}

let counter = 0;
const prefix = randomBytes(2).toString('hex').toUpperCase();

/** Bare users (no session, no ledger accounts): their ids. */
export async function bareUsers(db: Db, n: number, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const k = ++counter;
      rows.push({
        // A new account's columns as the server writes them; what these tests tell apart is set after.
        ...newUserDefaults(),
        uid: 70_000_000 + Number.parseInt(prefix, 16) * 1000 + k,
        area_code: '63',
        phone: `9${String(k).padStart(9, '0')}`,
        username: `s${prefix}${k}`,
        password_hash: 'x',
        job: 1,
        invite_code: `S${prefix}${k}`,
        created_at: now,
        updated_at: now,
      });
    }
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/** A link of the tree: `member` (a leaf so far) under `agent` and the agent's whole chain, from `day` on. */
export async function link(db: Db, memberId: number, agentId: number, day: Day): Promise<void> {
  const above = await db
    .selectFrom('agent_tree')
    .select(['ancestor_id', 'depth'])
    .where('descendant_id', '=', agentId)
    .execute();
  await db
    .insertInto('agent_tree')
    .values([
      { ancestor_id: agentId, descendant_id: memberId, depth: 1, effective_day: day },
      ...above.map((a) => ({
        ancestor_id: Number(a.ancestor_id),
        descendant_id: memberId,
        depth: Number(a.depth) + 1,
        effective_day: day,
      })),
    ])
    .execute();
  const agent = await db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ invited_by: agent.invite_code }).where('id', '=', memberId).execute();
}

/** A ratio version (basis points per channel) from `day` on. */
export async function setRatios(
  db: Db,
  userId: number,
  ratios: Record<string, number>,
  day: Day,
  now = 0,
): Promise<void> {
  await db
    .insertInto('agent_ratios')
    .values(
      Object.entries(ratios).map(([channel, bp]) => ({
        user_id: userId,
        channel_code: channel,
        ratio_bp: bp,
        effective_day: day,
        set_by: null,
        created_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'channel_code', 'effective_day']).doUpdateSet((eb) => ({
        ratio_bp: eb.ref('excluded.ratio_bp'),
      })),
    )
    .execute();
}

/** Valid bets of a member's day and channel, as closing rounds add them. */
export async function addValid(
  db: Db,
  userId: number,
  day: Day,
  channel: string,
  validBet: number,
): Promise<void> {
  await db
    .insertInto('game_daily_valid')
    .values({
      user_id: userId,
      day,
      channel_code: channel,
      rounds: 1,
      bet: validBet,
      win: 0,
      valid_bet: validBet,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day', 'channel_code']).doUpdateSet({
        rounds: sql`game_daily_valid.rounds + 1`,
        bet: sql`game_daily_valid.bet + excluded.bet`,
        valid_bet: sql`game_daily_valid.valid_bet + excluded.valid_bet`,
      }),
    )
    .execute();
}

export interface StoredLine {
  day: string;
  kind: 'rakeback' | 'commission';
  earner: number;
  member: number;
  channel: string;
  depth: number;
  validBet: number;
  ratio: number;
  below: number;
  amount: number;
  correctsDay: string | null;
  holdId: number | null;
  tx: number | null;
}

export async function linesOf(db: Db, where: { day?: Day } = {}): Promise<StoredLine[]> {
  let q = db.selectFrom('agent_lines').selectAll();
  if (where.day) q = q.where('day', '=', where.day);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    day: r.day,
    kind: r.kind,
    earner: Number(r.earner_id),
    member: Number(r.member_id),
    channel: r.channel_code,
    depth: Number(r.depth),
    validBet: Number(r.valid_bet),
    ratio: Number(r.ratio_bp),
    below: Number(r.below_ratio_bp),
    amount: Number(r.amount),
    correctsDay: r.corrects_day,
    holdId: r.hold_id === null ? null : Number(r.hold_id),
    tx: r.ledger_transaction_id === null ? null : Number(r.ledger_transaction_id),
  }));
}

export const earnings = (db: Db, userId: number, kind: 'rakeback' | 'commission' | 'held') =>
  accountBalance(db, earningsAccount(userId, kind));

export const systemBalance = (db: Db, code: 'rakeback' | 'commission') =>
  accountBalance(db, systemAccount(code));

/** The settlement's postings (source `settlement`). */
export async function settlementPostings(db: Db): Promise<{ id: number; ref: string; type: string }[]> {
  const rows = await db
    .selectFrom('ledger_transactions')
    .select(['id', 'external_ref', 'type'])
    .where('external_source', '=', 'settlement')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), ref: r.external_ref as string, type: r.type }));
}

/**
 * Every line with a transaction is in that transaction, on the earner's account of its kind, unless the
 * earner's lines of that kind in it net to zero (a day's line and a correction cancelling out): the ledger
 * keeps no zero entries, so such a posting moves nothing for that earner.
 */
export async function expectLinesTraceable(db: Db): Promise<void> {
  const rows = await sql<{ n: number | string }>`
    select count(*) as n from agent_lines l
    where l.ledger_transaction_id is not null and not exists (
      select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where e.transaction_id = l.ledger_transaction_id
        and a.code = ${sql.lit('earn:')} || cast(l.earner_id as varchar(20)) || ':' ||
          (case when l.kind = 'rakeback' then 'rakeback' else 'commission' end)
    ) and (
      select sum(o.amount) from agent_lines o where o.ledger_transaction_id = l.ledger_transaction_id
        and o.earner_id = l.earner_id and o.kind = l.kind
    ) <> 0`.execute(db);
  expect(Number(rows.rows[0]?.n)).toBe(0);
}

/**
 * The statement's daily totals kept by migration 0027's triggers equal the lines they sum, recomputed: per
 * earner, kind and day, every line but those of a cancelled hold (a row left with no line sums to nothing).
 */
export async function expectLineDaysKept(db: Db): Promise<void> {
  const recomputed = await sql<{ key: string; amount: unknown; valid_bet: unknown; lines: unknown }>`
    select l.earner_id || '|' || l.kind || '|' || l.day as key, sum(l.amount) as amount,
      sum(l.valid_bet) as valid_bet, count(*) as lines
    from agent_lines l left join agent_holds h on h.id = l.hold_id
    where h.state is null or h.state <> 'cancelled'
    group by l.earner_id, l.kind, l.day`.execute(db);
  const kept = await db.selectFrom('agent_line_days').selectAll().execute();
  const figures = (r: { amount: unknown; valid_bet: unknown; lines: unknown }) =>
    [Number(r.amount), Number(r.valid_bet), Number(r.lines)].join(' ');
  const expected = new Map(recomputed.rows.map((r) => [r.key, figures(r)]));
  const actual = new Map(
    kept
      .map((r) => [`${r.earner_id}|${r.kind}|${r.day}`, figures(r)] as const)
      .filter(([key, f]) => expected.has(key) || f !== '0 0 0'),
  );
  expect(actual).toEqual(expected);
}

/** A line as the recomputation below states it: what a stored line says of who earns what, without its bookkeeping. */
export type ExpectedLine = Pick<
  StoredLine,
  'kind' | 'earner' | 'member' | 'channel' | 'depth' | 'validBet' | 'amount'
>;

const floorShare = (validBet: number, bp: number): number =>
  Number((BigInt(validBet) * BigInt(bp)) / 10_000n);

/**
 * A day's lines recomputed from the tables and decision 0017 alone (not through the server's code): each
 * member's valid bet of the day per channel, their chain of links effective on the day ordered by depth,
 * each one's latest ratio version on or before the day (0 without one), the member's rake back
 * floor(V x r0) and each ancestor's floor(V x ri) - floor(V x r(i-1)). Ratios are taken as they are: the
 * data must keep the ceiling (r0 <= r1 <= ...). Lines of 0 are left out, as the settlement leaves them.
 */
export async function expectedLines(db: Db, day: Day): Promise<ExpectedLine[]> {
  const bets = await db.selectFrom('game_daily_valid').selectAll().where('day', '=', day).execute();
  const links = await db.selectFrom('agent_tree').selectAll().where('effective_day', '<=', day).execute();
  const versions = await db
    .selectFrom('agent_ratios')
    .selectAll()
    .where('effective_day', '<=', day)
    .execute();
  const ratio = new Map<string, { day: string; bp: number }>();
  for (const v of versions) {
    const key = `${Number(v.user_id)}:${v.channel_code}`;
    const known = ratio.get(key);
    if (!known || known.day < v.effective_day)
      ratio.set(key, { day: v.effective_day, bp: Number(v.ratio_bp) });
  }
  const bpOf = (user: number, channel: string) => ratio.get(`${user}:${channel}`)?.bp ?? 0;
  const above = new Map<number, { user: number; depth: number }[]>();
  for (const l of links) {
    const list = above.get(Number(l.descendant_id)) ?? [];
    list.push({ user: Number(l.ancestor_id), depth: Number(l.depth) });
    above.set(Number(l.descendant_id), list);
  }
  const out: ExpectedLine[] = [];
  for (const bet of bets) {
    const member = Number(bet.user_id);
    const v = Number(bet.valid_bet);
    if (v <= 0) continue;
    const up = [...(above.get(member) ?? [])].sort((a, b) => a.depth - b.depth);
    const chain = [{ user: member, depth: 0 }, ...up];
    let paid = 0;
    for (const [i, link] of chain.entries()) {
      const total = floorShare(v, bpOf(link.user, bet.channel_code));
      const amount = total - paid;
      paid = total;
      if (amount !== 0)
        out.push({
          kind: i === 0 ? 'rakeback' : 'commission',
          earner: link.user,
          member,
          channel: bet.channel_code,
          depth: link.depth,
          validBet: v,
          amount,
        });
    }
  }
  return out;
}

/** Lines as comparable strings (order-free comparison with toEqual after sorting). */
export const lineKeys = (lines: readonly (ExpectedLine | StoredLine)[]): string[] =>
  lines
    .map((l) => `${l.kind}|${l.earner}|${l.member}|${l.channel}|${l.depth}|${l.validBet}|${l.amount}`)
    .sort();

/**
 * An agent and their member with one settled day behind them: ratios 10 % (agent) and 1 % (member) on slots,
 * 5,000.00 valid, so the member's rake back is 50.00 and the agent's commission 450.00. For tests of what is
 * done with earnings (moving them to the balance, listing the moves).
 */
export async function agentWithSettledDay(
  server: TestServer,
): Promise<{ agent: WalletUser; player: WalletUser }> {
  await seedSites(server);
  const agent = await newUser(server, { safePassword: null });
  const player = await newUser(server, { safePassword: null });
  await link(server.db, player.id, agent.id, '2000-01-01');
  await setRatios(server.db, agent.id, { slots: 1000 }, '2000-01-01');
  await setRatios(server.db, player.id, { slots: 100 }, '2000-01-01');
  await addValid(server.db, player.id, todayOf(server), 'slots', 5000_00);
  nextDay(server);
  await settleDay(ctxOf(server), addDays(todayOf(server), -1));
  return { agent, player };
}
