import { z } from 'zod/mini';

/** Demo mode only: the codes the dev SMS provider "sent", newest first. */
export const smsOutboxRequestSchema = z.object({ areaCode: z.string(), phone: z.string() });
export const smsOutboxResponseSchema = z.array(
  z.object({ code: z.string(), purpose: z.string(), sentAt: z.string() }),
);
