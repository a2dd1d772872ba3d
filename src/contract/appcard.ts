import { z } from 'zod/mini';

/** The promoter's short-video account card, needed before claiming catalogue 2 demands. */
export const appCardSchema = z.object({
  /** The account id on the short-video platform. */
  accountId: z
    .string({ error: 'required' })
    .check(
      z.trim(),
      z.minLength(1, 'required'),
      z.maxLength(32, 'too_long'),
      z.regex(/^[A-Za-z0-9_.-]+$/, 'appcard_account_format'),
    ),
  nickname: z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(40, 'too_long')),
  followers: z
    .int({ error: 'invalid_type' })
    .check(z.gte(0, 'invalid_type'), z.lte(1_000_000_000, 'too_long')),
});
export type AppCard = z.infer<typeof appCardSchema>;

/** GET /appcard/view answers the card, or null when the promoter has none yet. */
export const appCardViewSchema = z.nullable(appCardSchema);
