// Issue 31, item 1: one transaction id sent at once to two server processes on one database, for two players
// (an aggregator reusing an id, or a replay routed to another player by mistake). Each process locks only its
// own player, so both can find the id unused: exactly one bet applies, the other answers a signed
// DUPLICATE_TRANSACTION, never an HTTP 500. Runs on SQLite (one file) and PostgreSQL (one schema).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, type WalletAnswer } from '#contract/game-provider';
import { signatureProblem } from '../../../server/modules/games/signing';
import { auditLedger } from '../../../server/modules/ledger/repository';
import { userAccount } from '../../../server/modules/ledger/service';
import { fund } from '../ledger/fixtures';
import { call, demoLogin, processEnvForSuite, type ServerProcess, startServerProcess } from '../processes';
import { configureProvider, SEAMLESS_SLOTS_GAME, seamlessCall } from './fixtures';

const PROVIDER = { code: 'twin-seamless', secret: `s-${randomUUID()}` };
const PAIRS = 40;
const STAKE = 100;
const FUNDS = 1_000_00;

const proc = processEnvForSuite();
let first: ServerProcess;
let second: ServerProcess;

beforeAll(async () => {
  first = await startServerProcess(proc.env);
  await configureProvider(proc.db, { ...PROVIDER, ...SEAMLESS_SLOTS_GAME });
  second = await startServerProcess(proc.env);
}, 90_000);

afterAll(async () => {
  await first?.kill('SIGTERM');
  await second?.kill('SIGTERM');
});

interface Answer {
  http: number;
  body: WalletAnswer;
  signed: boolean;
}

async function seamless(url: string, action: 'authenticate' | 'bet', body: unknown): Promise<Answer> {
  const res = await seamlessCall({ url }, PROVIDER, action, body);
  const problem = signatureProblem(
    PROVIDER.secret,
    res.headers.get(TIMESTAMP_HEADER) ?? undefined,
    res.headers.get(SIGNATURE_HEADER) ?? undefined,
    res.raw,
    Date.now(),
  );
  return { http: res.http, body: res.body, signed: problem === null };
}

const mainOf = async (userId: number): Promise<number> =>
  Number(
    (
      await proc.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('code', '=', userAccount(userId, 'main'))
        .executeTakeFirstOrThrow()
    ).balance,
  );

/** A demo account with FUNDS more, and a session opened through `url` at the provider's game. */
async function seat(url: string, label: string) {
  const token = await demoLogin(url, label);
  const info = await call(url, '/user/info', {}, token);
  const row = await proc.db
    .selectFrom('users')
    .select('id')
    .where('uid', '=', info.uid)
    .executeTakeFirstOrThrow();
  const userId = Number(row.id);
  await fund(proc.db, userId, FUNDS);
  const games = await call(url, '/games/list', {});
  const gameId = games.content.find((g: { name: string }) => g.name === 'Lucky Reels').id as number;
  const launch = await call(url, '/games/launch', { gameId }, token);
  const auth = await seamless(url, 'authenticate', { token: new URL(launch.url).searchParams.get('token') });
  expect(auth.body.status).toBe('OK');
  return {
    userId,
    url,
    who: { sessionToken: auth.body.sessionToken ?? '', playerId: auth.body.playerId ?? '' },
  };
}
type Seat = Awaited<ReturnType<typeof seat>>;

let seats: Promise<Seat[]> | undefined;
/** The first player bets through the first process, the second through the second. */
const players = () => {
  seats ??= (async () => [await seat(first.url, 'player'), await seat(second.url, 'agent (job 1)')])();
  return seats;
};

