import { z } from 'zod/mini';
import type { Call } from './call';
import { daySchema } from './day';

/** Job values (DESIGN.md section 4): 0 player, 1 agent, 2 senior agent. */
export const Job = { player: 0, agent: 1, seniorAgent: 2 } as const;

/** Role indexes this label list (spec section 3). */
export const ROLE_LABELS = ['Member', 'Leader', 'Partner'] as const;

/**
 * The avatars a user may choose (issue 15): pictures drawn by the app itself (src/ui/avatar.tsx), so none is
 * fetched. Ids only; an unknown id is refused (`avatar_unknown`).
 */
export const AVATARS = [
  'sun',
  'moon',
  'leaf',
  'wave',
  'peak',
  'star',
  'flame',
  'drop',
  'bolt',
  'shell',
  'cloud',
  'gem',
] as const;
export type AvatarId = (typeof AVATARS)[number];
export const avatarSchema = z.enum(AVATARS, { error: 'avatar_unknown' });

export const userInfoSchema = z.object({
  uid: z.int(),
  username: z.string(),
  role: z.int().check(z.gte(0)),
  job: z.int().check(z.gte(0), z.lte(2)),
  level: z.int().check(z.gte(0)),
  rate: z.number(),
  rate1: z.number(),
  rate2: z.number(),
  defaultRate: z.number(),
  /**
   * The chosen avatar; null until one is chosen. Any short string, not the enum: an app older than a new
   * avatar still reads the user (it draws its fallback).
   */
  avatar: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  /**
   * The IANA zone the user's business days are counted in: their own site's, the one they registered on
   * (decision 0033), whichever site they use now. The app shows the times of those days in it (decision
   * 0046). Optional: an older server, or a user cached before it, has none (the app then uses the device's).
   */
  timeZone: z.optional(z.string()),
  /** The player's date of birth as they told it (set once: /user/birthday); null or absent: not told. */
  dateOfBirth: z.optional(z.nullable(daySchema)),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const hasTeamTab = (job: number | undefined): boolean => job === Job.agent || job === Job.seniorAgent;
export const canPin = (job: number | undefined): boolean => job === Job.seniorAgent;

/** The signed-in user (spec section 3); the balances are the wallet's (wallet.ts secondaryInfoCall). */
export const userInfoCall = {
  method: 'POST',
  path: '/user/info',
  summary: 'Read the signed-in user',
  answer: userInfoSchema,
  access: 'user',
} satisfies Call;
