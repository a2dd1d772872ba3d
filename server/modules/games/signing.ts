import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_WINDOW_SECONDS } from '#contract/game-provider';

/*
 * Both directions of the provider protocols are signed (docs/games-protocol.md): HMAC-SHA256 keyed with
 * the provider's secret over `<timestamp>.<raw body>`. The timestamp is inside the signature, so a
 * captured call cannot be replayed later with a fresh timestamp.
 */

export const signBody = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export type SignatureProblem = 'missing' | 'stale' | 'mismatch';

/** Why a signed message does not check, or null when it does. */
export function signatureProblem(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowMs: number,
): SignatureProblem | null {
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'stale';
  if (Math.abs(Number(timestamp) - Math.floor(nowMs / 1000)) > SIGNATURE_WINDOW_SECONDS) return 'stale';
  const wanted = Buffer.from(signBody(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return wanted.length === given.length && timingSafeEqual(wanted, given) ? null : 'mismatch';
}

/** The two headers of a message signed now. */
export function signedHeaders(secret: string, rawBody: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'x-beacon-timestamp': timestamp,
    'x-beacon-signature': signBody(secret, timestamp, rawBody),
  };
}
