import { z } from 'zod/mini';
import type { Call } from './call';

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

/** The caller's card (spec section 7 names this one GET). */
export const appCardViewCall = {
  method: 'GET',
  path: '/appcard/view',
  summary: "Read the caller's short-video account card",
  answer: appCardViewSchema,
  access: 'user',
} satisfies Call;

/** Adds or replaces the caller's card; answers it as saved (trimmed). */
export const appCardEditCall = {
  method: 'POST',
  path: '/appcard/edit',
  summary: "Add or replace the caller's account card",
  input: appCardSchema,
  answer: appCardSchema,
  access: 'user',
} satisfies Call;
