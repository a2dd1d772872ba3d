import { createHash, randomBytes } from 'node:crypto';
import type {
  BetRequest,
  ProviderStatus,
  RollbackRequest,
  WalletAnswer,
  WinRequest,
} from '#contract/game-provider';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { accountStanding, userTimeZone } from '../auth/service';
import {
  type Funds,
  fundsOf,
  playableOf,
  requirementsMovedBy,
  stakeLegs,
  sweepEnded,
  winLegs,
} from '../bonuses/service';
import {
  accountBalance,
  channelAccount,
  ensureUserAccounts,
  LedgerError,
  post,
  reverse,
  systemAccountPart,
  userAccount,
  withMoneyTx,
} from '../ledger/service';
import { checkAllowed } from '../protection/service';
import { gameByCode } from './catalogue';
import * as repo from './repository';
import { closeRound } from './rounds';
import { BET_NOT_SEEN, ROLLED_BACK_BEFORE_IT_ARRIVED } from './wallet-messages';

/*
 * The seamless wallet (docs/games-protocol.md): the provider calls Beacon for every bet, win and
 * rollback of a round, and the player's money stays in the main balance. In the ledger a bet moves the
 * stake from the player's main account into their account of the game's channel (the in-game amount
 * is the stakes of open rounds), a win pays from the house (`sys:games`, in parts: systemAccountPart), and settling the round moves
 * its stakes from the channel to the house. A rollback reverses its bet (a linked reversal).
 *
 * Every money call runs in one money transaction that first locks the player's main account, so all of
 * one player's calls are serialised (on PostgreSQL too): a replay always sees the first call's record.
 * Every answer to a money call, refusals included, is stored with its call and answered again, byte for
 * byte, on an exact replay (decision 0039): a provider told a bet failed never finds it applied later.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface SeamlessAnswer {
  /** HTTP status: 200 for every business answer, 400 for a request that can never succeed. */
  http: 200 | 400;
  body: WalletAnswer;
  /** The first answer given again to an exact replay (a wire may name a replayed debit apart: Evolution). */
  replay?: true;
}

const httpOf = (status: ProviderStatus): 200 | 400 => (status === 'INVALID_REQUEST' ? 400 : 200);

const answer = (
  status: ProviderStatus,
  balance?: number,
  extra: Partial<WalletAnswer> = {},
): SeamlessAnswer => ({
  http: httpOf(status),
  body: { status, ...(balance === undefined ? {} : { balance }), ...extra },
});

/**
 * A refusal carrying its answer to where it is recorded. A money call decides every refusal before it writes
 * anything but its session's expiry, so recording it and committing is all that is left to do.
 */
class Refusal extends Error {
  constructor(readonly answer: SeamlessAnswer) {
    super(answer.body.status);
  }
}
const refuse = (status: ProviderStatus, balance?: number, message?: string): never => {
  throw new Refusal(answer(status, balance, message ? { message } : {}));
};

/**
 * The transaction id was taken meanwhile by a call of another player (in another process: each locks only
 * its own player): the money transaction rolls back, and the call is a duplicate.
 */
class Taken extends Error {
  constructor(readonly balance: number | undefined) {
    super('DUPLICATE_TRANSACTION');
  }
}
const duplicate = (balance: number | undefined, message: string): SeamlessAnswer =>
  answer('DUPLICATE_TRANSACTION', balance, { message });
const USED = 'this transaction id was used for another call';

/**
 * The core's calls as the adapters give them (decision 0054): Beacon's own wire's, plus what an aggregator's
 * wire says besides. `free`: a stake that is not the player's money (a free bet: nothing is debited, the
 * round opens for its win); `referenceTransactionId` on a win: the bet it pays, which must be in the round;
 * `fraction`: what a win carried below the cent, in the wire's units, recorded and not credited. Each is part
 * of what makes two calls under one id the same call.
 */
export type CoreBet = BetRequest & { free?: true };
export type CoreWin = WinRequest & { referenceTransactionId?: string; fraction?: number };

/**
 * What the provider is told the player has: withdrawable money and what their open bonus requirements hold
 * (decision 0052), never the funds of withdrawals under way.
 */
const mainBalance = async (db: Db, userId: number): Promise<number> =>
  playableOf(await fundsOf(db, userId, await accountBalance(db, userAccount(userId, 'main'))));
