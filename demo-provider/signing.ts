import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_WINDOW_SECONDS } from '#contract/game-provider';

/** Lower-case hex HMAC-SHA256 of `<timestamp>.<raw body bytes>` (docs/games-protocol.md). */
export function signature(secret: string, timestamp: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function nowSeconds(): string {
  return String(Math.floor(Date.now() / 1000));
}

/** The two headers every request and answer carries. */
export function signedHeaders(secret: string, body: Buffer | string, timestamp = nowSeconds()) {
  return { timestamp, signature: signature(secret, timestamp, body) };
}

export type VerifyFailure = 'missing' | 'stale' | 'mismatch';

/**
 * Checks a signed message: a whole-seconds timestamp within the window of our clock, and the
 * signature compared in constant time. Answers why it failed (for logs), never the expected value.
 */
export function verifySignature(
  secret: string,
  timestamp: string | undefined,
  given: string | undefined,
  body: Buffer | string,
  nowMs = Date.now(),
): VerifyFailure | null {
  if (!timestamp || !given || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(Number(timestamp) - nowMs / 1000) > SIGNATURE_WINDOW_SECONDS) return 'stale';
  const expected = Buffer.from(signature(secret, timestamp, body), 'hex');
  const actual = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'mismatch';
  return null;
}
