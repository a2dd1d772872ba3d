import { expect, type Page, test } from '@playwright/test';
import { pageCanReachServer, waitForPersisted, waitForServiceWorker } from './pwa-support';
import { mainNav, newPromoter } from './support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** What the app itself logs as an error or a warning (the browser's own network lines are not the app's). */
function appConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    // Chromium reports every failed load itself ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED").
    if (/^Failed to load resource|net::ERR_/.test(text)) return;
    problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const levelCard = (page: Page) => page.locator('.wallet-level');

test('offline, /my shows the level seen before, not a skeleton', async ({ page, context }) => {
  await newPromoter(page);
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await expect(page).toHaveURL(/\/my$/);
  const progress = levelCard(page).getByRole('progressbar', { name: 'Level progress' });
  await expect(progress).toBeVisible();
  const seen = (await levelCard(page).textContent()) ?? '';
  expect(seen).toContain('VIP');
  await waitForServiceWorker(page);
  await waitForPersisted(page, ['"auth","me"', '"wallet","secondary"', '"wallet","level"']);

  await context.setOffline(true);
  expect(await pageCanReachServer(page)).toBe(false);
  await page.reload();

  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(progress).toBeVisible();
  await expect(levelCard(page)).toHaveText(seen);
  await expect(levelCard(page).locator('.skeleton')).toHaveCount(0);
});

test('browsing the saved pages offline logs no errors: a failed background call offline is expected', async ({
  page,
  context,
}) => {
  await newPromoter(page);
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await expect(page.getByRole('progressbar', { name: 'Level progress' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  await waitForServiceWorker(page);
  await waitForPersisted(page, ['"auth","me"', '"wx","list"', '"wallet","secondary"']);

  await context.setOffline(true);
  expect(await pageCanReachServer(page)).toBe(false);
  const problems = appConsoleProblems(page);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText("You're offline. Showing saved data.")).toBeVisible();
  // Each of these asks the network in the background, and fails.
  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Promotion' }).click();
  await expect(page.getByRole('navigation', { name: 'Promotion sections' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  await page.waitForTimeout(1000);

  expect(problems).toEqual([]);
});
