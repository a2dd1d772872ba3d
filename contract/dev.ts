import { z } from 'zod/mini';
import type { Call } from './call';

/** Demo mode only: the codes the dev SMS provider "sent", newest first. */
export const smsOutboxRequestSchema = z.object({ areaCode: z.string(), phone: z.string() });
export const smsOutboxResponseSchema = z.array(
  z.object({ code: z.string(), purpose: z.string(), sentAt: z.string() }),
);

/** Registered only in demo mode (the server's registry leaves it out otherwise). */
export const smsOutboxCall = {
  method: 'POST',
  path: '/dev/sms-outbox',
  summary: 'Read the dev SMS outbox (demo mode)',
  input: smsOutboxRequestSchema,
  answer: smsOutboxResponseSchema,
  access: 'public',
} satisfies Call;

/**
 * Demo mode only: moves the server's clock forward (an offset on the system clock), so an end-to-end test
 * can reach the next business day (the agent programme's settlement). Answers the server's time after.
 */
export const devClockRequestSchema = z.object({
  advanceMs: z.int().check(z.gte(0), z.lte(400 * 24 * 3600_000)),
});
export const devClockCall = {
  method: 'POST',
  path: '/dev/clock',
  summary: 'Move the demo clock (demo mode)',
  input: devClockRequestSchema,
  answer: z.object({ now: z.number() }),
  access: 'public',
} satisfies Call;
