import { CompiledQuery, type Selectable, sql } from 'kysely';
import type { Day } from '../../business-days';
import type { Db } from '../../db/create-db';
import { isPostgres } from '../../db/create-db';
import type { GameDailyValidTable } from '../games/tables';
import type {
  AgentCorrectionsTable,
  AgentLinesTable,
  AgentSettlementDaysTable,
  AgentTreeTable,
  HoldReason,
} from './tables';

/*
 * The SQL of a business day's settlement (decision 0017): its lease row, the day's valid bets, chains and
 * ratios read in bulk (a day is hundreds of thousands of rows: never a query per member), and its lines
 * written in large multi-row statements.
 */

const CHUNK = 1000;
const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

// ---- the day's row and its lease

/**
 * PostgreSQL: a business day's lock, held to the end of the transaction. A settlement creates the day's row
 * under it (exclusive) and a void decides whether it needs a correction under it (shared), so a void is
 * either seen by the settlement's read of the day or recorded as a correction, never neither. SQLite's write
 * transaction already serialises both.
 */
export async function lockDay(trx: Db, day: Day, mode: 'exclusive' | 'shared'): Promise<void> {
  if (!isPostgres(trx)) return;
  const key = Number(day.replaceAll('-', ''));
  if (mode === 'exclusive') await sql`select pg_advisory_xact_lock(1418, ${key})`.execute(trx);
  else await sql`select pg_advisory_xact_lock_shared(1418, ${key})`.execute(trx);
}

export type DayRow = Pick<
  Selectable<AgentSettlementDaysTable>,
  'day' | 'state' | 'lease_owner' | 'lease_until'
>;

export async function findDay(db: Db, day: Day): Promise<DayRow | undefined> {
  const row = await db
    .selectFrom('agent_settlement_days')
    .select(['day', 'state', 'lease_owner', 'lease_until'])
    .where('day', '=', day)
    .executeTakeFirst();
  return row && row;
}

/** The day's row, created running under this owner's lease: false when it exists already. */
export async function createDay(trx: Db, day: Day, owner: string, until: number): Promise<boolean> {
  const rows = await trx
    .insertInto('agent_settlement_days')
    .values({ day, state: 'running', lease_owner: owner, lease_until: until, settled_at: null })
    .onConflict((oc) => oc.column('day').doNothing())
    .returning('day')
    .execute();
  return rows.length === 1;
}

