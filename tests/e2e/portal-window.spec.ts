import { expect, type Page, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

const miniGames = (page: Page) => page.getByRole('list', { name: 'Mini-games' });
const positions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-posinset]')].map((e) => Number(e.getAttribute('aria-posinset'))),
  );

test('the list keeps a few pages in memory: to the end of 320 games and back to the first', async ({
  page,
}) => {
  const account = demoAccount('player');
  await page.goto('/login');
  await logIn(page, account.phone, account.password);
  await expect(page).toHaveURL(/\/$/);
  const firstName = await miniGames(page).locator('.item-row__title').first().innerText();

  const asked: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/wxcps/applist')) asked.push(request.postDataJSON().number as number);
  });
  // Down to the last of the 320 (7 pages of 50).
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 3000);
        return Math.max(0, ...(await positions(page)));
      },
      { timeout: 60_000, intervals: [150] },
    )
    .toBe(320);
  await expect(page.getByText("That's everything")).toBeVisible();
  const before = asked.length;

  // Back to the top: the first pages come back from the server, the first game is where it was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(miniGames(page).locator('.item-row__title').first()).toHaveText(firstName, {
    timeout: 20_000,
  });
  expect(asked.slice(before)).toContain(0);
  const shown = await positions(page);
  expect(Math.min(...shown)).toBe(1);
});
