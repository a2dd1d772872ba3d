import { expect, test } from '@playwright/test';

// A first visit (no service worker yet) paints home's top and first banner from the HTML the server
// sends, before any script runs (server/modules/launch); the app then takes over in the same place.
test('a first visit paints the first banner from the HTML, where the app then shows it, without asking for the banners again', async ({
  page,
}) => {
  // The HTML alone: every script refused.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  const firstView = page.locator('[data-first-view] .banner__image');
  await expect(firstView).toBeVisible();
  await expect.poll(() => firstView.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('#app-loading')).toBeHidden();
  const painted = await firstView.boundingBox();
  const name = await firstView.getAttribute('alt');
  const picture = await firstView.getAttribute('src');

  // Now with the app: it replaces the first view with the same banner in the same box, from the data
  // that came with the page (no bannerList call of its own).
  await page.unroute('**/assets/*.js');
  const bannerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mainview/bannerList')) bannerCalls.push(request.url());
  });
  await page.reload();
  const appBanner = page.locator('[elementtiming="first-banner"]');
  await expect(appBanner).toBeVisible();
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  expect(await appBanner.getAttribute('alt')).toBe(name);
  expect(await appBanner.getAttribute('src')).toBe(picture);
  const shown = await appBanner.boundingBox();
  expect(painted).not.toBeNull();
  expect(shown).not.toBeNull();
  if (!painted || !shown) return;
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(shown[side]).toBeCloseTo(painted[side], 0);
  // The carousel is alive (it came from the app, not the HTML).
  await expect(page.getByRole('button', { name: 'Go to item 2' })).toBeVisible();
  expect(bannerCalls).toEqual([]);
});