/** Takes (or renews) a running day's lease: when it ran out, or is this owner's already. */
export async function takeLease(
  trx: Db,
  day: Day,
  owner: string,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('agent_settlement_days')
    .set({ lease_owner: owner, lease_until: until })
    .where('day', '=', day)
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', '<=', now), eb('lease_owner', '=', owner)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renews the lease if this owner still holds it (PostgreSQL: the row stays locked to the transaction's end). */
export async function renewLease(trx: Db, day: Day, owner: string, until: number): Promise<boolean> {
  const result = await trx
    .updateTable('agent_settlement_days')
    .set({ lease_until: until })
    .where('day', '=', day)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishDay(trx: Db, day: Day, owner: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('agent_settlement_days')
    .set({ state: 'settled', settled_at: now, lease_owner: null, lease_until: 0 })
    .where('day', '=', day)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The latest settled day, and the days left running (a settlement that stopped half-way). */
export async function settlementProgress(db: Db): Promise<{ lastSettled: Day | null; running: Day[] }> {
  const [last, running] = await Promise.all([
    db
      .selectFrom('agent_settlement_days')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('state', '=', 'settled')
      .executeTakeFirst(),
    db
      .selectFrom('agent_settlement_days')
      .select('day')
      .where('state', '=', 'running')
      .orderBy('day')
      .execute(),
  ]);
  return { lastSettled: last?.day ?? null, running: running.map((r) => r.day) };
}

/** The first business day anyone bet on. */
export async function firstBetDay(db: Db): Promise<Day | null> {
  const row = await db
    .selectFrom('game_daily_valid')
    .select((eb) => eb.fn.min('day').as('day'))
    .executeTakeFirst();
  return row?.day ?? null;
}

// ---- corrections

/** At a day's first lease: every correction not booked yet, of an earlier day, is this day's to book. */
export async function claimCorrections(trx: Db, day: Day): Promise<void> {
  await trx
    .updateTable('agent_corrections')
    .set({ booked_day: day })
    .where('booked_day', 'is', null)
    .where('round_day', '<', day)
    .execute();
}

const correctionColumns = ['id', 'user_id', 'channel_code', 'round_day', 'valid_bet_delta'] as const;
export type CorrectionRow = Pick<Selectable<AgentCorrectionsTable>, (typeof correctionColumns)[number]>;

export async function correctionsBookedOn(db: Db, day: Day): Promise<CorrectionRow[]> {
  const rows = await db
    .selectFrom('agent_corrections')
    .select(correctionColumns)
    .where('booked_day', '=', day)
    .orderBy('id')
    .execute();
  return rows;
}

/** Every correction of these members' rounds of one day (all bookings), oldest first. */
export async function correctionsOfDay(
  db: Db,
  roundDay: Day,
  userIds: readonly number[],
): Promise<CorrectionRow[]> {
  const rows: CorrectionRow[] = [];
  for (const part of chunks([...new Set(userIds)]))
    rows.push(
      ...(await db
        .selectFrom('agent_corrections')
        .select(correctionColumns)
        .where('round_day', '=', roundDay)
        .where('user_id', 'in', part)
        .execute()),
    );
  return rows.sort((a, b) => a.id - b.id);
}

export async function insertCorrection(
  trx: Db,
  row: { roundId: number; userId: number; channel: string; roundDay: Day; delta: number; now: number },
): Promise<void> {
  await trx
    .insertInto('agent_corrections')
    .values({
      round_id: row.roundId,
      user_id: row.userId,
      channel_code: row.channel,
      round_day: row.roundDay,
      valid_bet_delta: row.delta,
      booked_day: null,
      created_at: row.now,
    })
    .execute();
}

// ---- the day's inputs

export type ValidBetRow = Pick<Selectable<GameDailyValidTable>, 'user_id' | 'channel_code' | 'valid_bet'>;

/**
 * Each member's valid bets of a day per channel, as they were when the day's settlement began: today's sums
 * with every correction of the day taken back out (a round voided since counted at settlement, one closed
 * since did not, and each is corrected by lines of its own). One statement, so the sums and the corrections
 * are read at one instant: a void or a late close changes both in one transaction.
 */
export async function dayValidBets(db: Db, day: Day, userIds?: readonly number[]): Promise<ValidBetRow[]> {
  const only = (column: string) =>
    userIds ? sql`and ${sql.ref(column)} in (${sql.join(userIds.map((id) => sql`${id}`))})` : sql``;
  const result = await sql<ValidBetRow>`
    select user_id, channel_code, sum(valid_bet) as valid_bet from (
      select user_id, channel_code, valid_bet from game_daily_valid where day = ${day} ${only('user_id')}
      union all
      select user_id, channel_code, -valid_bet_delta as valid_bet from agent_corrections
        where round_day = ${day} ${only('user_id')}
    ) v
    group by user_id, channel_code`.execute(db);
  return result.rows;
}

/** What a resumed settlement used already: the valid bet of each (member, channel) it wrote lines for. */
export async function validBetsOfLines(db: Db, day: Day): Promise<ValidBetRow[]> {
  const rows = await db
    .selectFrom('agent_lines')
    .select(['member_id as user_id', 'channel_code', (eb) => eb.fn.max('valid_bet').as('valid_bet')])
    .where('day', '=', day)
    .where('corrects_day', 'is', null)
    .groupBy(['member_id', 'channel_code'])
    .execute();
  return rows;
}

export type ChainRow = Pick<Selectable<AgentTreeTable>, 'ancestor_id' | 'descendant_id' | 'depth'>;

/** The links counting on a day of the members who bet on it (or of the given members). */
export async function chainsOnDay(db: Db, day: Day, userIds?: readonly number[]): Promise<ChainRow[]> {
  const rows: ChainRow[] = [];
  const base = db
    .selectFrom('agent_tree')
    .select(['ancestor_id', 'descendant_id', 'depth'])
    .where('effective_day', '<=', day);
  if (userIds) {
    for (const part of chunks([...new Set(userIds)]))
      for (const r of await base.where('descendant_id', 'in', part).execute()) rows.push(r);
  } else {
    const all = await base
      .where('descendant_id', 'in', (eb) =>
        eb.selectFrom('game_daily_valid').select('user_id').where('day', '=', day),
      )
      .execute();
    for (const r of all) rows.push(r);
  }
  return rows;
}

/** Everyone's ratio per channel on a day (the latest version on or before it), or only these users'. */
export async function ratiosOn(
  db: Db,
  day: Day,
  userIds?: readonly number[],
): Promise<Map<number, Map<string, number>>> {
  const rows: { user_id: number; channel_code: string; ratio_bp: number; effective_day: string }[] = [];
  const base = db
    .selectFrom('agent_ratios')
    .select(['user_id', 'channel_code', 'ratio_bp', 'effective_day'])
    .where('effective_day', '<=', day);
  if (userIds)
    for (const part of chunks([...new Set(userIds)]))
      for (const r of await base.where('user_id', 'in', part).execute()) rows.push(r);
  else for (const r of await base.execute()) rows.push(r);
  // A later version overwrites an earlier one.
  rows.sort((a, b) => (a.effective_day < b.effective_day ? -1 : a.effective_day > b.effective_day ? 1 : 0));
  const result = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const userId = r.user_id;
    let channels = result.get(userId);
    if (!channels) {
      channels = new Map();
      result.set(userId, channels);
    }
    channels.set(r.channel_code, r.ratio_bp);
  }
  return result;
}

// ---- holds decided at settlement

export interface SharedSignal {
  agent_id: number;
  member_id: number;
  kind: 'ip' | 'device';
}

/**
 * Links of the day's bettors to their agents where both were seen at one IP address or device. Driven by
 * the tree (each link checks the member's few signals against the agent's by primary key), so an address
 * shared by thousands of strangers costs nothing.
 */
export async function sharedSignals(db: Db, day: Day): Promise<SharedSignal[]> {
  const rows = await db
    .selectFrom('agent_tree as t')
    .innerJoin('user_signals as m', 'm.user_id', 't.descendant_id')
    .innerJoin('user_signals as a', (join) =>
      join
        .onRef('a.user_id', '=', 't.ancestor_id')
        .onRef('a.kind', '=', 'm.kind')
        .onRef('a.value_hash', '=', 'm.value_hash'),
    )
    .select(['t.ancestor_id as agent_id', 't.descendant_id as member_id', 'm.kind'])
    .where('t.effective_day', '<=', day)
    .where('t.descendant_id', 'in', (eb) =>
      eb.selectFrom('game_daily_valid').select('user_id').where('day', '=', day),
    )
    .distinct()
    .execute();
  return rows.map((r) => ({ agent_id: r.agent_id, member_id: r.member_id, kind: r.kind }));
}

/** What a fast deposit is judged on: each member's registration time, first completed deposit, first address. */
export async function registrationFacts(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, { createdAt: number; firstDeposit: number | null; firstIp: string | null }>> {
  const facts = new Map<number, { createdAt: number; firstDeposit: number | null; firstIp: string | null }>();
  for (const part of chunks([...new Set(memberIds)])) {
    const users = await db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.created_at',
        (eb) =>
          eb
            .selectFrom('deposit_orders as d')
            .select((e) => e.fn.min('d.completed_at').as('t'))
            .whereRef('d.user_id', '=', 'u.id')
            .where('d.state', '=', 'Success')
            .as('first_deposit'),
      ])
      .where('u.id', 'in', part)
      .execute();
    for (const u of users)
      facts.set(u.id, {
        createdAt: u.created_at,
        firstDeposit: u.first_deposit,
        firstIp: null,
      });
    const ips = await db
      .selectFrom('user_signals')
      .select(['user_id', 'value_hash', 'first_seen'])
      .where('kind', '=', 'ip')
      .where('user_id', 'in', part)
      .orderBy('first_seen')
      .execute();
    for (const ip of ips) {
      const f = facts.get(ip.user_id);
      if (f && f.firstIp === null) f.firstIp = ip.value_hash;
    }
  }
  return facts;
}

