import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe-support';
import { LOCALES, overflowAt, settle } from './every-route';

/* Issue 31's screens that the route walk cannot reach with the demo data, in all five locales (360 px, axe). */

export const NARROW = 360;

/** The page as it is fits a 360 px screen and has no axe violations. */
export async function fitsAndPasses(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: NARROW, height: 800 });
  const { scrollWidth, culprits } = await overflowAt(page, NARROW);
  expect(scrollWidth, `${where} at ${NARROW} px: ${culprits.join(', ')}`).toBeLessThanOrEqual(NARROW);
  await expectNoViolations(page, where);
}

/**
 * /Records opened in each locale (a reload with the stored choice) with `count` rows (or, for a list longer
 * than the screen, whose rows are drawn as they scroll into view, at least one), each time fitting 360 px
 * and passing axe; `check` reads the rows of each locale.
 */
export async function recordsInEveryLocale(
  page: Page,
  count: number | 'some',
  what: string,
  check?: (rows: Locator) => Promise<void>,
): Promise<void> {
  for (const locale of LOCALES) {
    await test.step(locale, async () => {
      await page.evaluate((locale) => localStorage.setItem('locale', locale), locale);
      await page.setViewportSize({ width: NARROW, height: 800 });
      await page.goto('/Records');
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const rows = page.getByTestId('record');
      if (count === 'some') await expect(rows.first()).toBeVisible();
      else await expect(rows).toHaveCount(count);
      await check?.(rows);
      await fitsAndPasses(page, `/Records with ${what} in ${locale}`);
    });
  }
}
