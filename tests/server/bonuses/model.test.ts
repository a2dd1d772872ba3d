// Property test (issue 33, decision 0052): random sequences of deposits with and without an opt-in, claims,
// manual grants, seamless bets, wins, rollbacks, exact replays, voids, withdrawals with and without consent,
// and the clock moving past expiries, against the real server and database (SQLite, and PostgreSQL with
// TEST_DIALECT=postgres). After every step the ledger and the requirements are checked against their rules.
// BONUS_MODEL_RUNS sets the number of sequences.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bonusClaimCall, bonusForfeitsCall } from '#contract/bonuses';
import { withdrawCreateCall } from '#contract/wallet';
import { grantManual } from '../../../server/modules/bonuses/service';
import { createBonusWorker } from '../../../server/modules/bonuses/worker';
import { validBetOf } from '../../../server/modules/games/rounds';
import { voidRound } from '../../../server/modules/games/service';
import { withMoneyTx } from '../../../server/modules/ledger/service';
import { addProvider, openSession, type SeamlessResult, seamlessCall, txId } from '../games/fixtures';
import { serverForSuite } from '../harness';
import {
  addBankCard,
  deposit,
  expectLedgerSound,
  money,
  newUser,
  SAFE_PASSWORD,
  secondary,
  type WalletUser,
} from '../wallet/helpers';
import { addOffer, depositWithOffer } from './fixtures';

const RUNS = Number(process.env.BONUS_MODEL_RUNS ?? 20);
const HOUR = 3_600_000;

const server = serverForSuite({ demoSeed: true });
let provider: Awaited<ReturnType<typeof addProvider>>;
let offers: { match: number; half: number; gift: number };

beforeAll(async () => {
  provider = await addProvider(server);
  const now = server.clock.now();
  offers = {
    // Forfeits on withdrawal, a maximum bet and a maximum conversion, one day.
    match: await addOffer(server.db, now, {
      percent: 100,
      max_bonus: 300_00,
      turnover_multiplier: 2,
      max_bet: 150_00,
      max_conversion: 250_00,
      validity_days: 1,
      contributions: { slots: 100 },
    }),
    // Counts 40% of slots, on the bonus and the deposit, two days, kept through a withdrawal.
    half: await addOffer(server.db, now, {
      percent: 50,
      turnover_multiplier: 1,
      turnover_base: 'bonus_deposit',
      forfeits_on_withdrawal: 0,
      validity_days: 2,
      contributions: { slots: 40 },
    }),
    gift: await addOffer(server.db, now, {
      kind: 'registration',
      percent: null,
      amount: 20_00,
      turnover_multiplier: 3,
      validity_days: 1,
    }),
  };
});

type Op =
  | { kind: 'deposit'; amount: number; offer: 'match' | 'half' | null }
  | { kind: 'claim' }
  | { kind: 'manual'; amount: number }
  | { kind: 'bet'; round: number; amount: number }
  | { kind: 'win'; round: number; amount: number; close: boolean; stray: boolean }
  | { kind: 'rollback'; round: number }
  | { kind: 'replay'; index: number }
  | { kind: 'void'; round: number }
  | { kind: 'withdraw'; amount: number; consent: boolean }
  | { kind: 'advance'; hours: number };

const ROUNDS = 4;
const round = fc.nat(ROUNDS - 1);
/** Weighted toward play, so requirements are met as often as they expire. */
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 100, max: 400 }),
      offer: fc.constantFrom('match' as const, 'half' as const, null),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('claim' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('manual' as const),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      round,
      amount: fc.oneof(fc.integer({ min: 1, max: 100_00 }), fc.integer({ min: 100_00, max: 200_00 })),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('win' as const),
      round,
      amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400_00 })),
      close: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      // A win for a round with no bet: refused (TRANSACTION_NOT_FOUND), and replayed as such.
      stray: fc.oneof(
        { weight: 1, arbitrary: fc.constant(true) },
        { weight: 6, arbitrary: fc.constant(false) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const), round }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), index: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), round }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      amount: fc.integer({ min: 100, max: 300 }),
      consent: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
);

/** Types of postings that may take money out of a requirement's account, each a reason of its own. */
const LEAVES_LOCKED = new Set([
  'game_bet',
  'game_void',
  'bonus_release',
  'bonus_cap',
  'bonus_expire',
  'bonus_forfeit',
  'bonus_cancel',
  'bonus_late',
]);

/**
 * Whether a round settled after a claim's grant (the test clock stands still, so times tie): its closing win
 * was posted after the grant.
 */
