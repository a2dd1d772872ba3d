import type { z } from 'zod/mini';
import {
  type ProviderStatus,
  recordsAnswerSchema,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  transferAnswerSchema,
  transferEndSessionsAnswerSchema,
  transferLaunchAnswerSchema,
  transferStatusAnswerSchema,
} from '#contract/game-provider';
import type { AppContext } from '../../context';
import type { ProviderRow } from './repository';
import { signatureProblem, signedHeaders } from './signing';

/*
 * Beacon's calls to a transfer provider (docs/games-protocol.md, "Transfer wallet"): signed POSTs to
 * `<base URL>/transfer/<action>`, whose answers must be signed too. An answer that does not arrive in
 * time, does not check, or cannot be read tells nothing about what the provider did: it is `lost`, and
 * the caller asks `status` before anything else happens on that channel. Signatures use the wall
 * clock (not ctx.clock): the provider checks them against its own.
 */

export type TransferAction =
  | 'balance'
  | 'deposit'
  | 'withdraw'
  | 'status'
  | 'launch'
  | 'end-sessions'
  | 'records';

export type ProviderAnswer<T> =
  /** Signed, readable, status OK. */
  | { kind: 'answer'; body: T }
  /** Signed and readable: the provider said no (a definitive answer, unlike `lost`). */
  | { kind: 'refused'; status: Exclude<ProviderStatus, 'OK'>; balance?: number }
  | { kind: 'lost'; reason: string };

async function send<S extends z.ZodMiniType<{ status: ProviderStatus }>>(
  ctx: AppContext,
  provider: ProviderRow,
  action: TransferAction,
  body: unknown,
  schema: S,
): Promise<ProviderAnswer<z.output<S>>> {
  const raw = JSON.stringify(body);
  const url = `${provider.base_url.replace(/\/+$/, '')}/transfer/${action}`;
  const lost = (reason: string): ProviderAnswer<z.output<S>> => {
    // The provider's code and why, never the secret or a signature.
    ctx.log.warn({ provider: provider.code, action, reason }, 'transfer provider answer lost');
    return { kind: 'lost', reason };
  };
  let status: number;
  let text: string;
  let timestamp: string | null;
  let signature: string | null;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(provider.secret, raw, Date.now()) },
      body: raw,
      // Covers the body too: a provider that stalls mid-answer is as lost as one that never answers.
      signal: AbortSignal.timeout(ctx.config.games.providerTimeoutMs),
    });
    status = res.status;
    timestamp = res.headers.get(TIMESTAMP_HEADER);
    signature = res.headers.get(SIGNATURE_HEADER);
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    return lost(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `network: ${String(err)}`);
  }
  const problem = signatureProblem(
    provider.secret,
    timestamp ?? undefined,
    signature ?? undefined,
    text,
    Date.now(),
  );
  if (problem) return lost(`answer signature ${problem}`);
  if (status >= 500) return lost(`HTTP ${status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return lost('answer is not JSON');
  }
  const refusal = transferAnswerSchema.safeParse(json);
  if (refusal.success && refusal.data.status !== 'OK')
    return {
      kind: 'refused',
      status: refusal.data.status,
      ...(refusal.data.balance === undefined ? {} : { balance: refusal.data.balance }),
    };
  const parsed = schema.safeParse(json);
  if (!parsed.success || status !== 200) return lost(`unreadable answer (HTTP ${status})`);
  return { kind: 'answer', body: parsed.data };
}

export const providerBalance = (ctx: AppContext, provider: ProviderRow, playerId: string) =>
  send(ctx, provider, 'balance', { playerId }, transferAnswerSchema);

export const moveMoney = (
  ctx: AppContext,
  provider: ProviderRow,
  action: 'deposit' | 'withdraw',
  move: { playerId: string; transactionId: string; amount: number },
) => send(ctx, provider, action, move, transferAnswerSchema);

export const transferStatus = (ctx: AppContext, provider: ProviderRow, transactionId: string) =>
  send(ctx, provider, 'status', { transactionId }, transferStatusAnswerSchema);

export const launchUrl = (
  ctx: AppContext,
  provider: ProviderRow,
  launch: { playerId: string; gameCode: string; lang: string },
) => send(ctx, provider, 'launch', launch, transferLaunchAnswerSchema);

export const records = (ctx: AppContext, provider: ProviderRow, page: { cursor: string; limit: number }) =>
  send(ctx, provider, 'records', page, recordsAnswerSchema);

export const endSessions = (ctx: AppContext, provider: ProviderRow, playerId: string) =>
  send(ctx, provider, 'end-sessions', { playerId }, transferEndSessionsAnswerSchema);
