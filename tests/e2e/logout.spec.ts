import { expect, test } from '@playwright/test';
import { mainNav, newPromoter } from './support';

// Issue 11: every logout sent /cplogin/tokenLogin with an empty token and the server logged a 400.
test('a logout asks the server nothing on behalf of the user it just ended', async ({ page }) => {
  await newPromoter(page);
  // A returning user: the app starts from the saved session (this is where the empty tokenLogin showed).
  await page.reload();
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // The wallet part has loaded, so nothing of the page is still on its way when the user logs out.
  await expect(page.getByRole('progressbar', { name: 'Level progress' })).toBeVisible();

  // Every API call from the tap on, with its body.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/'))
      calls.push(`${new URL(request.url()).pathname} ${request.postData()}`);
  });
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // Anything a cleared cache would refetch goes out within a moment; give it time to show.
  await page.waitForTimeout(1500);

  expect(calls.some((call) => call.startsWith('/api/cplogin/logout'))).toBe(true);
  expect(calls.filter((call) => call.startsWith('/api/cplogin/tokenLogin'))).toEqual([]);
  // Nothing asked for the ended session's data without a token, and nothing failed.
  expect(failures).toEqual([]);
});
