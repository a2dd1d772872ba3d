import { randomUUID } from 'node:crypto';
import type { ProviderStatus } from '#contract/game-provider';
import type { DemoGame } from './catalogue';
import { type Outcome, playRound } from './engines/play';
import type { RandomInt } from './engines/weighted-draw';
import type { FaultQueue } from './faults';
import { type CallRow, callsOfRound, decidingAttempt, deliver, enqueueCall } from './outbox';
import { ERROR_TEXTS } from './page/error-texts';
import { fill, type PageLocale, pageMoney } from './page/page-texts';
import { ROUND_TEXTS } from './page/round-texts';
import type { CallAbout, SeamlessAction, WalletWire } from './seamless-client';
import { findSeamlessSession, noteSessionBalance, type SeamlessSession } from './seamless-sessions';
import type { ProviderDb } from './store';

/**
 * A seamless round: the outcome is drawn and stored first, then the bet goes to the platform, then
 * the win (0 for a loss) closes the round. A bet the platform never decided on within the retry
 * window is rolled back. Every step is in our database, so a restart carries on where it stopped.
 */
type RoundState = 'betting' | 'settling' | 'cancelling' | 'settled' | 'refused' | 'cancelled';
const FINAL_STATES: readonly RoundState[] = ['settled', 'refused', 'cancelled'];

interface RoundRow {
  round_id: string;
  session_id: string;
  game_code: string;
  stake: number;
  outcome: string;
  payout: number;
  state: RoundState;
  rollback_first: number;
  win_hold_ms: number;
  created_at: number;
}

/** One money call of a round as the page and /control/play show it. */
export interface CallView {
  /** Our id of the movement. */
  transactionId: string;
  state: CallRow['state'];
  /** The platform's decision; null while none came (or it was lost for good). */
  status: ProviderStatus | null;
  balance: number | null;
  /** The platform's id of the movement. */
  beaconTransactionId: string | null;
}

export interface RoundView {
  roundId: string;
  /** Our session the round was played in. */
  sessionId: string;
  gameCode: string;
  stake: number;
  payout: number;
  state: RoundState;
  outcome: Outcome;
  bet: CallView | null;
  win: CallView | null;
  rollback: CallView | null;
  /** The balance of the platform's latest answer in this round. */
  balance: number | null;
  /** What happened, in words, when the round did not simply settle. */
  message: string | null;
}

export interface RoundRunnerOptions {
  db: ProviderDb;
  client: WalletWire;
  faults: FaultQueue;
  betRetryMs: number;
  random?: RandomInt;
}

