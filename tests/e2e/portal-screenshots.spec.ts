import { expect, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

// Writes the portal screenshots of docs/screenshots at 390 x 844 (the viewport). Only on request
// (playwright.config.ts ignores this file otherwise), so the suite does not rewrite tracked files:
// PORTAL_SCREENSHOTS=1 npx playwright test portal-screenshots
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

test('portal screenshots', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const senior = demoAccount('senior agent (job 2)');
  await page.goto('/login');
  await logIn(page, senior.phone, senior.password);
  await expect(page).toHaveURL(/\/$/);
  const list = page.getByRole('list', { name: 'Mini-games' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.screenshot({ path: 'docs/screenshots/portal-home.png' });

  await page.getByRole('tabpanel').getByRole('heading', { name: 'All mini-games' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 330));
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'docs/screenshots/portal-catalogue-1.png' });

  await list.getByRole('listitem').first().getByRole('button').first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await page.waitForTimeout(600);
  await page.screenshot({ path: 'docs/screenshots/portal-media-viewer.png' });
  await viewer.getByRole('button', { name: 'Close' }).click();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await expect(page.getByRole('list', { name: 'Demand tasks' }).getByRole('listitem').first()).toBeVisible();
  await page.evaluate(() => window.scrollBy(0, 200));
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'docs/screenshots/portal-catalogue-2.png' });

  await page.goto('/promotion/1');
  await expect(
    page.getByRole('list', { name: 'My mini-game links' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'docs/screenshots/portal-promotion.png' });
});