/** Locks the player's main account for the rest of the money transaction and answers what they may stake. */
const lockPlayer = async (trx: Db, userId: number): Promise<Funds> =>
  fundsOf(trx, userId, await accountBalance(trx, userAccount(userId, 'main'), { lock: true }));

// ---- sessions

export async function authenticate(
  ctx: AppContext,
  provider: repo.ProviderRow,
  token: string,
): Promise<SeamlessAnswer> {
  const now = ctx.clock.now();
  const launch = await repo.findSessionByLaunch(ctx.db, sha256(token));
  if (!launch || launch.provider_code !== provider.code) return answer('INVALID_TOKEN');
  if (launch.launch_expires_at <= now) return answer('TOKEN_EXPIRED');
  const standing = await accountStanding(ctx.db, launch.user_id);
  await ensureUserAccounts(ctx.db, launch.user_id, now);
  const balance = await mainBalance(ctx.db, launch.user_id);
  if (!standing || standing.banned) return answer('USER_BLOCKED', balance);
  if (await checkAllowed(ctx.db, launch.user_id, 'bet', now)) return answer('USER_BLOCKED', balance);
  const sessionToken = randomBytes(24).toString('base64url');
  // Single use: a second authenticate with the same launch token finds the session already open.
  if (!(await repo.openSession(ctx.db, launch.id, sha256(sessionToken), now + ctx.config.games.sessionTtlMs)))
    return answer('INVALID_TOKEN');
  return answer('OK', balance, {
    sessionToken,
    playerId: String(launch.user_id),
    currency: ctx.config.games.currency,
  });
}

/**
 * A session opened at launch, for a wire with no authenticate step (decision 0054): the token the aggregator
 * is given is the session itself. Its launch token is born spent, so no authenticate can open it again.
 */
export async function openLaunchedSession(
  ctx: AppContext,
  userId: number,
  provider: repo.ProviderRow,
  gameId: number,
): Promise<string> {
  const now = ctx.clock.now();
  await ensureUserAccounts(ctx.db, userId, now);
  const token = randomBytes(24).toString('base64url');
  await repo.insertSession(ctx.db, {
    user_id: userId,
    provider_code: provider.code,
    game_id: gameId,
    launch_hash: sha256(`spent:${token}`),
    launch_expires_at: now,
    session_hash: sha256(token),
    expires_at: now + ctx.config.games.sessionTtlMs,
    created_at: now,
  });
  return token;
}

/**
 * The session of a call. `balance` and `bet` need a live one (and extend it); `win` and `rollback` are
 * accepted after it expired, so a round started in time is always settled.
 */
async function sessionOf(
  ctx: AppContext,
  db: Db,
  provider: repo.ProviderRow,
  sessionToken: string,
  playerId: string,
  live: boolean,
): Promise<repo.SessionRow> {
  const session = await playerSession(db, provider, sessionToken, playerId);
  if (!session) return refuse('INVALID_TOKEN');
  if (live) {
    const now = ctx.clock.now();
    if ((session.expires_at ?? 0) <= now)
      return refuse('TOKEN_EXPIRED', await mainBalance(db, session.user_id));
    await extend(ctx, db, session, now);
  }
  return session;
}

/** The session of this token, provider and player, or undefined (INVALID_TOKEN). */
async function playerSession(
  db: Db,
  provider: repo.ProviderRow,
  sessionToken: string,
  playerId: string,
): Promise<repo.SessionRow | undefined> {
  const session = await repo.findSessionByToken(db, sha256(sessionToken));
  if (!session || session.provider_code !== provider.code || String(session.user_id) !== playerId)
    return undefined;
  return session;
}

/** Slides the session's expiry, written at most once a minute (a bet per second need not write it each time). */
async function extend(ctx: AppContext, db: Db, session: repo.SessionRow, now: number): Promise<void> {
  const expiresAt = now + ctx.config.games.sessionTtlMs;
  if (expiresAt - (session.expires_at ?? 0) >= 60_000) await repo.extendSession(db, session.id, expiresAt);
}

async function settle<T>(work: () => Promise<T>): Promise<T | SeamlessAnswer> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Refusal) return err.answer;
    if (err instanceof Taken) return duplicate(err.balance, USED);
    throw err;
  }
}