/** Whether each (user, IP hash) pair was seen. */
export async function seenAt(
  db: Db,
  pairs: readonly { userId: number; hash: string }[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const part of chunks(pairs, 300)) {
    const rows = await db
      .selectFrom('user_signals')
      .select(['user_id', 'value_hash'])
      .where('kind', '=', 'ip')
      .where((eb) =>
        eb.or(part.map((p) => eb.and([eb('user_id', '=', p.userId), eb('value_hash', '=', p.hash)]))),
      )
      .execute();
    for (const r of rows) seen.add(`${r.user_id}:${r.value_hash}`);
  }
  return seen;
}

// ---- writing a batch

export interface HoldRef {
  id: number;
  agent_id: number;
  member_id: number;
  day: Day;
  state: 'held' | 'released' | 'cancelled';
}

/** The holds of these (agent, member, day) triples, locked to the transaction's end on PostgreSQL. */
export async function lockHolds(
  trx: Db,
  keys: readonly { agentId: number; memberId: number; day: Day }[],
): Promise<HoldRef[]> {
  const found: HoldRef[] = [];
  for (const part of chunks(keys, 300)) {
    let q = trx
      .selectFrom('agent_holds')
      .select(['id', 'agent_id', 'member_id', 'day', 'state'])
      .where((eb) =>
        eb.or(
          part.map((k) =>
            eb.and([eb('agent_id', '=', k.agentId), eb('member_id', '=', k.memberId), eb('day', '=', k.day)]),
          ),
        ),
      )
      .orderBy('id');
    if (isPostgres(trx)) q = q.forUpdate();
    for (const r of await q.execute())
      found.push({
        id: r.id,
        agent_id: r.agent_id,
        member_id: r.member_id,
        day: r.day,
        state: r.state,
      });
  }
  return found;
}

