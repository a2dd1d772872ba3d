/** "GMT", "GMT-6", "GMT+5:30": the offset as browsers write it (Intl's shortOffset). */
function gmt(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `GMT${sign}${h}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}`;
}

/**
 * A zone's name in the reader's language ("hora estándar central") and its offset at `at` ("GMT-6"). One
 * formatter per zone (the offset from its wall-clock parts): about 420 of them are built for the select.
 */
function zoneNames(zone: string, locale: string, at: Date): { generic: string; offset: string } {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    timeZoneName: 'longGeneric',
    numberingSystem: 'latn',
    calendar: 'gregory',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const wall = Date.UTC(
    Number(part('year')),
    Number(part('month')) - 1,
    Number(part('day')),
    Number(part('hour')),
    Number(part('minute')),
  );
  const minutes = Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  return { generic: part('timeZoneName'), offset: Number.isFinite(minutes) ? gmt(minutes) : '' };
}

/**
 * The runtime's time zones as a select's options, with the site's own where the runtime names it otherwise
 * (Asia/Calcutta). The IANA name is what is stored and what operators search for; beside it the zone's name in
 * the console's language and its offset today, since "America/Bahia Banderas" alone tells few people the hour.
 */
export function timeZoneOptions(
  current: string,
  locale: string,
  at = new Date(),
): { value: string; label: string }[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(current);
  return [...zones].sort().map((zone) => {
    const { generic, offset } = zoneNames(zone, locale, at);
    const name = zone.replaceAll('_', ' ');
    // A zone the runtime has no name for answers its offset as its name: shown once.
    const extra = [offset, generic].filter((part, i, all) => part !== '' && all.indexOf(part) === i);
    return { value: zone, label: extra.length > 0 ? `${name} (${extra.join(', ')})` : name };
  });
}