/** PAIRS fresh ids, each sent at once by both players (with these stakes), each pair's answers sorted. */
async function race(stakes: [number, number]) {
  const seated = await players();
  const ids = Array.from({ length: PAIRS }, (_, i) => `twin-${i}-${randomUUID()}`);
  const pairs = await Promise.all(
    ids.map((transactionId) =>
      Promise.all(
        seated.map((p, i) =>
          seamless(p.url, 'bet', {
            ...p.who,
            transactionId,
            roundId: `round-${p.userId}-${transactionId}`,
            gameCode: 'lucky-reels',
            amount: stakes[i],
          }),
        ),
      ),
    ),
  );
  const outcomes = pairs.map((pair) =>
    pair
      .map((a) => `${a.http} ${a.body.status} ${a.signed ? 'signed' : 'unsigned'}`)
      .sort()
      .join(' / '),
  );
  const records = await proc.db
    .selectFrom('game_wallet_calls')
    .select(['transaction_ref', 'state'])
    .where('provider_code', '=', PROVIDER.code)
    .where('transaction_ref', 'in', ids)
    .execute();
  const postings = await proc.db
    .selectFrom('ledger_transactions')
    .select('external_ref')
    .where('external_source', '=', `provider:${PROVIDER.code}`)
    .where('external_ref', 'in', ids)
    .execute();
  return { seated, ids, pairs, outcomes, records, postings };
}

const expectBooksSound = async () =>
  expect(await auditLedger(proc.db)).toEqual({
    entriesTotal: 0,
    unbalancedTransactions: 0,
    driftedAccounts: 0,
    negativeUserAccounts: 0,
  });

describe('one transaction id at once on two processes, for two players', () => {
  it('applies one bet and answers the other DUPLICATE_TRANSACTION, signed, never a 500', async () => {
    const seated = await players();
    const start = await Promise.all(seated.map((p) => mainOf(p.userId)));
    const { ids, pairs, outcomes, records, postings } = await race([STAKE, STAKE]);
    const wanted = '200 DUPLICATE_TRANSACTION signed / 200 OK signed';
    expect(outcomes.filter((o) => o !== wanted)).toEqual([]);
    // Each id has one record, one posting; each player paid for the bets of theirs that applied.
    for (const [i, p] of seated.entries()) {
      const applied = pairs.filter((pair) => pair[i]?.body.status === 'OK').length;
      expect(await mainOf(p.userId)).toBe((start[i] ?? 0) - applied * STAKE);
    }
    expect(records.map((r) => r.state)).toEqual(ids.map(() => 'applied'));
    expect(new Set(postings.map((r) => r.external_ref)).size).toBe(PAIRS);
    expect(postings).toHaveLength(PAIRS);
    await expectBooksSound();
  }, 120_000);

  it('records one answer when one player’s bet is refused: the other is a duplicate, applied or refused', async () => {
    const seated = await players();
    const start = await Promise.all(seated.map((p) => mainOf(p.userId)));
    // The second player's stake is above the game's maximum (1,000.00): always LIMIT_REACHED.
    const { ids, pairs, outcomes, records, postings } = await race([STAKE, 100_001]);
    const wanted = [
      '200 DUPLICATE_TRANSACTION signed / 200 OK signed',
      '200 DUPLICATE_TRANSACTION signed / 200 LIMIT_REACHED signed',
    ];
    expect(outcomes.filter((o) => !wanted.includes(o))).toEqual([]);
    // The id's one record is what its one non-duplicate answer said; a refused id moved nothing.
    const stateOf = new Map(records.map((r) => [r.transaction_ref, r.state]));
    expect(records).toHaveLength(PAIRS);
    for (const [n, id] of ids.entries())
      expect(stateOf.get(id)).toBe(pairs[n]?.[0]?.body.status === 'OK' ? 'applied' : 'refused');
    const applied = pairs.filter((pair) => pair[0]?.body.status === 'OK').length;
    expect(postings).toHaveLength(applied);
    expect(await mainOf(seated[0]?.userId ?? 0)).toBe((start[0] ?? 0) - applied * STAKE);
    expect(await mainOf(seated[1]?.userId ?? 0)).toBe(start[1]);
    await expectBooksSound();
  }, 120_000);
});