/** New holds of a day; their ids by `agent:member`. */
export async function insertHolds(
  trx: Db,
  holds: readonly {
    agentId: number;
    memberId: number;
    day: Day;
    amount: number;
    reason: HoldReason;
    transactionId: number;
    now: number;
  }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(holds, 500)) {
    const rows = await trx
      .insertInto('agent_holds')
      .values(
        part.map((h) => ({
          agent_id: h.agentId,
          member_id: h.memberId,
          day: h.day,
          amount: h.amount,
          reason: h.reason,
          state: 'held' as const,
          hold_transaction_id: h.transactionId,
          resolve_transaction_id: null,
          resolved_by: null,
          resolve_note: null,
          created_at: h.now,
          resolved_at: null,
        })),
      )
      .returning(['id', 'agent_id', 'member_id'])
      .execute();
    for (const r of rows) ids.set(`${r.agent_id}:${r.member_id}`, r.id);
  }
  return ids;
}

/** A correction booked against commission still held: the hold's amount follows it. */
export async function addToHold(trx: Db, holdId: number, delta: number): Promise<void> {
  await trx
    .updateTable('agent_holds')
    .set((eb) => ({ amount: eb('amount', '+', delta) }))
    .where('id', '=', holdId)
    .execute();
}

/** A line as written: every column but the generated id. */
export type LineRow = Omit<Selectable<AgentLinesTable>, 'id'>;

const LINE_COLUMNS = [
  'day',
  'kind',
  'earner_id',
  'member_id',
  'channel_code',
  'depth',
  'valid_bet',
  'ratio_bp',
  'below_ratio_bp',
  'amount',
  'corrects_day',
  'hold_id',
  'ledger_transaction_id',
  'created_at',
] as const satisfies readonly (keyof LineRow)[];
const LINES_PER_STATEMENT = 500;

/** The statement inserting `rows` lines, per dialect (kept: a day's settlement runs it thousands of times). */
const lineStatements = new Map<string, string>();
function lineStatement(postgres: boolean, rows: number): string {
  const key = `${postgres}:${rows}`;
  let text = lineStatements.get(key);
  if (!text) {
    let n = 0;
    const values = Array.from(
      { length: rows },
      () => `(${LINE_COLUMNS.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`,
    );
    text = `insert into agent_lines (${LINE_COLUMNS.join(', ')}) values ${values.join(', ')}`;
    lineStatements.set(key, text);
  }
  return text;
}

/** Statement lines, hundreds to a statement (a day writes hundreds of thousands). */
export async function insertLines(trx: Db, lines: readonly LineRow[]): Promise<void> {
  const postgres = isPostgres(trx);
  for (const part of chunks(lines, LINES_PER_STATEMENT)) {
    const parameters: unknown[] = [];
    for (const line of part) for (const column of LINE_COLUMNS) parameters.push(line[column]);
    await trx.executeQuery(CompiledQuery.raw(lineStatement(postgres, part.length), parameters));
  }
}

/**
 * The lines of a hold, moved with its release: the agent's commission lines of the hold's day, and
 * corrections booked later against it (through the earner index, from the hold's day on).
 */
export async function setHoldLinesTransaction(
  trx: Db,
  hold: { id: number; agentId: number; day: Day },
  transactionId: number,
): Promise<void> {
  await trx
    .updateTable('agent_lines')
    .set({ ledger_transaction_id: transactionId })
    .where('earner_id', '=', hold.agentId)
    .where('kind', '=', 'commission')
    .where('day', '>=', hold.day)
    .where('hold_id', '=', hold.id)
    .execute();
}
