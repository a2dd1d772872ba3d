import { expect, test } from '@playwright/test';
import { newPromoter } from './support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

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

// The app mounts the first page once it has loaded (src/start.tsx), but waits at most 1 s for it: a slow
// answer to a loader of that page must not keep the app from mounting and saying it is loading.
test('a loader held up by a slow network does not hold up the app: it shows the page loading, then the page', async ({
  page,
}) => {
  const phone = await newPromoter(page);
  // Nothing saved, so /my's loaders must ask the server for the user. Cleared from a plain file of the
  // origin, so the app is not there to write its cache back.
  await page.goto('/favicon.svg');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('beacon');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const clear = open.result
            .transaction('query-cache', 'readwrite')
            .objectStore('query-cache')
            .clear();
          clear.onsuccess = () => {
            open.result.close();
            resolve();
          };
          clear.onerror = () => reject(clear.error);
        };
      }),
  );
  // The server's answer is delayed, not replaced: the request goes through once released.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/cplogin/tokenLogin', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/my');
  await expect(page.locator('#root').getByRole('status', { name: 'Loading' })).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByText(phone)).toHaveCount(0);
  release();
  await expect(page.getByText(phone).first()).toBeVisible();
});
