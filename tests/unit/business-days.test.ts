import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDay,
  dayBounds,
  dayEndIn,
  dayStartMs,
  daysBetween,
  isDay,
  lastDayEndedIn,
  monthStart,
  weekStart,
} from '../../server/business-days';

describe('business days', () => {
  it('is the calendar date in the zone, not in UTC', () => {
    const at = Date.UTC(2026, 10, 25, 17, 30); // 01:30 on the 26th in Manila (UTC+8)
    expect(businessDay(at, 'Asia/Manila')).toBe('2026-11-26');
    expect(businessDay(at, 'UTC')).toBe('2026-11-25');
  });

  it('starts a day where the zone says, 23 and 25 hours long across daylight saving', () => {
    expect(dayStartMs('2026-11-26', 'Asia/Manila')).toBe(Date.UTC(2026, 10, 25, 16, 0));
    const spring = dayBounds('2026-03-08', 'America/New_York');
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = dayBounds('2026-11-01', 'America/New_York');
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
    expect(businessDay(spring.start, 'America/New_York')).toBe('2026-03-08');
    expect(businessDay(spring.start - 1, 'America/New_York')).toBe('2026-03-07');
  });

  it('counts calendar days, weeks from Monday and months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(weekStart('2026-11-26')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(monthStart('2026-11-26')).toBe('2026-11-01');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
  });

  it('ends a day on every site when it ends in the westernmost zone (decision 0033)', () => {
    const zones = ['Asia/Manila', 'America/Mexico_City', 'Europe/Madrid'];
    // 2026-03-10 ends at 16:00 UTC in Manila (UTC+8), 23:00 in Madrid (UTC+1), 06:00 on the 11th in Mexico City.
    expect(dayEndIn('2026-03-10', zones)).toBe(Date.UTC(2026, 2, 11, 6));
    expect(dayEndIn('2026-03-10', ['Asia/Manila'])).toBe(Date.UTC(2026, 2, 10, 16));
    expect(lastDayEndedIn(Date.UTC(2026, 2, 11, 5, 59), zones)).toBe('2026-03-09');
    expect(lastDayEndedIn(Date.UTC(2026, 2, 11, 6), zones)).toBe('2026-03-10');
    expect(lastDayEndedIn(Date.UTC(2026, 2, 11, 6), ['Asia/Manila'])).toBe('2026-03-10');
    expect(lastDayEndedIn(Date.UTC(2026, 2, 10, 16), ['Asia/Manila'])).toBe('2026-03-10');
  });
});