async function settledAfter(roundId: number, claimId: number): Promise<boolean> {
  const grant = await server.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_source', '=', 'bonuses')
    .where('external_ref', '=', `grant:${claimId}`)
    .executeTakeFirst();
  const closing = await server.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('ref', '=', `round:${roundId}`)
    .where('type', '=', 'game_win')
    .executeTakeFirst();
  return grant !== undefined && Number(closing?.id ?? 0) > grant.id;
}

async function checkRules(user: WalletUser): Promise<void> {
  await expectLedgerSound(server);
  const balances = await secondary(server, user);
  expect(Math.round(balances.totalCoin * 100)).toBe(
    Math.round(balances.canWithdrawCoin * 100) + Math.round(balances.lockedCoin * 100),
  );

  const requirements = await server.db
    .selectFrom('bonus_requirements')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  const rounds = await server.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  for (const r of requirements) {
    const rows = await server.db
      .selectFrom('bonus_turnover')
      .selectAll()
      .where('requirement_id', '=', r.id)
      .execute();
    const contributions = new Map(
      (
        await server.db
          .selectFrom('bonus_offer_contributions')
          .select(['channel_code', 'percent'])
          .where('offer_id', '=', r.offer_id)
          .where('version', '=', r.version)
          .execute()
      ).map((c) => [c.channel_code, c.percent]),
    );
    // Progress is the weighted sum of the valid bets that counted, each counted from its own round.
    expect(r.wagered).toBe(rows.reduce((sum, row) => sum + row.amount, 0));
    for (const row of rows.filter((x) => x.kind === 'count')) {
      const round = rounds.find((x) => x.id === row.round_id);
      expect(round).toBeDefined();
      expect(round?.placed_at).toBeGreaterThanOrEqual(r.granted_at);
      expect(row.valid_bet).toBe(validBetOf(round?.bet ?? 0, round?.win ?? 0, 'settled'));
      expect(row.amount).toBe(Math.floor((row.valid_bet * (contributions.get(row.channel_code) ?? 0)) / 100));
      // A void took it back, once.
      const voids = rows.filter((x) => x.kind === 'void' && x.round_id === row.round_id);
      expect(voids.length).toBe(round?.status === 'void' ? 1 : 0);
      if (round?.status === 'void') expect(voids[0]?.amount).toBe(-row.amount);
    }
    // An open requirement counted every settled round placed since its grant, and is not met yet.
    if (r.state === 'open') {
      for (const round of rounds.filter((x) => x.status !== 'pending' && x.placed_at >= r.granted_at)) {
        const valid = validBetOf(round.bet, round.win, 'settled');
        const weighted = Math.floor((valid * (contributions.get(round.channel_code) ?? 0)) / 100);
        const counted = rows.some((x) => x.kind === 'count' && x.round_id === round.id);
        if (round.status === 'settled' && weighted > 0 && (await settledAfter(round.id, r.claim_id)))
          expect(counted).toBe(true);
      }
      expect(r.wagered).toBeLessThan(r.required);
    }
    const account = `u:${user.id}:req:${r.id}`;
    const entries = await server.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select(['e.amount', 't.type', 't.created_at'])
      .where('a.code', '=', account)
      .execute();
    // Money leaves locked only through a posting with its reason; an ended requirement holds nothing.
    for (const e of entries.filter((x) => x.amount < 0)) expect(LEAVES_LOCKED.has(e.type)).toBe(true);
    const balance = entries.reduce((sum, e) => sum + e.amount, 0);
    if (r.state !== 'open') expect(balance).toBe(0);
    const releases = entries.filter((e) => e.type === 'bonus_release' || e.type === 'bonus_cap');
    if (r.state === 'released') {
      // Nothing released before its requirement was met, or twice.
      const byThen = rows.filter((x) => x.created_at <= (r.ended_at ?? 0)).reduce((s, x) => s + x.amount, 0);
      expect(byThen).toBeGreaterThanOrEqual(r.required);
      expect(entries.filter((e) => e.type === 'bonus_release').length).toBeLessThanOrEqual(1);
      expect(entries.filter((e) => e.type === 'bonus_cap').length).toBeLessThanOrEqual(1);
    } else expect(releases).toEqual([]);
  }
  // One grant posting per granted claim, none for the others.
  const claims = await server.db
    .selectFrom('bonus_claims')
    .select(['id', 'state'])
    .where('user_id', '=', user.id)
    .execute();
  for (const c of claims) {
    const grants = await server.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('external_source', '=', 'bonuses')
      .where('external_ref', '=', `grant:${c.id}`)
      .execute();
    expect(grants.length).toBeLessThanOrEqual(c.state === 'granted' ? 1 : 0);
  }
}

