// The agent benchmark's data (tests/perf/agent.ts, issue 14): a team tree of 100,000 members under a few top
// agents (depths up to 8, fan-out varying: older agents have more members), every member's ratios within
// their parent's, a day of 1,000,000 game rounds' worth of daily valid bets (the day the bench settles),
// lighter play on the month's other days and today, and completed deposits. Rows go in directly, many to a
// statement, in one transaction: the seed measures nothing and must not take longer than the bench.
// Deterministic (a seeded random generator), so two runs seed the same data.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { addDays, type Day, dayStartMs, monthStart } from '../../server/business-days';
import { type Db, isPostgres } from '../../server/db/create-db';
import { fillTeamRollups, TEAM_ROLLUP_TABLES } from '../../server/db/migrations/0012_team_rollups';
import { fillCommissionDays } from '../../server/db/migrations/0028_agent_commission_days';
import { newUserDefaults } from '../../server/modules/auth/service';
import { prng } from '../../server/seed/catalogue';

export interface AgentSeedOptions {
  members: number;
  topAgents: number;
  maxDepth: number;
  /** Rounds on the day to settle (yesterday), spread over about two thirds of the members. */
  dayRounds: number;
  /** Completed deposits over the last 60 days (and a tenth as many failed ones). */
  deposits: number;
  today: Day;
  timeZone: string;
}

export interface TopAgent {
  id: number;
  uid: number;
  token: string;
  members: number;
  direct: number;
}

export interface AgentSeed {
  today: Day;
  yesterday: Day;
  topAgents: TopAgent[];
  /** An agent below the top with about a thousand members (a typical agent's view). */
  typicalAgent: TopAgent;
  users: number;
  closureRows: number;
  maxDepth: number;
  ratioRows: number;
  dailyRows: number;
  rounds: number;
  dayRows: number;
  deposits: number;
  seconds: number;
}

const CHANNELS = ['slots', 'live-casino', 'sports'] as const;
const TOP_RATIOS = [200, 150, 100];

/** Inserts rows many to a statement (under both databases' limits on bound values). */
async function insertMany(db: Db, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
      chunk.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`),
    )}`.execute(db);
  }
}

/**
 * The ledger side of the completed deposits: each a posting from `sys:deposits` to the member's main
 * account, as the payments module books it. A platform with this much history has a ledger of that size,
 * and PostgreSQL plans the settlement's foreign-key checks by it: with the 16 transactions of the demo
 * seed alone they were planned as scans of a near-empty table and then ran over a table the settlement
 * itself grows (385 s of writing instead of about a minute).
 */
async function insertDepositPostings(
  trx: Db,
  deposits: readonly Record<string, unknown>[],
  now: number,
): Promise<void> {
  const next = async (table: 'ledger_accounts' | 'ledger_transactions' | 'ledger_entries') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max<number>('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    ) + 1;
  const system = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', 'sys:deposits')
    .executeTakeFirstOrThrow();
  const completed = deposits.filter((d) => d.state === 'Success');
  const byUser = new Map<number, number>();
  for (const d of completed)
    byUser.set(Number(d.user_id), (byUser.get(Number(d.user_id)) ?? 0) + Number(d.amount));
  let accountId = await next('ledger_accounts');
  const mainOf = new Map<number, number>();
  const accounts = [...byUser].map(([userId, balance]) => {
    mainOf.set(userId, accountId);
    return {
      id: accountId++,
      code: `u:${userId}:main`,
      user_id: userId,
      kind: 'main',
      name: '',
      balance,
      created_at: now,
    };
  });
  let transactionId = await next('ledger_transactions');
  let entryId = await next('ledger_entries');
  const transactions: Record<string, unknown>[] = [];
  const entries: Record<string, unknown>[] = [];
  for (const d of completed) {
    const id = transactionId++;
    const at = Number(d.completed_at);
    transactions.push({ id, type: 'deposit', user_id: d.user_id, ref: d.order_no, created_at: at });
    entries.push(
      {
        id: entryId++,
        transaction_id: id,
        account_id: Number(system.id),
        amount: -Number(d.amount),
        created_at: at,
      },
      {
        id: entryId++,
        transaction_id: id,
        account_id: mainOf.get(Number(d.user_id)),
        amount: Number(d.amount),
        created_at: at,
      },
    );
  }
  await insertMany(trx, 'ledger_accounts', accounts);
  await insertMany(trx, 'ledger_transactions', transactions);
  await insertMany(trx, 'ledger_entries', entries);
  const total = completed.reduce((sum, d) => sum + Number(d.amount), 0);
  await trx
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '-', total) }))
    .where('id', '=', Number(system.id))
    .execute();
}

interface Node {
  id: number;
  parent: number;
  depth: number;
  agent: boolean;
  top: number;
  ratios: number[];
}

