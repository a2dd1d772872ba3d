import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  pageCanReachServer,
  type StoredPartition,
  storedPartitions,
  waitForPersisted,
  waitForServiceWorker,
} from './pwa-support';
import { mainNav, newPromoter } from './support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const miniGames = (page: Page) => page.getByRole('list', { name: 'Mini-games' });

/** The first mini-game's row, its Apply button and the game's name (read off the button's label). */
async function firstApplyRow(page: Page) {
  const row = miniGames(page).getByRole('listitem').first();
  const applyButton = row.getByRole('button', { name: /^Apply for / });
  const name = ((await applyButton.getAttribute('aria-label')) ?? '').replace(/^Apply for /, '');
  expect(name).not.toBe('');
  return { row, applyButton, name };
}
const demands = (page: Page) => page.getByRole('list', { name: 'Demand tasks' });
const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The launch data of a signed-in promoter, by a distinctive part of each query key. */
const LAUNCH_DATA = [
  '"banners"',
  '"notices"',
  '"wx","newest"',
  '"dou","newest"',
  '"wx","list"',
  '"dou","list"',
  '"auth","me"',
];

/** Applies and pins queued in the signed-in user's saved cache (the one a reload restores). */
const queuedForUser = async (page: Page): Promise<number> =>
  (await storedPartitions(page))
    .filter((partition) => partition.key.includes('user-'))
    .reduce((n, partition) => n + partition.pausedMutations, 0);

/**
 * Taps apply offline: the app says the apply is saved for later, the button shows it queued, and it is in
 * the user's saved copy. The toast is brief (2.5 s): it is looked for from before the tap, so a slow host
 * that takes long to return from the click does not miss it.
 */
async function tapApplyOffline(page: Page, row: Locator, name: string): Promise<void> {
  const saidSaved = expect(
    page.getByRole('status').filter({ hasText: 'it will be sent when you' }),
  ).toBeVisible();
  await row.getByRole('button', { name: `Apply for ${name}` }).click();
  await saidSaved;
  await expect(
    row.getByRole('button', { name: `Queued: Apply for ${name}: waiting for a connection` }),
  ).toBeVisible();
  await expect.poll(() => queuedForUser(page)).toBe(1);
}

