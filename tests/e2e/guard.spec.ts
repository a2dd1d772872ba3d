import { expect, test } from '@playwright/test';
import { apiToken } from './every-route';
import { demoAccount, logIn, mainNav } from './support';

test('a logged-out visit to /report goes to login and comes back after logging in', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/report');
  await expect(page).toHaveURL(/\/login\?redirect=%2Freport$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Report' })).toHaveAttribute('aria-current', 'page');

  // Logged in, /login itself sends you on.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('a standalone page (/Help) needs login too', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/Help');
  await expect(page).toHaveURL(/\/login\?redirect=%2FHelp$/);
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/\/Help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  // The help page's content comes from the server (seeded in English for an English session).
  await expect(page.getByRole('heading', { name: 'How do I promote a game?' })).toBeVisible();
});

test('home is public and offers a log-in link', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Beacon' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a redirect to another origin is ignored after login', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/login?redirect=%2F%2Fevil.example%2F');
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('a redirect hiding a tab (/%09/evil.example) is ignored after login: home, not an error page', async ({
  page,
}) => {
  const player = demoAccount('player');
  await page.goto('/login?redirect=%2F%09%2Fevil.example');
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

// Issue 12: a standalone page read the signed-in account only from the saved cache, so /notices opened
// cold with a token but no saved account waited for it forever (skeletons that never went away).
test('a standalone page opened cold with a token but no saved account learns who is signed in', async ({
  page,
}) => {
  const session = await apiToken(page.request, 'player');
  // A plain file of the origin: the app does not run, so nothing but the token is saved.
  await page.goto('/favicon.svg');
  await page.evaluate((session) => {
    localStorage.setItem('token', session.token);
    localStorage.setItem('tokenHead', session.tokenHead);
  }, session);

  await page.goto('/notices');
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notices' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
});
