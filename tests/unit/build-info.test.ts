import { describe, expect, it } from 'vitest';
import { buildLabel } from '#lib/build-info';

// Issue 31, item 12: Settings showed the build as a raw timestamp ("2026-12-02T04:33:12.123Z").
describe('the build as Settings shows it', () => {
  it('is when it was built, in the reader’s language', () => {
    const id = '2026-12-02T04:33:12.123Z';
    const expected = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(id));
    for (const locale of ['en-US', 'es-ES', 'ko-KR', 'zh-CN']) {
      expect(buildLabel(id, locale)).toBe(expected(locale));
      expect(buildLabel(id, locale)).not.toContain('T04');
    }
    expect(buildLabel(id, 'es-ES')).toMatch(/2026/);
  });

  it('shows an id that is not a time as it is', () => {
    expect(buildLabel('release-42', 'en-US')).toBe('release-42');
    expect(buildLabel('2026-13-45Tnonsense', 'en-US')).toBe('2026-13-45Tnonsense');
  });
});