/** First visit, online: both catalogue tabs seen once, so their first pages and strips are saved. */
async function visitHomeOnline(page: Page): Promise<void> {
  await expect(miniGames(page).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await expect(demands(page).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Mini-games' }).click();
  await expect(miniGames(page).getByRole('listitem').first()).toBeVisible();
  await waitForServiceWorker(page);
  await waitForPersisted(page, LAUNCH_DATA);
}

test('launches offline: shell from the service worker, banners, notices, strips and first pages from the saved cache', async ({
  page,
  context,
}) => {
  await newPromoter(page);
  await visitHomeOnline(page);
  const firstGame = await miniGames(page).locator('.item-row__title').first().innerText();

  await context.setOffline(true);
  expect(await pageCanReachServer(page)).toBe(false);
  await page.reload();

  await expect(region(page, 'Announcements').locator('img').first()).toBeVisible();
  await expect(region(page, 'Notices')).toBeVisible();
  await expect(region(page, 'Newest mini-games').getByRole('listitem').first()).toBeVisible();
  await expect(miniGames(page).getByRole('listitem').first()).toContainText(firstGame);
  await expect(page.getByText("You're offline. Showing saved data.")).toBeVisible();
  await expect(page.getByTestId('saved-at').first()).toContainText('Last updated');

  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await expect(region(page, 'Newest tasks').getByRole('listitem').first()).toBeVisible();
  await expect(demands(page).getByRole('listitem').first()).toBeVisible();

  // A cold navigation while offline: the shell is the service worker's, the page's data is saved too.
  await page.goto('/promotion/1');
  await expect(page.getByRole('navigation', { name: 'Promotion sections' })).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
});

test('an apply tapped offline survives a reload, shows as queued, and settles with the server’s answer online', async ({
  page,
  context,
}) => {
  await newPromoter(page);
  await visitHomeOnline(page);

  const { row, name } = await firstApplyRow(page);

  await context.setOffline(true);
  await tapApplyOffline(page, row, name);
  const savedBeforeReload = await storedPartitions(page);

  await page.reload();
  await expect(miniGames(page).getByRole('listitem').first()).toBeVisible();
  try {
    // Still queued; or already sent: Chromium lifts its offline emulation (and any route) from the page
    // a reload leaves, so that page may hear "online" and send the queued apply, as an app that is online
    // should (decision 0008). Never a plain "Apply for": that is the apply lost.
    await expect(
      miniGames(page)
        .getByRole('button', { name: `Queued: Apply for ${name}: waiting for a connection` })
        .or(miniGames(page).getByRole('link', { name: `View the link for ${name}` })),
    ).toBeVisible();
  } catch (error) {
    // Before issue 11's fix this was the apply lost, in about 1 run in 30 on a loaded host: keep what
    // was saved, before and after.
    const summary = (partitions: StoredPartition[]) =>
      partitions.map(({ key, queries, pausedMutations }) => ({ key, queries, pausedMutations }));
    // Printed, not attached: CI keeps its log, not the test-results folder.
    console.log(
      'saved cache around the reload:',
      JSON.stringify({ before: summary(savedBeforeReload), after: summary(await storedPartitions(page)) }),
    );
    throw error;
  }

  // Back online: the queued apply is sent and settles with the server's answer (its toast is brief, so
  // the lasting proof is the view button, the server's own list and an empty queue).
  await context.setOffline(false);
  await expect(miniGames(page).getByRole('link', { name: `View the link for ${name}` })).toBeVisible();
  await expect.poll(() => queuedForUser(page)).toBe(0);

  // The server has the application: it is on the promoter's own list, asked of the API directly.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const mine = await page.request.post('/api/wxcps/myapplist', {
    data: { number: 0, size: 50 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(mine.status()).toBe(200);
  const body = (await mine.json()) as { data: { content: Array<{ appname: string }> } };
  expect(body.data.content.map((app) => app.appname)).toContain(name);
});

test('a queued apply is kept when the browser says online and the network is not there (the reload race)', async ({
  page,
  context,
}) => {
  // What the flake of "survives a reload" was (issue 11): as a reload starts, the page being left hears
  // "online" (the browser lifts its offline emulation from it), resumes the queued apply, and writes its
  // cache; only paused actions were saved and a failed send dropped it, so the next page had nothing.
  // Here the signal is sent on purpose, the send fails, and the page stays for every write it causes.
  await newPromoter(page);
  await visitHomeOnline(page);
  const { row, name } = await firstApplyRow(page);
  await context.setOffline(true);
  await tapApplyOffline(page, row, name);

  const sent = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/wxcps/apply'));
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await sent;
  // Longer than the cache's write throttle (1 s): what the failed send caused to be written has landed.
  await page.waitForTimeout(1500);
  expect(await queuedForUser(page)).toBe(1);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));

  await page.reload();
  await expect(
    miniGames(page).getByRole('button', { name: `Queued: Apply for ${name}: waiting for a connection` }),
  ).toBeVisible();
  await context.setOffline(false);
  await expect(miniGames(page).getByRole('link', { name: `View the link for ${name}` })).toBeVisible();
  await expect.poll(() => queuedForUser(page)).toBe(0);
});

test('after a logout, the next user sees nothing of the last one, online or offline', async ({
  page,
  context,
}) => {
  const firstPhone = await newPromoter(page);
  await visitHomeOnline(page);
  // Something only the first user has: an applied game with its link.
  const { applyButton, name } = await firstApplyRow(page);
  await applyButton.click();
  await expect(miniGames(page).getByRole('link', { name: `View the link for ${name}` })).toBeVisible();
  await page.goto('/my');
  await expect(page.getByText(firstPhone).first()).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Log out' });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(async () => (await storedPartitions(page)).filter((p) => p.text.includes(firstPhone)).length)
    .toBe(0);

  const secondPhone = await newPromoter(page);
  await visitHomeOnline(page);
  const check = async () => {
    await expect(miniGames(page).getByRole('button', { name: `Apply for ${name}` })).toBeVisible();
    await expect(miniGames(page).getByRole('link', { name: `View the link for ${name}` })).toHaveCount(0);
    await page.goto('/my');
    await expect(page.getByText(secondPhone).first()).toBeVisible();
    await expect(page.getByText(firstPhone)).toHaveCount(0);
    await page.goto('/promotion/1');
    await expect(page.getByRole('navigation', { name: 'Promotion sections' })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await page.goto('/');
  };
  await check();
  expect((await storedPartitions(page)).some((p) => p.text.includes(firstPhone))).toBe(false);

  await context.setOffline(true);
  await page.reload();
  await expect(miniGames(page).getByRole('listitem').first()).toBeVisible();
  await check();
});