describe('bonuses against their rules', () => {
  it('keeps every rule after each step of random deposits, grants, play, voids, withdrawals and expiries', async () => {
    const worker = createBonusWorker(server.app.ctx);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 12, maxLength: 40 }), async (ops) => {
        const user = await newUser(server);
        const methodId = await addBankCard(server, user);
        await deposit(server, user, 100);
        let who = await openSession(server, provider, user);
        const refs = Array.from({ length: ROUNDS }, () => txId('round'));
        // Bets of the rounds still open, by slot; the rounds settled, in order.
        const bets: { round: number; id: string }[] = [];
        const settled: SeamlessResult[] = [];
        const settledRefs: string[] = [];
        const sent: { action: 'bet' | 'win' | 'rollback'; body: object; first: SeamlessResult }[] = [];
        const call = async (action: 'bet' | 'win' | 'rollback', body: object) => {
          const first = await seamlessCall(server, provider, action, body);
          sent.push({ action, body, first });
          return first;
        };
        const base = (round: number) => ({
          sessionToken: who.sessionToken,
          playerId: who.playerId,
          roundId: refs[round] as string,
          gameCode: provider.gameCode,
        });

        for (const step of ops) {
          // Each step a millisecond after the last: what a step writes is ordered in time after the one before.
          server.clock.advance(1);
          if (step.kind === 'deposit') {
            if (step.offer)
              await depositWithOffer(server, user, step.amount, offers[step.offer]).catch(() => undefined);
            else await deposit(server, user, step.amount);
          } else if (step.kind === 'claim') {
            await money(server, bonusClaimCall, { offerId: offers.gift, version: 1 }, user.token);
          } else if (step.kind === 'manual') {
            await withMoneyTx(server.db, (trx) =>
              grantManual(trx, server.app.ctx, {
                offerId: offers.half,
                userId: user.id,
                amount: step.amount,
                note: 'goodwill',
                operatorId: 1,
                key: txId('m'),
                now: server.clock.now(),
              }),
            );
          } else if (step.kind === 'bet') {
            const id = txId('bet');
            const res = await call('bet', { ...base(step.round), transactionId: id, amount: step.amount });
            if (res.body.status === 'OK') bets.push({ round: step.round, id });
          } else if (step.kind === 'win') {
            // Mostly a round that has bets (a win elsewhere is refused, which is tested too, more rarely).
            const open = [...new Set(bets.map((b) => b.round))];
            const target =
              open.length > 0 && step.amount % 5 !== 0
                ? (open[step.round % open.length] as number)
                : step.round;
            const res = await call('win', {
              ...base(target),
              transactionId: txId('win'),
              amount: step.amount,
              roundClosed: step.close,
            });
            // A closed round's slot plays a new round next (its bets stay replayable under the old one).
            if (res.body.status === 'OK' && step.close) {
              settledRefs.push(refs[target] as string);
              refs[target] = txId('round');
              for (let i = bets.length - 1; i >= 0; i--) if (bets[i]?.round === target) bets.splice(i, 1);
              settled.push(res);
            }
          } else if (step.kind === 'rollback') {
            const last = bets[step.round % Math.max(1, bets.length)];
            if (last)
              await call('rollback', {
                ...base(last.round),
                transactionId: txId('rb'),
                referenceTransactionId: last.id,
              });
          } else if (step.kind === 'replay') {
            const earlier = sent[step.index % Math.max(1, sent.length)];
            if (earlier) {
              const again = await seamlessCall(server, provider, earlier.action, earlier.body);
              // An exact replay answers the first answer, refusals included, and moves nothing.
              expect(again.raw).toBe(earlier.first.raw);
            }
          } else if (step.kind === 'void') {
            const round = await server.db
              .selectFrom('game_rounds')
              .select('id')
              .where('provider_code', '=', provider.code)
              .where('round_ref', '=', settledRefs[step.round % Math.max(1, settledRefs.length)] ?? '')
              .where('status', '=', 'settled')
              .executeTakeFirst();
            if (round)
              await withMoneyTx(server.db, (trx) =>
                voidRound(server.app.ctx, trx, round.id, server.clock.now()),
              ).catch((err: unknown) => {
                // A void the player's spending made impossible is refused whole (round_funds_spent).
                if ((err as { data?: { code?: string } }).data?.code !== 'round_funds_spent') throw err;
              });
          } else if (step.kind === 'withdraw') {
            const forfeits = step.consent
              ? (await server.call(bonusForfeitsCall, {}, { token: user.token })).data.map((f) => ({
                  requirementId: f.requirementId,
                  amount: f.amount,
                }))
              : undefined;
            const res = await money(
              server,
              withdrawCreateCall,
              { amount: step.amount, methodId, safePassword: SAFE_PASSWORD, forfeits },
              user.token,
            );
            expect([200, 400, 409]).toContain(res.status);
          } else {
            server.clock.advance(step.hours * HOUR);
            await worker.runOnce();
            who = await openSession(server, provider, user);
          }
          await checkRules(user);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
