import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxCallback } from '#contract/wallet';

/** A payment provider: where the payer goes to pay, and how its callbacks are authenticated. */
export interface PaymentProvider {
  readonly name: string;
  /** The page the payer opens to pay this order (same-origin path or absolute URL). */
  payUrl(orderNo: string): string;
  /** true when the callback was signed by the provider. */
  verify(callback: SandboxCallback): boolean;
}

/** What the provider signs: every field of the callback but the signature, in a fixed order. */
export const callbackPayload = (c: Omit<SandboxCallback, 'sign'>): string =>
  `${c.orderNo}|${c.amount.toFixed(2)}|${c.status}|${c.providerRef}|${c.timestamp}`;

export const signCallback = (secret: string, c: Omit<SandboxCallback, 'sign'>): string =>
  createHmac('sha256', secret).update(callbackPayload(c)).digest('hex');

const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

export interface SandboxProvider extends PaymentProvider {
  readonly secret: string;
  /** true when `token` is the pay page token of this order (only its owner is given payUrl). */
  checkPayToken(orderNo: string, token: string): boolean;
}

/**
 * The built-in sandbox: its pay page is served by this server (demo mode only), and paying there
 * sends the same HMAC-SHA256-signed callback a real provider would. The secret is this install's own
 * (SANDBOX_SECRET, else generated once and kept in the database): a public one would let anyone sign
 * a "paid" callback. The pay page's address carries a token derived from it, so knowing an order
 * number is not enough to read or pay the order.
 */
export function createSandboxProvider(secret: string): SandboxProvider {
  // Its own key, so a pay token is never also a callback signature.
  const payKey = createHmac('sha256', secret).update('beacon sandbox pay page').digest();
  const payToken = (orderNo: string) => createHmac('sha256', payKey).update(orderNo).digest('base64url');
  return {
    name: 'sandbox',
    secret,
    payUrl: (orderNo) =>
      `/api/wallet/sandbox/pay?orderNo=${encodeURIComponent(orderNo)}&token=${payToken(orderNo)}`,
    verify(callback) {
      return sameBytes(Buffer.from(signCallback(secret, callback), 'hex'), Buffer.from(callback.sign, 'hex'));
    },
    checkPayToken(orderNo, token) {
      return sameBytes(Buffer.from(payToken(orderNo)), Buffer.from(token));
    },
  };
}
