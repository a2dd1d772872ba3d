/*
 * Instants shown in the zone the signed-in user's business days are counted in (decisions 0033 and 0046):
 * their own site's, as the server names it on the user. Where a page shows the days the server counts (the
 * agent's reports, the wheel's days, the records' day filters), its times must fall on the same days, or a
 * member who joined on the site's Dec 2 reads "Joined Dec 1" on a phone set to another zone.
 */
import { useSessionUser } from './session';

/** A zone the runtime knows, else undefined (the device's): a cached user may carry a zone it does not. */
function known(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The zone of the signed-in user's days; undefined (the device's) when nobody is signed in or it is unknown. */
export const useDayZone = (): string | undefined => known(useSessionUser()?.timeZone);

/** An instant as a date ("Dec 2, 2026") or a date and time ("Dec 2, 2026, 12:02 AM") in `timeZone`. */
export function formatInZone(
  ms: number,
  locale: string,
  timeZone: string | undefined,
  style: 'date' | 'dateTime' = 'dateTime',
): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: known(timeZone),
    dateStyle: 'medium',
    ...(style === 'dateTime' ? { timeStyle: 'short' as const } : {}),
  }).format(ms);
}

/** How a page names the zone: its IANA name and its offset at `atMs` ("Asia/Manila", "GMT+8"). */
export function zoneLabel(
  locale: string,
  timeZone: string | undefined,
  atMs: number = Date.now(),
): { zone: string; offset: string } {
  const format = new Intl.DateTimeFormat(locale, { timeZone: known(timeZone), timeZoneName: 'shortOffset' });
  const offset = format.formatToParts(atMs).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return { zone: format.resolvedOptions().timeZone, offset };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day "YYYY-MM-DD" of an instant in `timeZone`. */
export function dayInZone(ms: number, timeZone: string | undefined): string {
  const zone = known(timeZone) ?? '';
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(ms);
}

/**
 * The first instant of a calendar day in `timeZone`: the first minute whose day it is, by bisection between
 * 15 hours either side of UTC midnight (every zone's offset is within that). Never midnight plus 24 hours:
 * where a zone changes its clocks a day has 23 or 25.
 */
export function dayStartInZone(day: string, timeZone: string | undefined): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let lo = Math.floor((midnight - 15 * 3_600_000) / 60_000);
  let hi = Math.floor((midnight + 15 * 3_600_000) / 60_000);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayInZone(mid * 60_000, timeZone) >= day) hi = mid;
    else lo = mid + 1;
  }
  return lo * 60_000;
}
