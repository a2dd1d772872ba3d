import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from '#features/admin/components/time-zone-options.ts';

const label = (options: { value: string; label: string }[], zone: string) =>
  options.find((o) => o.value === zone)?.label;

describe("the site editor's time zones", () => {
  const winter = new Date(Date.UTC(2026, 0, 15, 12));
  const summer = new Date(Date.UTC(2026, 6, 15, 12));

  it("names each zone in the console's language, with its offset on the day", () => {
    expect(label(timeZoneOptions('Asia/Manila', 'es-ES', winter), 'America/Mexico_City')).toBe(
      'America/Mexico City (GMT-6, hora estándar central)',
    );
    expect(label(timeZoneOptions('Asia/Manila', 'en-US', winter), 'Europe/Madrid')).toBe(
      'Europe/Madrid (GMT+1, Central European Time)',
    );
    // Summer time moves the offset, not the name.
    expect(label(timeZoneOptions('Asia/Manila', 'en-US', summer), 'Europe/Madrid')).toBe(
      'Europe/Madrid (GMT+2, Central European Time)',
    );
    expect(label(timeZoneOptions('Asia/Manila', 'zh-CN', winter), 'Asia/Manila')).toMatch(
      /^Asia\/Manila \(GMT\+8, .*菲律宾.*\)$/,
    );
  });

  it("gives every zone the offset the runtime's own short offset names, in summer and winter", () => {
    for (const at of [winter, summer])
      for (const { value, label } of timeZoneOptions('Asia/Manila', 'ko-KR', at)) {
        const offset = new Intl.DateTimeFormat('en-US', { timeZone: value, timeZoneName: 'shortOffset' })
          .formatToParts(at)
          .find((p) => p.type === 'timeZoneName')
          ?.value.replace(/^GMT[+-]0$/, 'GMT'); // Node's ICU writes UTC as "GMT+0", browsers as "GMT"
        expect(label, value).toContain(`(${offset},`);
      }
  });

  it('keeps the stored zone even where the runtime names it otherwise, in IANA order', () => {
    const options = timeZoneOptions('Asia/Calcutta', 'en-US', winter);
    expect(label(options, 'Asia/Calcutta')).toMatch(/^Asia\/Calcutta \(GMT\+5:30, /);
    const values = options.map((o) => o.value);
    expect(values).toEqual([...values].sort());
    expect(new Set(values).size).toBe(values.length);
  });
});
