import type { UserInfo } from '#contract/user';
import { businessDay, isDay } from '../../business-days';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/envelope';
import { siteTimeZone } from '../site/service';
import * as repo from './repository';
import { type Authenticated, toUserInfo } from './service';

/*
 * The player's date of birth (decision 0053), what the VIP birthday bonus is paid on. Told once: a player who
 * could move it could be paid a birthday each week, so a second answer is refused and customer service
 * corrects a mistake. A gambling site's players are adults: a date less than 18 years before today (in the
 * player's site's zone) is refused, as is a date that is not a real one or before 1900.
 */

export const ADULT_AGE = 18;

/** Whether someone born on `born` is `age` or older on `today` (both "YYYY-MM-DD"; born on 29 Feb: 1 Mar). */
export function isAtLeast(born: string, today: string, age: number): boolean {
  // The birthday of that age as text: "2008-02-29" + 18 is "2026-02-29", after 28 Feb and before 1 Mar.
  return `${Number(born.slice(0, 4)) + age}${born.slice(4)}` <= today;
}

export async function setDateOfBirth(
  ctx: AppContext,
  auth: Authenticated,
  dateOfBirth: string,
): Promise<UserInfo> {
  if (!isDay(dateOfBirth) || dateOfBirth < '1900-01-01')
    throw fieldError('dateOfBirth', 'date_of_birth_invalid');
  const now = ctx.clock.now();
  const today = businessDay(now, await siteTimeZone(ctx, auth.user.site_id));
  if (dateOfBirth > today) throw fieldError('dateOfBirth', 'date_of_birth_invalid');
  if (!isAtLeast(dateOfBirth, today, ADULT_AGE)) throw fieldError('dateOfBirth', 'date_of_birth_underage');
  // Conditional on its being unset, so two answers at once set it once.
  const user = await repo.setDateOfBirth(ctx.db, auth.user.id, dateOfBirth, now);
  if (!user) throw fieldError('dateOfBirth', 'date_of_birth_set');
  return toUserInfo(ctx, user);
}
