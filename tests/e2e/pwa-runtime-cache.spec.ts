import { expect, test } from '@playwright/test';
import { DEMO_VIDEOS } from '../../server/seed/catalogue';
import { waitForServiceWorker } from './pwa-support';
import { freshPhone, logIn, registerViaApi } from './support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('pictures are cached by the service worker; API answers and videos never are', async ({ page }) => {
  const phone = freshPhone();
  await registerViaApi(page.request, phone, 'Harbor#7421');
  await page.goto('/login');
  await logIn(page, phone, 'Harbor#7421');
  await expect(page).toHaveURL(/\/$/);
  await waitForServiceWorker(page);
  // Pictures fetched while the worker controls the page: reload once so the first ones go through it too.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcements' }).locator('img').first()).toBeVisible();

  // A video range request, from the page, through the worker.
  const videoUrl = DEMO_VIDEOS[0];
  const videoStatus = await page.evaluate(
    (url) => fetch(url, { headers: { Range: 'bytes=0-99' } }).then((r) => r.status),
    videoUrl,
  );
  expect(videoStatus).toBe(206);
  const bannerPath = new URL(
    (await page.getByRole('region', { name: 'Announcements' }).locator('img').first().getAttribute('src')) ??
      '',
    page.url(),
  ).pathname;

  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const all: Record<string, string[]> = {};
          for (const name of await caches.keys()) {
            all[name] = (await (await caches.open(name)).keys()).map(
              (request) => new URL(request.url).pathname,
            );
          }
          return all;
        }),
      { message: 'a logo and a banner picture are in beacon-images' },
    )
    .toMatchObject({
      'beacon-images': expect.arrayContaining([
        expect.stringMatching(/^\/media\/wx\/.+\/logo\.svg$/),
        bannerPath,
      ]),
    });

  const names = await page.evaluate(() => caches.keys());
  expect(names.every((name) => name.startsWith('beacon-'))).toBe(true);
  const everything = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(everything.some((path) => path.startsWith('/api/'))).toBe(false);
  expect(everything).not.toContain(videoUrl);
  expect(everything.some((path) => /\.(mp4|webm)$/.test(path))).toBe(false);
});
