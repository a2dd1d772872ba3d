import type { Benefit, BenefitKind, LevelTutorial } from '#contract/vip';
import { toMinor, toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { referenceCache } from '../../db/reference-cache';
import type { Authenticated } from '../auth/service';
import { levelData, vipLevels } from '../wallet/service';
import * as repo from './repository';

/** Benefits by level, in their order: reference data, read through the same one-minute cache as the levels. */
const benefitsCache = referenceCache(async (db): Promise<Map<number, Benefit[]>> => {
  const byLevel = new Map<number, Benefit[]>();
  for (const row of await repo.listBenefits(db)) {
    const list = byLevel.get(row.level) ?? [];
    list.push({ kind: row.kind, amount: row.amount === null ? null : toMoney(row.amount) });
    byLevel.set(row.level, list);
  }
  return byLevel;
});

/**
 * What each level's benefit of `kind` pays (minor units), for the levels that have one with an amount: the
 * bonuses worker pays the monthly bonus from it (handed in by the registry: bonuses never imports vip).
 */
export async function benefitAmounts(db: Db, kind: BenefitKind): Promise<Map<number, number>> {
  const amounts = new Map<number, number>();
  for (const [level, benefits] of await benefitsCache.get(db))
    for (const b of benefits)
      if (b.kind === kind && b.amount !== null && b.amount > 0) amounts.set(level, toMinor(b.amount));
  return amounts;
}

/** After an edit of vip_benefits through this handle. */
export const forgetBenefits = (db: Db): void => benefitsCache.clear(db);

/**
 * The level tutorial: every level with its benefits, and the user's level and progress as /user/levelData
 * answers them (the wallet's accumulated successful deposits; decision 0023).
 */
export async function levelTutorial(ctx: AppContext, auth: Authenticated): Promise<LevelTutorial> {
  const [data, benefits] = await Promise.all([levelData(ctx, auth), benefitsCache.get(ctx.db)]);
  const index = data.meta.findIndex((m) => m.level === data.vipState.level);
  return {
    vipState: data.vipState,
    levels: data.meta.map((m) => ({ ...m, benefits: benefits.get(m.level) ?? [] })),
    progress: data.progress,
    nextNeedSteam: data.meta[index + 1]?.needSteam ?? null,
  };
}

/** The demo's benefits (minor units): what an operator might promise. A real install writes its own. */
const DEMO_BENEFITS: Record<number, Array<[BenefitKind, number | null]>> = {
  1: [['priority_support', null]],
  2: [
    ['priority_support', null],
    ['birthday_bonus', 10_00],
  ],
  3: [
    ['priority_support', null],
    ['birthday_bonus', 20_00],
    ['monthly_bonus', 5_00],
  ],
  4: [
    ['priority_support', null],
    ['priority_withdrawals', null],
    ['birthday_bonus', 50_00],
    ['monthly_bonus', 10_00],
  ],
};

/** Seeds the demo's benefits into an empty table, for every level the table of levels has. */
export async function seedDemoBenefits(db: Db): Promise<number> {
  if ((await repo.countBenefits(db)) > 0) return 0;
  const levels = await vipLevels(db);
  const rows = levels.flatMap(({ level }) => {
    // Levels above the table's last row keep its benefits and add a personal account manager.
    const base = DEMO_BENEFITS[Math.min(level, 4)] ?? [];
    const kinds: Array<[BenefitKind, number | null]> =
      level >= 5 ? [...base, ['account_manager', null]] : base;
    return kinds.map(([kind, amount], position) => ({
      level,
      position,
      kind,
      amount: amount === null ? null : amount * Math.max(1, level - 3),
    }));
  });
  await repo.insertBenefits(db, rows);
  forgetBenefits(db);
  return rows.length;
}
