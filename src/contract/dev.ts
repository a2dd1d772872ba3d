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
  input: smsOutboxRequestSchema,
  answer: smsOutboxResponseSchema,
  access: 'public',
} satisfies Call;
