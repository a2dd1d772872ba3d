// Model test (issue 13): random sequences of seamless bets, wins, rollbacks, exact replays, rollbacks sent
// before their bets and session expiry (spoken to the real server over HTTP as a seamless provider would),
// refused calls sent again later (issue 31: after a deposit made the balance allow a refused bet, an exact
// copy answers the first refusal and moves nothing; a changed one, or the id for another player, is a
// duplicate),
// mixed with transfers in and out of a transfer channel and rounds played there at the real demo provider
// (its own process). Checked after every step against a small model, the ledger and the provider: every
// transaction sums to zero, no balance is negative, the player's money plus what the provider holds plus
// the house's result is what they deposited, and each round's valid bet follows min(|win - bet|, bet) (0
// when cancelled). GAMES_MODEL_RUNS sets the number of sequences.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccount, userAccount } from '../../../server/modules/ledger/service';
import { serverForSuite } from '../harness';
import { balanceOf } from '../ledger/fixtures';
import { deposit, expectLedgerSound, newUser } from '../wallet/helpers';
import { addProvider, openSession, type SeamlessResult, seamlessCall, txId } from './fixtures';
import {
  addDemoTransferProvider,
  channelTransfer,
  expectChannelMatchesProvider,
  playAtProvider,
  providerWallet,
  type TransferProvider,
} from './transfer-fixtures';

const RUNS = Number(process.env.GAMES_MODEL_RUNS ?? 12);
const DEPOSIT = 100_00;
const ROUNDS = 3;

type Op =
  | { kind: 'bet'; round: number; amount: number }
  | { kind: 'win'; round: number; amount: number; close: boolean }
  | { kind: 'rollback'; round: number; which: number }
  | { kind: 'rollbackFirst'; round: number; amount: number }
  | { kind: 'replay'; back: number }
  | { kind: 'replayRefused'; back: number; variant: 'exact' | 'changed' | 'otherPlayer' }
  | { kind: 'expire' }
  | { kind: 'transferIn'; amount: number }
  | { kind: 'transferOut'; quarter: number }
  | { kind: 'tablePlay'; stake: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      round: fc.nat(ROUNDS - 1),
      amount: fc.integer({ min: 1, max: 45 }).map((n) => n * 100),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('win' as const),
      round: fc.nat(ROUNDS - 1),
      amount: fc.integer({ min: 0, max: 60 }).map((n) => n * 100),
      close: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rollback' as const),
      round: fc.nat(ROUNDS - 1),
      which: fc.nat(2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rollbackFirst' as const),
      round: fc.nat(ROUNDS - 1),
      amount: fc.constant(100),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), back: fc.nat(4) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('replayRefused' as const),
      back: fc.nat(4),
      variant: fc.constantFrom('exact' as const, 'changed' as const, 'otherPlayer' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transferIn' as const),
      amount: fc.integer({ min: 1, max: 40 }).map((n) => n * 100),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transferOut' as const),
      quarter: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tablePlay' as const),
      stake: fc.integer({ min: 1, max: 5 }).map((n) => n * 100),
    }),
  },
);

interface RoundModel {
  ref: string;
  status: 'pending' | 'settled' | 'cancelled';
  bets: { id: string; amount: number; standing: boolean }[];
  win: number;
  /** A round exists on the server once a bet was applied. */
  exists: boolean;
}

const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;
let table: TransferProvider;

beforeAll(async () => {
  provider = await addProvider(server);
  table = await addDemoTransferProvider(server);
}, 60_000);
afterAll(async () => {
  await table?.demo.cleanup();
});

