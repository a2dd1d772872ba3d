/*
 * Business days (decisions 0016, 0017 and 0033): a day is a calendar date, YYYY-MM-DD, in a site's business
 * time zone (its own, else the deployment's BUSINESS_TIME_ZONE; a user's days are their site's). Valid bets,
 * settlements, reports and the spin wheel count in them. A day is never taken to be 24 hours: where a zone
 * changes its clocks, a day has 23 or 25, and its start is found by asking the zone, not by adding.
 */

/** A business day, YYYY-MM-DD. */
export type Day = string;

const zones = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: Day }>();

/**
 * The business day of an instant in a time zone. Hot (every settling round asks it), so the last answer is
 * kept for its minute: a day starts on a whole minute in every time zone in use.
 */
export function businessDay(atMs: number, timeZone: string): Day {
  let zone = zones.get(timeZone);
  if (!zone) {
    // en-CA writes dates as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    zone = { format, minute: Number.NaN, day: '' };
    zones.set(timeZone, zone);
  }
  const minute = Math.floor(atMs / 60_000);
  if (minute !== zone.minute) {
    zone.day = zone.format.format(atMs);
    zone.minute = minute;
  }
  return zone.day;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar date (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const m = DAY_PATTERN.exec(text);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.toISOString().slice(0, 10) === text;
}

const utcMidnight = (day: Day): number => {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};

/** The day `n` calendar days after (or before, n < 0) `day`. */
export const addDays = (day: Day, n: number): Day =>
  new Date(utcMidnight(day) + n * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (empty when to < from). */
export function daysBetween(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The Monday of the day's week (weeks start on Monday). */
export const weekStart = (day: Day): Day => addDays(day, -((new Date(utcMidnight(day)).getUTCDay() + 6) % 7));

/** The first day of the day's month. */
export const monthStart = (day: Day): Day => `${day.slice(0, 8)}01`;

/**
 * The first instant (epoch ms) of a business day in a time zone: the first minute whose day is `day`, found
 * by bisection between 15 hours either side of UTC midnight (every zone's offset is within that).
 */
export function dayStartMs(day: Day, timeZone: string): number {
  let lo = Math.floor((utcMidnight(day) - 15 * 3_600_000) / 60_000);
  let hi = Math.floor((utcMidnight(day) + 15 * 3_600_000) / 60_000);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (businessDay(mid * 60_000, timeZone) >= day) hi = mid;
    else lo = mid + 1;
  }
  return lo * 60_000;
}

/** The instants [start, end) of a business day. */
export const dayBounds = (day: Day, timeZone: string): { start: number; end: number } => ({
  start: dayStartMs(day, timeZone),
  end: dayStartMs(addDays(day, 1), timeZone),
});

/*
 * Sites count days in their own zones (decision 0033), and the agent programme settles a day once for every
 * site: a day is over when it is over in each zone in use.
 */

/** The latest day that has ended, at an instant, in every one of the zones. */
export const lastDayEndedIn = (atMs: number, zones: readonly string[]): Day =>
  addDays(
    zones.map((zone) => businessDay(atMs, zone)).reduce((a, b) => (b < a ? b : a)),
    -1,
  );

/** The instant from which a day has ended in every one of the zones. */
export const dayEndIn = (day: Day, zones: readonly string[]): number =>
  Math.max(...zones.map((zone) => dayStartMs(addDays(day, 1), zone)));
