import { randomUUID, sign } from 'node:crypto';
import {
  HUB88_CALLS,
  HUB88_SIGNATURE_HEADER,
  HUB88_UNITS,
  type Hub88Action,
  type Hub88Answer,
  type Hub88Status,
  hub88AnswerSchema,
} from '#contract/game-hub88';
import type { ProviderStatus, WalletAnswer } from '#contract/game-provider';
import type { Attempt, CallAbout, SeamlessAction, WalletWire } from '../seamless-client';
import { postOnce } from '../wire-post';

/*
 * Hub88's side of the Wallet API, as Hub88 calls an operator (docs.hub88.io, Operator API, "Wallet API"):
 * each body signed with Hub88's private key (base64 RSA-SHA256 in X-Hub88-Signature), amounts in 1/100,000
 * of the currency, every answer HTTP 200 with an RS_* status. The rounds (seamless-rounds.ts) keep driving
 * the calls in Beacon's terms; this wire writes Hub88's bodies for them and reads Hub88's answers back.
 * Hub88 has no authenticate: the operator hands the session token over in game/url, so "authenticate" here
 * is a balance call with the token and the user game/url named.
 */

const PER_MINOR = HUB88_UNITS / 100;

/** Hub88's status in Beacon's words, so the rounds' rules (decided, refused, retried) read them as Beacon's. */
const STATUS: Record<Hub88Status, ProviderStatus> = {
  RS_OK: 'OK',
  RS_ERROR_UNKNOWN: 'INVALID_REQUEST',
  RS_ERROR_INVALID_PARTNER: 'INVALID_REQUEST',
  RS_ERROR_INVALID_TOKEN: 'INVALID_TOKEN',
  RS_ERROR_INVALID_GAME: 'INVALID_REQUEST',
  RS_ERROR_WRONG_CURRENCY: 'INVALID_REQUEST',
  RS_ERROR_NOT_ENOUGH_MONEY: 'INSUFFICIENT_FUNDS',
  RS_ERROR_USER_DISABLED: 'USER_BLOCKED',
  RS_ERROR_INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  RS_ERROR_TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  RS_ERROR_WRONG_SYNTAX: 'INVALID_REQUEST',
  RS_ERROR_WRONG_TYPES: 'INVALID_REQUEST',
  RS_ERROR_DUPLICATE_TRANSACTION: 'DUPLICATE_TRANSACTION',
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 'TRANSACTION_NOT_FOUND',
  RS_ERROR_TRANSACTION_ROLLED_BACK: 'DUPLICATE_TRANSACTION',
  RS_ERROR_LIMIT_REACHED: 'LIMIT_REACHED',
};

const PATHS: Record<Exclude<SeamlessAction, 'authenticate'>, Hub88Action> = {
  balance: 'balance',
  bet: 'bet',
  win: 'win',
  rollback: 'rollback',
};

export interface Hub88WireOptions {
  platformUrl: string;
  /** Beacon's code of this provider (the wallet's path names it). */
  code: string;
  /** Hub88's private key (PEM), which signs every wallet call. */
  privateKey: string;
  currency: string;
  timeoutMs?: number;
}

export class Hub88Wire implements WalletWire {
  /** The user each token was launched for (game/url), which Hub88's calls carry beside the token. */
  private readonly users = new Map<string, string>();
  private readonly timeoutMs: number;

  constructor(private readonly options: Hub88WireOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** game/url handed this token over for this user. */
  noteLaunch(token: string, user: string): void {
    this.users.set(token, user);
  }

  body(action: SeamlessAction, input: Record<string, unknown>, about?: CallAbout): string {
    const who = { user: String(input.playerId ?? ''), token: String(input.sessionToken ?? '') };
    const request_uuid = randomUUID();
    if (action === 'authenticate') return JSON.stringify({ token: input.token });
    if (action === 'balance') return JSON.stringify({ ...who, request_uuid });
    const move = {
      ...who,
      request_uuid,
      transaction_uuid: String(input.transactionId),
      round: String(input.roundId),
      game_code: String(input.gameCode),
    };
    if (action === 'rollback')
      return JSON.stringify({ ...move, reference_transaction_uuid: String(input.referenceTransactionId) });
    const money = {
      currency: this.options.currency,
      amount: Number(input.amount) * PER_MINOR,
      is_free: false,
    };
    if (action === 'bet') return JSON.stringify({ ...move, ...money, round_closed: false });
    return JSON.stringify({
      ...move,
      ...money,
      reference_transaction_uuid: about?.bet ?? '',
      round_closed: input.roundClosed === true,
    });
  }

  async send(action: SeamlessAction, body: string): Promise<Attempt> {
    if (action === 'authenticate') {
      const { token } = JSON.parse(body) as { token: string };
      const user = this.users.get(token);
      const at = Date.now();
      if (!user) return { at, httpStatus: 200, answer: { status: 'INVALID_TOKEN' } };
      const attempt = await this.post('balance', JSON.stringify({ user, token, request_uuid: randomUUID() }));
      if (attempt.answer?.status !== 'OK') return attempt;
      return { ...attempt, answer: { ...attempt.answer, sessionToken: token, playerId: user } };
    }
    return this.post(PATHS[action], body);
  }

  private async post(action: Hub88Action, body: string): Promise<Attempt> {
    const path = HUB88_CALLS[action].path.replace(':provider', encodeURIComponent(this.options.code));
    const signature = sign('sha256', Buffer.from(body), this.options.privateKey).toString('base64');
    const sent = await postOnce(
      `${this.options.platformUrl}/api${path}`,
      { [HUB88_SIGNATURE_HEADER]: signature },
      body,
      this.timeoutMs,
    );
    if ('failed' in sent) return sent.failed;
    let parsed: Hub88Answer;
    try {
      parsed = hub88AnswerSchema.parse(JSON.parse(sent.text));
    } catch {
      return { at: sent.at, error: 'answer is not Hub88’s' };
    }
    return { at: sent.at, httpStatus: 200, answer: inBeaconTerms(parsed, this.options.currency) };
  }
}

/** A Hub88 answer in the rounds' terms: Beacon's status, the balance in minor units. */
function inBeaconTerms(answer: Hub88Answer, currency: string): WalletAnswer {
  return {
    status: STATUS[answer.status],
    ...(answer.balance === undefined ? {} : { balance: Math.floor(answer.balance / PER_MINOR) }),
    currency: answer.currency ?? currency,
    message: answer.status,
  };
}