export async function balance(
  ctx: AppContext,
  provider: repo.ProviderRow,
  req: { sessionToken: string; playerId: string },
): Promise<SeamlessAnswer> {
  return settle(async () => {
    const session = await sessionOf(ctx, ctx.db, provider, req.sessionToken, req.playerId, true);
    const standing = await accountStanding(ctx.db, session.user_id);
    const current = await mainBalance(ctx.db, session.user_id);
    return standing?.banned ? answer('USER_BLOCKED', current) : answer('OK', current);
  }) as Promise<SeamlessAnswer>;
}

// ---- money calls

/** What makes two calls with one transaction id the same call (the session token may be renewed). */
const callHash = (action: string, req: CoreBet | CoreWin | RollbackRequest): string => {
  const { sessionToken: _s, ...fields } = req;
  const ordered = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${String((fields as Record<string, unknown>)[k])}`);
  return sha256(`${action}\n${ordered.join('\n')}`);
};

/** An earlier call under this id: its first answer (a refusal too) when it is the same call, else a duplicate. */
async function replayed(
  trx: Db,
  provider: repo.ProviderRow,
  transactionId: string,
  hash: string,
  balanceNow: number | undefined,
): Promise<SeamlessAnswer | null> {
  const earlier = await repo.findCall(trx, provider.code, transactionId);
  if (!earlier) return null;
  if (earlier.request_hash === hash && earlier.answer) {
    const body = JSON.parse(earlier.answer) as WalletAnswer;
    return { http: httpOf(body.status), body, replay: true };
  }
  return duplicate(balanceNow, earlier.state === 'cancelled_unseen' ? ROLLED_BACK_BEFORE_IT_ARRIVED : USED);
}

const externalOf = (provider: repo.ProviderRow, transactionId: string) => ({
  source: `provider:${provider.code}`,
  ref: transactionId,
});

/** A posting under the call's id, which another player's call may have posted meanwhile (then: Taken). */
async function once<T>(posting: Promise<T>, balance: number): Promise<T> {
  try {
    return await posting;
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'external_ref_reused') throw new Taken(balance);
    throw err;
  }
}

/** The call's game, or its refusal: `game` was looked up before the money transaction (see moneyCall). */
function gameOf(game: repo.GameRow | undefined, gameCode: string, balanceNow: number) {
  if (!game) return refuse('INVALID_REQUEST', balanceNow, `unknown game ${gameCode}`);
  return game;
}

/** What a call's record says of it, whatever its answer. */
interface CallRecord {
  provider: repo.ProviderRow;
  transactionId: string;
  action: 'bet' | 'win' | 'rollback';
  hash: string;
  now: number;
}

interface OkCall extends CallRecord {
  roundId: number | null;
  amount: number;
  /** A win's part below the cent, in the wire's units (decision 0054). */
  fraction?: number;
  ledgerTransactionId: number | null;
  /** The player's main balance before the call: what a duplicate answers once the call is rolled back. */
  before: number;
}

/** Records a call with its answer (answered again on an exact replay); Taken when another took the id. */
async function record(
  trx: Db,
  call: CallRecord & Partial<OkCall>,
  result: SeamlessAnswer,
  state: 'applied' | 'refused',
): Promise<SeamlessAnswer> {
  const fresh = await repo.insertCall(trx, {
    provider_code: call.provider.code,
    transaction_ref: call.transactionId,
    action: call.action,
    round_id: call.roundId ?? null,
    amount: call.amount ?? 0,
    request_hash: call.hash,
    answer: JSON.stringify(result.body),
    ledger_transaction_id: call.ledgerTransactionId ?? null,
    state,
    created_at: call.now,
    fraction: call.fraction ?? 0,
  });
  if (!fresh) throw new Taken(call.before);
  return result;
}

/** Records an OK call with its answer, and answers it. */
const answered = (trx: Db, call: OkCall, balanceAfter: number, message?: string): Promise<SeamlessAnswer> =>
  record(
    trx,
    call,
    answer('OK', balanceAfter, {
      transactionId:
        call.ledgerTransactionId === null ? `noop-${call.transactionId}` : String(call.ledgerTransactionId),
      ...(message === undefined ? {} : { message }),
    }),
    'applied',
  );

/** What every money call has once its preamble passed: the player's lock held, its replay ruled out. */
interface MoneyCall {
  trx: Db;
  session: repo.SessionRow;
  userId: number;
  /** What the player may stake before this call (withdrawable and open requirements' money). */
  before: number;
  /** The same, by account. */
  funds: Funds;
  /** The game the call names (undefined: unknown), read before the transaction. */
  game: repo.GameRow | undefined;
  now: number;
  hash: string;
}

/**
 * The preamble of bet, win and rollback, in one money transaction (on SQLite a call then waits for the
 * one connection once, not once per statement behind every other caller): the session (expired ones
 * too: a replay or a settlement must still be answered), the player's main account locked, and an
 * earlier call under the id answered as the first answer or refused as a duplicate. Then the call's own
 * rules; a refusal of theirs is recorded in the same transaction (one insert), as is INVALID_TOKEN for a
 * session that is not the player's (no player to lock: the record's unique id settles a race).
 */
function moneyCall(
  ctx: AppContext,
  provider: repo.ProviderRow,
  action: 'bet' | 'win' | 'rollback',
  req: CoreBet | CoreWin | RollbackRequest,
  work: (call: MoneyCall) => Promise<SeamlessAnswer>,
): Promise<SeamlessAnswer> {
  const now = ctx.clock.now();
  const hash = callHash(action, req);
  const amount = 'amount' in req ? req.amount : 0;
  const call: CallRecord & { amount: number } = {
    provider,
    transactionId: req.transactionId,
    action,
    hash,
    now,
    amount,
  };
  return settle(async () => {
    // Read through the app's handle before the transaction, never inside it: on SQLite the transaction holds
    // the one connection, and a catalogue read through the app's handle (its cache expires every minute)
    // waited for it forever, with every other caller behind it.
    const game = 'gameCode' in req ? await gameByCode(ctx.db, provider.code, req.gameCode) : undefined;
    return withMoneyTx(ctx.db, async (trx) => {
      const session = await playerSession(trx, provider, req.sessionToken, req.playerId);
      const funds = session ? await lockPlayer(trx, session.user_id) : undefined;
      const before = funds && playableOf(funds);
      const again = await replayed(trx, provider, req.transactionId, hash, before);
      if (again) return again;
      try {
        if (!session || !funds || before === undefined) return refuse('INVALID_TOKEN');
        return await work({ trx, session, userId: session.user_id, before, funds, now, hash, game });
      } catch (err) {
        if (err instanceof Refusal) return record(trx, { ...call, before }, err.answer, 'refused');
        throw err;
      }
    });
  }) as Promise<SeamlessAnswer>;
}

/** Refuses a bet joining an existing round that is another player's or no longer open. */
function joinable(round: repo.RoundRow | undefined, userId: number, before: number): void {
  if (round && round.user_id !== userId) refuse('INVALID_REQUEST', before, 'another player’s round');
  if (round && round.status !== 'pending') refuse('ROUND_CLOSED', before);
}

export function bet(ctx: AppContext, provider: repo.ProviderRow, req: CoreBet): Promise<SeamlessAnswer> {
  return moneyCall(
    ctx,
    provider,
    'bet',
    req,
    async ({ trx, session, userId, before, funds, now, hash, game: named }) => {
      // The session's life is checked after the replay: an exact replay is answered even after it expired.
      if ((session.expires_at ?? 0) <= now) return refuse('TOKEN_EXPIRED', before);
      await extend(ctx, trx, session, now);
      const standing = await accountStanding(trx, userId);
      if (!standing || standing.banned) return refuse('USER_BLOCKED', before);
      // A time-out or self-exclusion (decision 0021) refuses new bets like a ban; wins and rollbacks still settle.
      if (await checkAllowed(trx, userId, 'bet', now)) return refuse('USER_BLOCKED', before);
      const game = gameOf(named, req.gameCode, before);
      // A game or provider switched off takes no new stake; the protocol has no status of its own for it, and
      // LIMIT_REACHED is the bet refused by the game's rules (docs/games-protocol.md). Its open rounds settle.
      if (game.enabled !== 1 || provider.enabled !== 1)
        return refuse('LIMIT_REACHED', before, `${game.code} is not available`);
      // A free bet stakes nothing of the player's: the game's limits are the aggregator's to keep.
      if (req.free && req.amount !== 0) return refuse('INVALID_REQUEST', before, 'a free bet stakes nothing');
      if (!req.free && (req.amount < game.min_bet || req.amount > game.max_bet))
        return refuse('LIMIT_REACHED', before, `bets on ${game.code} are ${game.min_bet}-${game.max_bet}`);
      // An open bonus's maximum bet (decision 0052): the game's own limit, for as long as a requirement holds money.
      if (funds.maxBet !== null && req.amount > funds.maxBet)
        return refuse('LIMIT_REACHED', before, `bonus_max_bet ${funds.maxBet}`);
      // Short: refused before a round is opened (a refusal is committed), with the refusal the round would give.
      const stake = stakeLegs(userId, req.amount, funds);
      if (!stake) {
        joinable(await repo.findRound(trx, provider.code, req.roundId), userId, before);
        return refuse('INSUFFICIENT_FUNDS', before);
      }
      // A new round is opened at once (the common case, one statement).
      const opened = await repo.openRound(trx, {
        provider_code: provider.code,
        round_ref: req.roundId,
        user_id: userId,
        game_id: game.id,
        channel_code: game.channel_code,
        bet: req.amount,
        status: 'pending',
        placed_at: now,
        settled_at: null,
      });
      const round = opened === undefined ? await repo.findRound(trx, provider.code, req.roundId) : undefined;
      joinable(round, userId, before);
      const roundId = opened ?? (round as repo.RoundRow).id;
      // A free bet moves nothing: no posting, and no stake its round's win would follow.
      const posted =
        req.amount === 0
          ? undefined
          : await once(
              post(trx, {
                type: 'game_bet',
                userId,
                ref: `round:${roundId}`,
                legs: [...stake, { account: channelAccount(userId, game.channel_code), amount: req.amount }],
                now,
                external: externalOf(provider, req.transactionId),
              }),
              before,
            );
      if (round) await repo.updateRound(trx, roundId, { bet: round.bet + req.amount });
      return answered(
        trx,
        {
          provider,
          transactionId: req.transactionId,
          action: 'bet',
          roundId,
          amount: req.amount,
          hash,
          ledgerTransactionId: posted?.transactionId ?? null,
          now,
          before,
        },
        before - req.amount,
      );
    },
  );
}

export function win(ctx: AppContext, provider: repo.ProviderRow, req: CoreWin): Promise<SeamlessAnswer> {
  return moneyCall(
    ctx,
    provider,
    'win',
    req,
    async ({ trx, userId, before, funds, now, hash, game: named }) => {
      const round = await repo.findRound(trx, provider.code, req.roundId);
      if (!round || round.user_id !== userId)
        return refuse('TRANSACTION_NOT_FOUND', before, 'no bet in this round');
      if (round.status !== 'pending') return refuse('ROUND_CLOSED', before);
      const game = gameOf(named, req.gameCode, before);
      if (game.id !== round.game_id) return refuse('INVALID_REQUEST', before, 'another game’s round');
      if (req.referenceTransactionId !== undefined) {
        const paid = await repo.findCall(trx, provider.code, req.referenceTransactionId);
        if (paid?.action !== 'bet' || paid.round_id !== round.id)
          return refuse('TRANSACTION_NOT_FOUND', before, 'no such bet in this round');
      }
      const stake = req.roundClosed ? round.bet : 0;
      // A win follows its stakes: the part bonus money staked returns to its requirement (decision 0052).
      const credit = await winLegs(trx, userId, await standingBets(trx, round.id), req.amount);
      const legs = [
        ...credit.legs,
        { account: channelAccount(userId, round.channel_code), amount: -stake },
        { account: systemAccountPart('games', userId), amount: stake - req.amount },
      ].filter((leg) => leg.amount !== 0);
      const posted = await once(
        post(trx, {
          type: 'game_win',
          userId,
          ref: `round:${round.id}`,
          legs,
          now,
          external: externalOf(provider, req.transactionId),
        }),
        before,
      );
      const totals = { bet: round.bet, win: round.win + req.amount };
      if (req.roundClosed)
        await closeRound(ctx, trx, round, totals, 'settled', now, await userTimeZone(ctx, userId, trx), {
          playerLocked: true,
        });
      else await repo.updateRound(trx, round.id, { win: totals.win });
      // A requirement the round met was released in closeRound (over its maximum conversion, money left): read again.
      const after =
        req.roundClosed && funds.held.length > 0
          ? await mainBalance(trx, userId)
          : before + credit.playableGain;
      return answered(
        trx,
        {
          provider,
          transactionId: req.transactionId,
          action: 'win',
          roundId: round.id,
          amount: req.amount,
          fraction: req.fraction ?? 0,
          hash,
          ledgerTransactionId: posted.transactionId,
          now,
          before,
        },
        after,
      );
    },
  );
}

/** The round's bets still standing (not rolled back), with their postings: what its win follows. */
async function standingBets(trx: Db, roundId: number): Promise<{ transactionId: number; amount: number }[]> {
  return (await repo.callsOfRound(trx, roundId))
    .filter((c) => c.action === 'bet' && c.state === 'applied' && c.ledger_transaction_id !== null)
    .map((c) => ({ transactionId: c.ledger_transaction_id as number, amount: c.amount }));
}

export function rollback(
  ctx: AppContext,
  provider: repo.ProviderRow,
  req: RollbackRequest,
): Promise<SeamlessAnswer> {
  return moneyCall(ctx, provider, 'rollback', req, async ({ trx, userId, before, now, hash }) => {
    const call = {
      provider,
      transactionId: req.transactionId,
      action: 'rollback' as const,
      hash,
      now,
      before,
    };
    const bet = await repo.findCall(trx, provider.code, req.referenceTransactionId);
    if (!bet) {
      // The bet has not arrived (or never will): remember its id so that, if it comes, it is refused.
      const unseen = await repo.insertCall(trx, {
        provider_code: provider.code,
        transaction_ref: req.referenceTransactionId,
        action: 'bet',
        round_id: null,
        amount: 0,
        request_hash: null,
        answer: null,
        ledger_transaction_id: null,
        state: 'cancelled_unseen',
        created_at: now,
      });
      if (!unseen) throw new Taken(before);
      return answered(
        trx,
        { ...call, roundId: null, amount: 0, ledgerTransactionId: null },
        before,
        BET_NOT_SEEN,
      );
    }
    if (bet.action !== 'bet' || bet.round_id === null) {
      // A bet refused, or rolled back before it came, moved nothing: its rollback neither.
      if (bet.action === 'bet' && (bet.state === 'cancelled_unseen' || bet.state === 'refused'))
        return answered(trx, { ...call, roundId: null, amount: 0, ledgerTransactionId: null }, before);
      return refuse('TRANSACTION_NOT_FOUND', before, 'not a bet');
    }
    const round = await repo.findRoundById(trx, bet.round_id);
    if (!round || round.user_id !== userId || round.round_ref !== req.roundId)
      return refuse('TRANSACTION_NOT_FOUND', before, 'no such bet in this round');
    if (bet.state === 'rolled_back')
      return answered(trx, { ...call, roundId: round.id, amount: 0, ledgerTransactionId: null }, before);
    if (round.status !== 'pending') return refuse('ROUND_CLOSED', before);
    if (bet.ledger_transaction_id === null) {
      // A free bet (decision 0054) posted nothing: rolling it back moves nothing either.
      if (bet.amount !== 0) throw new Error(`games: bet ${bet.id} has no posting`);
      await repo.setCallState(trx, bet.id, 'rolled_back');
      return answered(trx, { ...call, roundId: round.id, amount: 0, ledgerTransactionId: null }, before);
    }
    const paidBy = await requirementsMovedBy(trx, [bet.ledger_transaction_id]);
    const reversed = await once(
      reverse(trx, bet.ledger_transaction_id, {
        type: 'game_rollback',
        now,
        external: externalOf(provider, req.transactionId),
      }),
      before,
    );
    await repo.setCallState(trx, bet.id, 'rolled_back');
    // Bonus money it returned to a requirement that ended meanwhile is not the player's to stake again.
    if (paidBy.length > 0) await sweepEnded(trx, userId, paidBy, reversed.transactionId, now);
    const totals = { bet: round.bet - bet.amount, win: round.win };
    if ((await repo.countStandingBets(trx, round.id)) === 0 && totals.win === 0)
      await closeRound(ctx, trx, round, totals, 'cancelled', now, await userTimeZone(ctx, userId, trx));
    else await repo.updateRound(trx, round.id, { bet: totals.bet });
    return answered(
      trx,
      { ...call, roundId: round.id, amount: bet.amount, ledgerTransactionId: reversed.transactionId },
      paidBy.length > 0 ? await mainBalance(trx, userId) : before + bet.amount,
    );
  });
}
