import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxCallback } from '../../../src/contract/wallet';

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

/**
 * The built-in sandbox: its pay page is served by this server (demo mode only), and paying there
 * sends the same HMAC-SHA256-signed callback a real provider would. The secret is public on purpose:
 * the sandbox only runs in demo mode, where money is play money.
 */
export const SANDBOX_SECRET = 'beacon-sandbox-demo-secret';

export function createSandboxProvider(secret = SANDBOX_SECRET): PaymentProvider & { secret: string } {
  return {
    name: 'sandbox',
    secret,
    payUrl: (orderNo) => `/api/wallet/sandbox/pay?orderNo=${encodeURIComponent(orderNo)}`,
    verify(callback) {
      const expected = Buffer.from(signCallback(secret, callback), 'hex');
      const given = Buffer.from(callback.sign, 'hex');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
