import { expect, test } from '@playwright/test';
import { AREA_CODE, freshPhone, latestSmsCode, mainNav, tabNames } from './support';

test('a new player registers with an SMS code, stays logged in over a reload and logs out', async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  const password = 'Tide#4821x';

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const areaCode = page.getByLabel('Country/region code');
  await areaCode.selectOption(AREA_CODE);
  await expect(areaCode).toHaveValue(AREA_CODE);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('Verification code sent');
  // The button waits before the next code may be requested.
  await expect(page.getByRole('button', { name: /^Send code/ })).toBeDisabled();

  const code = await latestSmsCode(request, phone, 'register');
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // Logged in and home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Beacon' })).toBeVisible();
  // Logged in, catalogue 1 lists mini-games (logged out it shows its empty state).
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole('link')).toHaveCount(4);
  expect(await tabNames(page)).toEqual(['Home', 'Report', 'Promotion', 'My']);
  await expect(nav.getByRole('link', { name: 'Team' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // A reload keeps the session.
  await page.reload();
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByRole('heading', { level: 1, name: `${AREA_CODE}+${phone}` })).toBeVisible();
  await expect(page.getByText('Player', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/my');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('the session token is revoked on the server at logout', async ({ page, request }) => {
  const phone = freshPhone();
  const password = 'Reef#7302q';
  await page.goto('/register');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await latestSmsCode(request, phone, 'register'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(mainNav(page).getByRole('link', { name: 'My' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  const before = await request.post('/api/cplogin/tokenLogin', { data: { token } });
  expect(((await before.json()) as { status: number }).status).toBe(200);

  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const after = await request.post('/api/cplogin/tokenLogin', { data: { token } });
  expect(((await after.json()) as { status: number }).status).toBe(996);
});