/** The house's side of the player's seamless rounds (a transfer provider's rounds are its own house's). */
async function houseShare(userId: number): Promise<number> {
  const row = await server.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(sql<string>`coalesce(sum(e.amount), 0)`.as('n'))
    .where('t.user_id', '=', userId)
    .where('t.type', 'in', ['game_win'])
    .where('a.kind', '=', 'system')
    .where('a.name', '=', 'games')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the game wallets against a model', () => {
  it('keeps money exact under random bets, wins, rollbacks, replays, refusals sent again, reorderings, expiry and transfers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 8, maxLength: 30 }), async (ops) => {
        const user = await newUser(server, { safePassword: null });
        await deposit(server, user, DEPOSIT / 100);
        const session = await openSession(server, provider, user);
        const who = { sessionToken: session.sessionToken, playerId: session.playerId };
        // Another player of the same provider, who only ever sends ids of the first player's refused calls.
        const stranger = await newUser(server, { safePassword: null });
        await deposit(server, stranger, DEPOSIT / 100);
        const theirs = await openSession(server, provider, stranger);
        const rounds: RoundModel[] = Array.from({ length: ROUNDS }, () => ({
          ref: txId('round'),
          status: 'pending',
          bets: [],
          win: 0,
          exists: false,
        }));
        const okCalls: { action: 'bet' | 'win' | 'rollback'; body: object; first: SeamlessResult }[] = [];
        const refused: {
          action: 'bet' | 'win' | 'rollback';
          body: Record<string, unknown>;
          first: SeamlessResult;
        }[] = [];
        let main = DEPOSIT;
        let deposited = DEPOSIT;
        let expired = false;
        // What the transfer provider's own house won from this player (its bets less its wins).
        let tableHouse = 0;
        const call = (action: 'bet' | 'win' | 'rollback', body: object) =>
          seamlessCall(server, provider, action, { ...who, gameCode: provider.gameCode, ...body });
        const noteRefusal = (action: 'bet' | 'win' | 'rollback', body: object, res: SeamlessResult) => {
          if (res.body.status !== 'OK') refused.push({ action, body: { ...body }, first: res });
        };
        const closeIfEmpty = (r: RoundModel) => {
          if (!r.bets.some((b) => b.standing) && r.win === 0) r.status = 'cancelled';
        };

        for (const o of ops) {
          const r = 'round' in o ? rounds[o.round] : undefined;
          if (o.kind === 'bet' && r) {
            const body = { transactionId: txId('bet'), roundId: r.ref, amount: o.amount };
            const res = await call('bet', body);
            const want = expired
              ? 'TOKEN_EXPIRED'
              : r.exists && r.status !== 'pending'
                ? 'ROUND_CLOSED'
                : o.amount > main
                  ? 'INSUFFICIENT_FUNDS'
                  : 'OK';
            expect(res.body.status).toBe(want);
            noteRefusal('bet', body, res);
            if (want === 'OK') {
              main -= o.amount;
              r.exists = true;
              r.bets.push({ id: body.transactionId, amount: o.amount, standing: true });
              okCalls.push({ action: 'bet', body, first: res });
            }
          } else if (o.kind === 'win' && r) {
            const body = {
              transactionId: txId('win'),
              roundId: r.ref,
              amount: o.amount,
              roundClosed: o.close,
            };
            const res = await call('win', body);
            const want = !r.exists ? 'TRANSACTION_NOT_FOUND' : r.status !== 'pending' ? 'ROUND_CLOSED' : 'OK';
            expect(res.body.status).toBe(want);
            noteRefusal('win', body, res);
            if (want === 'OK') {
              main += o.amount;
              r.win += o.amount;
              if (o.close) r.status = 'settled';
              okCalls.push({ action: 'win', body, first: res });
            }
          } else if (o.kind === 'rollback' && r) {
            const bet = r.bets[o.which % Math.max(1, r.bets.length)];
            if (!bet) continue;
            const body = { transactionId: txId('rb'), roundId: r.ref, referenceTransactionId: bet.id };
            const res = await call('rollback', body);
            const want = !bet.standing ? 'OK' : r.status !== 'pending' ? 'ROUND_CLOSED' : 'OK';
            expect(res.body.status).toBe(want);
            noteRefusal('rollback', body, res);
            if (want === 'OK') {
              if (bet.standing) main += bet.amount;
              bet.standing = false;
              closeIfEmpty(r);
              okCalls.push({ action: 'rollback', body, first: res });
            }
          } else if (o.kind === 'rollbackFirst' && r) {
            // The rollback overtakes its bet: recorded, and the bet, arriving after it, is refused.
            const betId = txId('bet');
            const rb = await call('rollback', {
              transactionId: txId('rb'),
              roundId: r.ref,
              referenceTransactionId: betId,
            });
            expect(rb.body.status).toBe('OK');
            const late = await call('bet', { transactionId: betId, roundId: r.ref, amount: o.amount });
            expect(late.body.status).toBe('DUPLICATE_TRANSACTION');
          } else if (o.kind === 'replay') {
            const earlier = okCalls[okCalls.length - 1 - (o.back % Math.max(1, okCalls.length))];
            if (!earlier) continue;
            const res = await call(earlier.action, earlier.body);
            expect(res.raw).toBe(earlier.first.raw);
          } else if (o.kind === 'replayRefused') {
            const earlier = refused[refused.length - 1 - (o.back % Math.max(1, refused.length))];
            if (!earlier) continue;
            if (o.variant === 'exact') {
              // A bet refused for funds comes again once the balance would cover it: still refused.
              const amount = Number(earlier.body.amount ?? 0);
              if (earlier.first.body.status === 'INSUFFICIENT_FUNDS' && amount > main) {
                await deposit(server, user, (amount - main) / 100);
                deposited += amount - main;
                main = amount;
              }
              const res = await call(earlier.action, earlier.body);
              expect(res.raw).toBe(earlier.first.raw);
            } else if (o.variant === 'changed') {
              const changed =
                earlier.action === 'rollback'
                  ? { ...earlier.body, referenceTransactionId: txId('bet') }
                  : { ...earlier.body, amount: Number(earlier.body.amount) + 100 };
              const res = await call(earlier.action, changed);
              expect(res.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: main });
            } else {
              const res = await seamlessCall(server, provider, earlier.action, {
                gameCode: provider.gameCode,
                ...earlier.body,
                sessionToken: theirs.sessionToken,
                playerId: theirs.playerId,
              });
              expect(res.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: DEPOSIT });
            }
          } else if (o.kind === 'expire') {
            server.clock.advance(31 * 60_000);
            expired = true;
          } else if (o.kind === 'transferIn') {
            const res = await channelTransfer(server, user, table.channel, 'in', o.amount / 100);
            if (o.amount <= main) {
              expect(res.data).toMatchObject({ state: 'applied', canWithdrawCoin: (main - o.amount) / 100 });
              main -= o.amount;
            } else expect(res.status).not.toBe(200);
          } else if (o.kind === 'transferOut') {
            const held = await providerWallet(table.demo, user.id);
            const amount = Math.floor((held * o.quarter) / 4 / 100) * 100;
            if (amount === 0) continue;
            const res = await channelTransfer(server, user, table.channel, 'out', amount / 100);
            expect(res.data).toMatchObject({ state: 'applied', channelBalance: (held - amount) / 100 });
            main += amount;
            // A transfer out pulls the provider's records first: the ledger agrees with the provider.
            await expectChannelMatchesProvider(server, table, user.id);
          } else if (o.kind === 'tablePlay') {
            for (const round of await playAtProvider(table.demo, user.id, o.stake, 1))
              if (round.status === 'OK') tableHouse += round.bet - round.win;
          }

          // After every step: the ledger, the player's balances, conservation, the rounds.
          await expectLedgerSound(server);
          const inPlay = rounds
            .filter((x) => x.status === 'pending')
            .reduce((s, x) => s + x.bets.filter((b) => b.standing).reduce((t, b) => t + b.amount, 0), 0);
          expect(await balanceOf(server.db, userAccount(user.id, 'main'))).toBe(main);
          expect(await balanceOf(server.db, channelAccount(user.id, provider.channel))).toBe(inPlay);
          const held = await providerWallet(table.demo, user.id);
          expect(main + inPlay + held + tableHouse + (await houseShare(user.id))).toBe(deposited);
          expect(await balanceOf(server.db, userAccount(stranger.id, 'main'))).toBe(DEPOSIT);
          expect(await balanceOf(server.db, channelAccount(stranger.id, provider.channel))).toBe(0);
          for (const x of rounds.filter((y) => y.exists)) {
            const row = await server.db
              .selectFrom('game_rounds')
              .select(['status', 'bet', 'win', 'valid_bet'])
              .where('provider_code', '=', provider.code)
              .where('round_ref', '=', x.ref)
              .executeTakeFirstOrThrow();
            const stake = x.bets.filter((b) => b.standing).reduce((t, b) => t + b.amount, 0);
            expect([row.status, Number(row.bet), Number(row.win)]).toEqual([x.status, stake, x.win]);
            const valid = x.status === 'settled' ? Math.min(Math.abs(x.win - stake), stake) : 0;
            expect(Number(row.valid_bet)).toBe(valid);
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
