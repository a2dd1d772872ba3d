import { randomUUID } from 'node:crypto';
import {
  EVOLUTION_AUTH_PARAM,
  EVOLUTION_CALLS,
  type EvolutionAnswer,
  type EvolutionMethod,
  type EvolutionStatus,
  evolutionAnswerSchema,
} from '#contract/game-evolution';
import type { ProviderStatus, WalletAnswer } from '#contract/game-provider';
import type { Attempt, CallAbout, SeamlessAction, WalletWire } from '../seamless-client';
import { postOnce } from '../wire-post';

/*
 * Evolution's side of One Wallet, as Evolution calls a licensee: JSON bodies with the player's sid and
 * userId, amounts as decimal numbers, the authToken in the query, every answer HTTP 200 with a status. The
 * rounds (seamless-rounds.ts) keep driving the calls in Beacon's terms; this wire writes Evolution's bodies
 * for them and reads Evolution's answers back. Evolution has no authenticate: the sid came with User
 * Authentication, so "authenticate" here is `check` with the sid and the user it was handed over for. A bet is
 * its own refId (Evolution settles each bet), and a cancel repeats its debit's id and amount.
 */

/** Evolution's status in Beacon's words, so the rounds' rules (decided, refused, retried) read them as Beacon's. */
const STATUS: Record<EvolutionStatus, ProviderStatus | 'RETRY'> = {
  OK: 'OK',
  // Evolution retransmits a credit or cancel after these (and after no answer): the rounds send it again.
  TEMPORARY_ERROR: 'RETRY',
  UNKNOWN_ERROR: 'RETRY',
  INVALID_TOKEN_ID: 'INVALID_SIGNATURE',
  INVALID_SID: 'INVALID_TOKEN',
  ACCOUNT_LOCKED: 'USER_BLOCKED',
  FATAL_ERROR_CLOSE_USER_SESSION: 'USER_BLOCKED',
  INVALID_PARAMETER: 'INVALID_REQUEST',
  BET_DOES_NOT_EXIST: 'TRANSACTION_NOT_FOUND',
  // The debit was taken already (a repeated debit): it stands, as the first answer said.
  BET_ALREADY_EXIST: 'OK',
  BET_ALREADY_SETTLED: 'ROUND_CLOSED',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  FINAL_ERROR_ACTION_FAILED: 'DUPLICATE_TRANSACTION',
  BONUS_LIMIT_EXCEEDED: 'LIMIT_REACHED',
  CASINO_LIMIT_EXCEEDED_STAKE: 'LIMIT_REACHED',
};

const METHODS: Record<Exclude<SeamlessAction, 'authenticate'>, EvolutionMethod> = {
  balance: 'balance',
  bet: 'debit',
  win: 'credit',
  rollback: 'cancel',
};

/** Minor units as Evolution's decimal number of the unit. */
const decimal = (minor: number): number => minor / 100;

export interface EvolutionWireOptions {
  platformUrl: string;
  /** Beacon's code of this provider (the wallet's path names it). */
  code: string;
  /** The token agreed with the licensee, sent with every wallet call. */
  authToken: string;
  currency: string;
  timeoutMs?: number;
}

export class EvolutionWire implements WalletWire {
  /** The user each sid was handed over for (User Authentication), which Evolution's calls carry beside it. */
  private readonly users = new Map<string, string>();
  private readonly timeoutMs: number;

  constructor(private readonly options: EvolutionWireOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** User Authentication handed this sid over for this user. */
  noteLaunch(sid: string, userId: string): void {
    this.users.set(sid, userId);
  }

  body(action: SeamlessAction, input: Record<string, unknown>, about?: CallAbout): string {
    const who = {
      sid: String(input.sessionToken ?? ''),
      userId: String(input.playerId ?? ''),
      uuid: randomUUID(),
    };
    if (action === 'authenticate') return JSON.stringify({ sid: input.token });
    const game = {
      id: String(input.roundId ?? ''),
      type: 'slots',
      details: { table: { id: String(input.gameCode ?? ''), vid: null } },
    };
    if (action === 'balance') return JSON.stringify({ ...who, currency: this.options.currency, game });
    const money = (id: string, amount: number) => ({
      ...who,
      currency: this.options.currency,
      game,
      // The round's bet is its refId: each debit here is one bet of one round.
      transaction: { id, refId: String(input.roundId), amount: decimal(amount) },
    });
    if (action === 'rollback')
      return JSON.stringify(money(String(input.referenceTransactionId), about?.stake ?? 0));
    return JSON.stringify(money(String(input.transactionId), Number(input.amount)));
  }

  async send(action: SeamlessAction, body: string): Promise<Attempt> {
    if (action === 'authenticate') {
      const { sid } = JSON.parse(body) as { sid: string };
      const userId = this.users.get(sid);
      const at = Date.now();
      if (!userId) return { at, httpStatus: 200, answer: { status: 'INVALID_TOKEN' } };
      const check = await this.post(
        'check',
        JSON.stringify({ sid, userId, uuid: randomUUID(), channel: { type: 'M' } }),
      );
      if (check.answer?.status !== 'OK') return check;
      // check answers no balance: the game shows the one balance reads.
      const balance = await this.post(
        'balance',
        JSON.stringify({ sid, userId, uuid: randomUUID(), currency: this.options.currency }),
      );
      if (balance.answer?.status !== 'OK') return balance;
      return { ...balance, answer: { ...balance.answer, sessionToken: sid, playerId: userId } };
    }
    return this.post(METHODS[action], body);
  }

  private async post(method: EvolutionMethod, body: string): Promise<Attempt> {
    const path = EVOLUTION_CALLS[method].path.replace(':provider', encodeURIComponent(this.options.code));
    const url = new URL(`${this.options.platformUrl}/api${path}`);
    url.searchParams.set(EVOLUTION_AUTH_PARAM, this.options.authToken);
    const sent = await postOnce(url, {}, body, this.timeoutMs);
    if ('failed' in sent) return sent.failed;
    let parsed: EvolutionAnswer;
    try {
      parsed = evolutionAnswerSchema.parse(JSON.parse(sent.text));
    } catch {
      return { at: sent.at, error: 'answer is not Evolution’s' };
    }
    const status = STATUS[parsed.status];
    // Evolution sends a call again after TEMPORARY_ERROR or UNKNOWN_ERROR, as after no answer.
    if (status === 'RETRY') return { at: sent.at, httpStatus: 200, error: parsed.status };
    return { at: sent.at, httpStatus: 200, answer: inBeaconTerms(parsed, status, this.options.currency) };
  }
}

/** An Evolution answer in the rounds' terms: Beacon's status, the balance in minor units. */
function inBeaconTerms(answer: EvolutionAnswer, status: ProviderStatus, currency: string): WalletAnswer {
  return {
    status,
    ...(answer.balance === undefined ? {} : { balance: Math.round(answer.balance * 100) }),
    currency,
    message: answer.status,
  };
}