export async function seedAgentBench(db: Db, opts: AgentSeedOptions): Promise<AgentSeed> {
  const started = performance.now();
  const rand = prng(14);
  const today = opts.today;
  const yesterday = addDays(today, -1);
  const now = dayStartMs(today, opts.timeZone) + 12 * 3_600_000;
  const firstId =
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    ) + 1;

  // ---- the tree: each new member joins an agent, older agents more often (rand^2 favours the first)
  const nodes: Node[] = [];
  const agents: Node[] = [];
  for (let t = 0; t < opts.topAgents; t++) {
    const node = { id: firstId + t, parent: -1, depth: 0, agent: true, top: t, ratios: [...TOP_RATIOS] };
    nodes.push(node);
    agents.push(node);
  }
  for (let i = 0; i < opts.members; i++) {
    const parent = agents[Math.floor(rand() ** 2 * agents.length)] as Node;
    const depth = parent.depth + 1;
    const node: Node = {
      id: firstId + nodes.length,
      parent: parent.id,
      depth,
      agent: depth < opts.maxDepth && rand() < 0.15,
      top: parent.top,
      ratios: parent.ratios.map((r) => r - Math.floor(rand() * (r / 4 + 1))),
    };
    nodes.push(node);
    if (node.agent) agents.push(node);
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const windowStart = now - 120 * 86_400_000;
  const users = nodes.map((n, i) => {
    const createdAt = windowStart + Math.floor((i / nodes.length) * (now - windowStart - 3_600_000));
    return {
      ...newUserDefaults(),
      id: n.id,
      uid: 50_000_000 + i,
      area_code: '63',
      phone: `9${String(i).padStart(9, '0')}`,
      username: `63+9${String(i).padStart(9, '0')}`,
      password_hash: 'unused',
      job: n.agent ? 1 : 0,
      invite_code: `AB${i.toString(36).toUpperCase().padStart(6, '0')}`,
      invited_by: null as string | null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  const codeOf = new Map(users.map((u) => [u.id, u.invite_code]));
  for (const u of users) {
    const node = byId.get(u.id) as Node;
    if (node.parent >= 0) u.invited_by = codeOf.get(node.parent) ?? null;
  }

  const closure: { ancestor_id: number; descendant_id: number; depth: number; effective_day: Day }[] = [];
  const subtree = new Map<number, number>();
  const direct = new Map<number, number>();
  for (const n of nodes) {
    let up = n.parent;
    let depth = 1;
    if (up >= 0) direct.set(up, (direct.get(up) ?? 0) + 1);
    while (up >= 0) {
      closure.push({ ancestor_id: up, descendant_id: n.id, depth, effective_day: '2000-01-01' });
      subtree.set(up, (subtree.get(up) ?? 0) + 1);
      up = (byId.get(up) as Node).parent;
      depth++;
    }
  }

  const ratios = nodes.flatMap((n) =>
    CHANNELS.map((channel, c) => ({
      user_id: n.id,
      channel_code: channel,
      ratio_bp: n.ratios[c] ?? 0,
      effective_day: '2000-01-01',
      set_by: null,
      created_at: windowStart,
    })),
  );

  // ---- valid bets: the settled day in full, the month's other days and today lighter
  const daily = new Map<
    string,
    {
      user_id: number;
      day: Day;
      channel_code: string;
      rounds: number;
      bet: number;
      win: number;
      valid_bet: number;
    }
  >();
  const addPlay = (userId: number, day: Day, channel: string, rounds: number) => {
    const stake = 100 + Math.floor(rand() * 4_900);
    const bet = rounds * stake;
    const win = Math.floor(bet * rand() * 1.9);
    const key = `${userId}|${day}|${channel}`;
    const row = daily.get(key);
    const validBet = Math.min(Math.abs(win - bet), bet);
    if (row) {
      row.rounds += rounds;
      row.bet += bet;
      row.win += win;
      row.valid_bet += validBet;
    } else
      daily.set(key, { user_id: userId, day, channel_code: channel, rounds, bet, win, valid_bet: validBet });
  };
  const members = nodes.filter((n) => n.parent >= 0);
  const dayPlays: { userId: number; channel: string; weight: number }[] = [];
  for (const m of members) {
    if (rand() >= 0.65) continue;
    dayPlays.push({ userId: m.id, channel: 'slots', weight: rand() + 0.1 });
    if (rand() < 0.4) dayPlays.push({ userId: m.id, channel: 'live-casino', weight: rand() + 0.1 });
    if (rand() < 0.2) dayPlays.push({ userId: m.id, channel: 'sports', weight: rand() + 0.1 });
  }
  const weights = dayPlays.reduce((s, p) => s + p.weight, 0);
  let dealt = 0;
  const dayRounds = dayPlays.map((p) => {
    const rounds = Math.max(1, Math.floor((p.weight / weights) * opts.dayRounds));
    dealt += rounds;
    return rounds;
  });
  // The rounding's remainder goes to the first plays, so the day holds exactly dayRounds rounds.
  for (let i = 0; dealt < opts.dayRounds; i = (i + 1) % dayRounds.length, dealt++)
    dayRounds[i] = (dayRounds[i] ?? 0) + 1;
  for (const [i, p] of dayPlays.entries()) addPlay(p.userId, yesterday, p.channel, dayRounds[i] ?? 1);
  const dayRows = daily.size;
  const pick = () => members[Math.floor(rand() * members.length)] as Node;
  for (let day = monthStart(addDays(today, -2)); day < yesterday; day = addDays(day, 1))
    for (let i = 0; i < members.length / 10; i++)
      addPlay(pick().id, day, CHANNELS[Math.floor(rand() * 3)] as string, 1 + Math.floor(rand() * 19));
  for (let i = 0; i < members.length / 5; i++)
    addPlay(pick().id, today, 'slots', 1 + Math.floor(rand() * 15));
  const dailyRows = [...daily.values()];

  // ---- deposits: completed over the last 60 days, and some that failed
  const depositRows: Record<string, unknown>[] = [];
  const failed = Math.floor(opts.deposits / 10);
  for (let i = 0; i < opts.deposits + failed; i++) {
    const m = pick();
    const at = now - Math.floor(rand() * 60 * 86_400_000);
    const ok = i < opts.deposits;
    depositRows.push({
      order_no: `DBENCH${String(i).padStart(9, '0')}`,
      user_id: m.id,
      amount: 10_000 + Math.floor(rand() * 50) * 10_000,
      state: ok ? 'Success' : 'Fail',
      provider: 'sandbox',
      provider_ref: null,
      record_id: 0,
      fail_reason: ok ? null : 'bench',
      created_at: at - 60_000,
      expires_at: at + 1_800_000,
      completed_at: at,
    });
  }

  // ---- sessions for the top agents and a typical one (the bench calls as them)
  const asAgent = (n: Node): TopAgent => ({
    id: n.id,
    uid: users[n.id - firstId]?.uid ?? 0,
    token: randomBytes(24).toString('base64url'),
    members: subtree.get(n.id) ?? 0,
    direct: direct.get(n.id) ?? 0,
  });
  const tops = nodes.slice(0, opts.topAgents).map(asAgent);
  const typical = asAgent(
    agents
      .filter((n) => n.depth > 0)
      .reduce((best, n) =>
        Math.abs((subtree.get(n.id) ?? 0) - 1000) < Math.abs((subtree.get(best.id) ?? 0) - 1000) ? n : best,
      ),
  );

  await db.transaction().execute(async (trx) => {
    // PostgreSQL: loaded with triggers off, the team rollups filled once at the end (row by row, their
    // upserts took the seed from 135 to 588 s and leave dead rows for autovacuum to clear while the
    // settlement runs). SQLite's triggers cannot be turned off (its seed took 43 s with them).
    const postgres = isPostgres(trx);
    if (postgres) await sql`set local session_replication_role = replica`.execute(trx);
    await insertMany(trx, 'users', users);
    await insertMany(trx, 'agent_tree', closure);
    await insertMany(trx, 'agent_ratios', ratios);
    await insertMany(trx, 'game_daily_valid', dailyRows);
    await insertMany(trx, 'deposit_orders', depositRows);
    await insertDepositPostings(trx, depositRows, now);
    await insertMany(
      trx,
      'sessions',
      [...tops, typical].map((t) => ({
        user_id: t.id,
        token_hash: createHash('sha256').update(t.token).digest('hex'),
        created_at: now,
        last_used_at: now,
        expires_at: now + 30 * 86_400_000,
        revoked_at: null,
      })),
    );
    if (postgres) {
      await sql`set local session_replication_role = origin`.execute(trx);
      for (const table of [...TEAM_ROLLUP_TABLES, 'agent_commission_days' as const])
        await trx.deleteFrom(table).execute();
      await fillTeamRollups(trx);
      await fillCommissionDays(trx);
    }
  });
  if (isPostgres(db)) {
    // Ids were given explicitly: the sequence must follow, and the planner needs the new tables' figures.
    for (const table of ['users', 'ledger_accounts', 'ledger_transactions', 'ledger_entries'])
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    await sql`analyze`.execute(db);
  } else await sql`analyze`.execute(db);

  return {
    today,
    yesterday,
    topAgents: tops,
    typicalAgent: typical,
    users: users.length,
    closureRows: closure.length,
    maxDepth: Math.max(...nodes.map((n) => n.depth)),
    ratioRows: ratios.length,
    dailyRows: dailyRows.length,
    rounds: dailyRows.reduce((s, r) => s + r.rounds, 0),
    dayRows,
    deposits: opts.deposits,
    seconds: (performance.now() - started) / 1000,
  };
}