export class RoundRunner {
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: RoundRunnerOptions) {}

  /** Draws the outcome and stores the round and its bet before anything is sent. */
  start(session: SeamlessSession, game: DemoGame, stake: number, choice: number | undefined): string {
    const { db, faults } = this.options;
    const { outcome, payout } = playRound(game.engine, stake, choice, this.options.random);
    const roundId = `round-${randomUUID()}`;
    const rollbackFirst = faults.take(['rollback-before-bet']) !== undefined;
    const hold = faults.take(['win-after-expiry']);
    const now = Date.now();
    db.transaction(() => {
      db.prepare(
        `insert into rounds (round_id, session_id, game_code, stake, outcome, payout, state, rollback_first, win_hold_ms, created_at)
         values (?, ?, ?, ?, ?, ?, 'betting', ?, ?, ?)`,
      ).run(
        roundId,
        session.sessionId,
        game.code,
        stake,
        JSON.stringify(outcome),
        payout,
        rollbackFirst ? 1 : 0,
        hold?.delayMs ?? 0,
        now,
      );
      const betId = `bet-${randomUUID()}`;
      const common = {
        sessionToken: session.sessionToken,
        playerId: session.playerId,
        roundId,
        gameCode: game.code,
      };
      // The rollback a fault sends ahead of its bet goes first in the outbox, so it is sent first.
      if (rollbackFirst)
        this.enqueue(
          roundId,
          'rollback',
          { ...common, transactionId: `rb-${randomUUID()}`, referenceTransactionId: betId },
          {},
          { stake },
        );
      this.enqueue(
        roundId,
        'bet',
        { ...common, transactionId: betId, amount: stake },
        { deadlineAt: now + this.options.betRetryMs },
      );
    })();
    return roundId;
  }

  /** Drives a round to a final state (or until shutdown); one driver per round at a time. */
  run(roundId: string): Promise<void> {
    const current = this.running.get(roundId);
    if (current) return current;
    const driver = this.drive(roundId).finally(() => this.running.delete(roundId));
    this.running.set(roundId, driver);
    return driver;
  }

  /** After a restart: every round that had not finished goes on. */
  resume(): void {
    const open = this.options.db
      .prepare(
        "select round_id from rounds where state not in ('settled', 'refused', 'cancelled') order by created_at",
      )
      .all() as { round_id: string }[];
    for (const { round_id } of open) void this.run(round_id);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running.values()]);
  }

  /** The round as the page and /control/play show it; its message in `locale` (the page's: the launch's). */
  view(roundId: string, locale: PageLocale = 'en-US'): RoundView | undefined {
    const round = this.round(roundId);
    if (!round) return undefined;
    const calls = callsOfRound(this.options.db, roundId);
    const bet = calls.find((c) => c.action === 'bet');
    const win = calls.find((c) => c.action === 'win');
    const rollback = calls.filter((c) => c.action === 'rollback').at(-1);
    const balances = calls
      .flatMap((c) => {
        const answer = decidingAttempt(c);
        return answer?.answer?.balance === undefined
          ? []
          : [{ at: answer.at, balance: answer.answer.balance }];
      })
      .sort((a, b) => a.at - b.at);
    return {
      roundId,
      sessionId: round.session_id,
      gameCode: round.game_code,
      stake: round.stake,
      payout: round.payout,
      state: round.state,
      outcome: JSON.parse(round.outcome) as Outcome,
      bet: bet ? callView(bet) : null,
      win: win ? callView(win) : null,
      rollback: rollback ? callView(rollback) : null,
      balance: balances.at(-1)?.balance ?? null,
      message: messageOf(round.state, bet, locale),
    };
  }

  private enqueue(
    roundId: string,
    action: SeamlessAction,
    input: Record<string, unknown>,
    extra: { deadlineAt?: number; holdUntil?: number } = {},
    about?: CallAbout,
  ): CallRow {
    const replay = this.options.faults.take(['replay'], action) !== undefined;
    return enqueueCall(this.options.db, {
      roundId,
      action,
      transactionId: String(input.transactionId),
      body: this.options.client.body(action, input, about),
      replay,
      ...extra,
    });
  }

  private round(roundId: string): RoundRow | undefined {
    return this.options.db.prepare('select * from rounds where round_id = ?').get(roundId) as
      | RoundRow
      | undefined;
  }

  private setState(roundId: string, state: RoundState): void {
    this.options.db.prepare('update rounds set state = ? where round_id = ?').run(state, roundId);
  }

  private async deliver(call: CallRow, sessionId: string): Promise<CallRow> {
    const done = await deliver(this.options.db, this.options.client, call.id, this.stopping.signal);
    noteSessionBalance(this.options.db, sessionId, decidingAttempt(done)?.answer?.balance);
    return done;
  }

  private async drive(roundId: string): Promise<void> {
    const { signal } = this.stopping;
    for (;;) {
      const round = this.round(roundId);
      if (!round || FINAL_STATES.includes(round.state) || signal.aborted) return;
      const calls = callsOfRound(this.options.db, roundId);
      const bet = calls.find((c) => c.action === 'bet');
      if (!bet) throw new Error(`round ${roundId} has no bet`);
      const session = findSeamlessSession(this.options.db, round.session_id);
      if (!session) throw new Error(`round ${roundId} has no session`);
      const common = {
        sessionToken: session.sessionToken,
        playerId: session.playerId,
        roundId,
        gameCode: round.game_code,
      };

      if (round.state === 'betting') {
        const early = round.rollback_first ? calls.find((c) => c.action === 'rollback') : undefined;
        if (early && (await this.deliver(early, round.session_id)).state === 'pending') return;
        const decided = await this.deliver(bet, round.session_id);
        if (decided.state === 'pending') return;
        const status = decidingAttempt(decided)?.answer?.status;
        if (decided.state === 'answered' && status === 'OK') {
          this.options.db.transaction(() => {
            this.enqueue(
              roundId,
              'win',
              { ...common, transactionId: `win-${randomUUID()}`, amount: round.payout, roundClosed: true },
              round.win_hold_ms > 0 ? { holdUntil: Date.now() + round.win_hold_ms } : {},
              { bet: bet.transaction_id ?? undefined },
            );
            this.setState(roundId, 'settling');
          })();
        } else if (decided.state === 'abandoned') {
          this.options.db.transaction(() => {
            this.enqueue(
              roundId,
              'rollback',
              { ...common, transactionId: `rb-${randomUUID()}`, referenceTransactionId: bet.transaction_id },
              {},
              { stake: round.stake },
            );
            this.setState(roundId, 'cancelling');
          })();
        } else this.setState(roundId, 'refused');
        continue;
      }

      const action = round.state === 'settling' ? 'win' : 'rollback';
      const call = calls.filter((c) => c.action === action).at(-1);
      if (!call) throw new Error(`round ${roundId} is ${round.state} without its ${action}`);
      // Only a decision ends a win or a rollback: they are sent again until the platform decides.
      if ((await this.deliver(call, round.session_id)).state === 'pending') return;
      this.setState(roundId, round.state === 'settling' ? 'settled' : 'cancelled');
    }
  }
}

function callView(call: CallRow): CallView {
  const answer = decidingAttempt(call)?.answer;
  return {
    transactionId: call.transaction_id ?? '',
    state: call.state,
    status: answer?.status ?? null,
    balance: answer?.balance ?? null,
    beaconTransactionId: answer?.transactionId ?? null,
  };
}

/** The platform's message for a bet above an open bonus's maximum bet: `bonus_max_bet <minor units>`. */
const BONUS_MAX_BET = /^bonus_max_bet (\d+)$/;

function messageOf(state: RoundState, bet: CallRow | undefined, locale: PageLocale): string | null {
  const words = ROUND_TEXTS[locale];
  if (state === 'settled') return null;
  if (state === 'betting' || state === 'settling') return words.confirming;
  if (state === 'cancelling' || state === 'cancelled') return words.cancelled;
  const answer = bet ? decidingAttempt(bet)?.answer : undefined;
  const status = answer?.status;
  // LIMIT_REACHED covers every limit; the platform's message says when it is a bonus's maximum bet, and how much.
  const bonusMax = status === 'LIMIT_REACHED' ? BONUS_MAX_BET.exec(answer?.message ?? '') : null;
  if (bonusMax) return fill(ERROR_TEXTS[locale].bonusMaxBet, { max: pageMoney(Number(bonusMax[1]), locale) });
  return (status && ERROR_TEXTS[locale].statuses[status]) ?? words.refusedBet;
}
