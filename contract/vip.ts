/**
 * The level tutorial (issue 15, spec section 3, decision 0023): every VIP level with its needSteam, its
 * pictures and its benefits, and where the signed-in user stands. historySteam is the user's accumulated
 * successful deposits, as for /user/levelData; progress = historySteam / the next level's needSteam as a
 * percentage capped at 100 (100 at the top level).
 */
import { z } from 'zod/mini';
import type { Call } from './call';
import { moneyValue } from './wallet';

/**
 * What an operator may promise at a level. The app words each kind; `amount` is decimal money for the
 * kinds that carry one (a bonus), null for the others.
 */
export const BENEFIT_KINDS = [
  'birthday_bonus',
  'monthly_bonus',
  'priority_withdrawals',
  'priority_support',
  'account_manager',
] as const;
export type BenefitKind = (typeof BENEFIT_KINDS)[number];

export const benefitSchema = z.object({
  /** Any string on the wire: an app older than a new kind leaves that benefit out. */
  kind: z.string(),
  amount: z.nullable(moneyValue),
});
export type Benefit = z.infer<typeof benefitSchema>;

export const levelSchema = z.object({
  level: z.int().check(z.gte(0)),
  needSteam: moneyValue,
  headerPicture: z.string(),
  vipPicture: z.string(),
  benefits: z.array(benefitSchema),
});
export type VipLevel = z.infer<typeof levelSchema>;

export const levelTutorialSchema = z.object({
  vipState: z.object({ level: z.int().check(z.gte(0)), historySteam: moneyValue }),
  levels: z.array(levelSchema),
  progress: z.number().check(z.gte(0), z.lte(100)),
  /** The next level's needSteam; null at the top level. */
  nextNeedSteam: z.nullable(moneyValue),
});
export type LevelTutorial = z.infer<typeof levelTutorialSchema>;

export const levelTutorialCall = {
  method: 'POST',
  path: '/user/levels',
  summary: 'Read the VIP levels tutorial',
  answer: levelTutorialSchema,
  access: 'user',
} satisfies Call;
