import {
  PROVIDER_HEADER,
  SEAMLESS_CALLS,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type WalletAnswer,
  walletAnswerSchema,
} from '#contract/game-provider';
import { signedHeaders, verifySignature } from './signing';

export type SeamlessAction = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback';

/** One attempt at a seamless call, as /control/calls shows it. */
export interface Attempt {
  at: number;
  httpStatus?: number;
  /** The answer checked against the platform's signature; absent when it did not check. */
  answer?: WalletAnswer;
  /** Why the attempt counts as lost (network, timeout, bad signature, unreadable answer). */
  error?: string;
}

/**
 * What an attempt means for the caller: `definitive` (a signed HTTP 200: the platform decided),
 * `refused` (a signed 4xx: the request was not taken, and resending it unchanged cannot succeed), or
 * `lost` (anything else: the platform may or may not have applied it, so the same body is sent again).
 */
export type Verdict = 'definitive' | 'refused' | 'lost';

export function verdictOf(attempt: Attempt): Verdict {
  if (!attempt.answer || attempt.httpStatus === undefined) return 'lost';
  if (attempt.httpStatus === 200) return 'definitive';
  const retryable = attempt.httpStatus === 408 || attempt.httpStatus === 429 || attempt.httpStatus >= 500;
  return attempt.httpStatus >= 400 && !retryable ? 'refused' : 'lost';
}

/**
 * A wallet wire as the rounds use it (decision 0054): the body of a call, made once and sent again byte for
 * byte, and one attempt at sending it, its answer read back into Beacon's own statuses. Beacon's own wire is
 * SeamlessClient; an aggregator's (hub88/wallet-wire.ts) speaks its wire and reads its answers the same way.
 */
/** What a call is about, beyond what Beacon's own wire sends. */
export interface CallAbout {
  /** A win's bet: its transaction id. */
  bet?: string;
  /** A rollback's bet: its stake, in minor units. */
  stake?: number;
}

export interface WalletWire {
  /** `about`: what a wire may name beside Beacon's fields (the bet a win pays, as Hub88's does; the stake a cancel returns, as Evolution's does). */
  body(action: SeamlessAction, input: Record<string, unknown>, about?: CallAbout): string;
  send(action: SeamlessAction, body: string): Promise<Attempt>;
}

export interface SeamlessClientOptions {
  platformUrl: string;
  code: string;
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Signs our calls to the platform and checks its signed answers (docs/games-protocol.md). */
export class SeamlessClient implements WalletWire {
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: SeamlessClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The body exactly as it is sent and signed; checked against the contract so a bug never leaves. */
  static body(action: SeamlessAction, input: unknown): string {
    return JSON.stringify(SEAMLESS_CALLS[action].input.parse(input));
  }

  body(action: SeamlessAction, input: Record<string, unknown>): string {
    return SeamlessClient.body(action, input);
  }

  async send(action: SeamlessAction, body: string): Promise<Attempt> {
    const at = Date.now();
    const { timestamp, signature } = signedHeaders(this.options.secret, body);
    let res: Response;
    let raw: Buffer;
    try {
      res = await this.fetch(`${this.options.platformUrl}/api${SEAMLESS_CALLS[action].path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_HEADER]: this.options.code,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signature,
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      raw = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      const timedOut = (err as { name?: unknown } | null)?.name === 'TimeoutError';
      return { at, error: timedOut ? `no answer within ${this.timeoutMs} ms` : `network: ${String(err)}` };
    }
    const failure = verifySignature(
      this.options.secret,
      res.headers.get(TIMESTAMP_HEADER) ?? undefined,
      res.headers.get(SIGNATURE_HEADER) ?? undefined,
      raw,
    );
    if (failure) return { at, httpStatus: res.status, error: `answer signature ${failure}` };
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return { at, httpStatus: res.status, error: 'answer is not JSON' };
    }
    const parsed = walletAnswerSchema.safeParse(json);
    if (!parsed.success) return { at, httpStatus: res.status, error: 'answer does not match the protocol' };
    return { at, httpStatus: res.status, answer: parsed.data };
  }
}
