/*
 * Business days as the server names them, "YYYY-MM-DD" in the site's business time zone. Arithmetic on them
 * is calendar arithmetic (UTC dates), never a local clock's 24 hours.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as a UTC date, or undefined when it is no day (2025-02-30). */
export function dayDate(day: string): Date | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const value = new Date(Date.UTC(year, month, date));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month || value.getUTCDate() !== date)
    return undefined;
  return value;
}

export const isDay = (day: string): boolean => dayDate(day) !== undefined;

/** The day `n` calendar days after (or before, negative) `day`. */
export function addDays(day: string, n: number): string {
  const date = dayDate(day);
  if (!date) throw new RangeError(`Not a day: ${day}`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included; none when `to` is before `from`. */
export function daysBetween(from: string, to: string, limit = 400): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < limit; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A day in the locale's words, without a clock: "Nov 26" (short) or "Nov 26, 2026" (medium). */
export function formatDay(day: string, locale: string, style: 'short' | 'medium' = 'medium'): string {
  const date = dayDate(day);
  if (!date) return day;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(style === 'short' ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' }),
  }).format(date);
}
