import { expect, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

// The app's console as a user's browser shows it, the service worker's registration included.
test.use({ serviceWorkers: 'allow' });

// The strict CSP (no inline styles, same-origin media) and React both report problems on the console.
test('the portal pages run without console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  await expect(
    page.getByRole('list', { name: 'Demand tasks' }).or(page.getByText('Log in to see')),
  ).toBeVisible();
  const senior = demoAccount('senior agent (job 2)');
  await page.goto('/login');
  await logIn(page, senior.phone, senior.password);
  const list = page.getByRole('list', { name: 'Mini-games' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await list.locator('.item-row__main').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await expect(page.getByRole('list', { name: 'Demand tasks' }).getByRole('listitem').first()).toBeVisible();
  await page.goto('/promotion/2');
  await expect(page.locator('.link-card').first()).toBeVisible();
  await page.goto('/Help');
  await expect(page.locator('.article-card')).toBeVisible();

  expect(problems).toEqual([]);
});
