import { z } from 'zod';

/** The promoter's short-video account card, needed before claiming catalogue 2 demands. */
export const appCardSchema = z.object({
  /** The account id on the short-video platform. */
  accountId: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(32, 'too_long')
    .regex(/^[A-Za-z0-9_.-]+$/, 'appcard_account_format'),
  nickname: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'too_long'),
  followers: z
    .number({ error: 'invalid_type' })
    .int('invalid_type')
    .min(0, 'invalid_type')
    .max(1_000_000_000, 'too_long'),
});
export type AppCard = z.infer<typeof appCardSchema>;

/** GET /appcard/view answers the card, or null when the promoter has none yet. */
export const appCardViewSchema = appCardSchema.nullable();
