import { expect, test } from '@playwright/test';
import { AREA_CODE, freshPhone, latestSmsCode, logIn, mainNav, registerViaApi } from './support';

test('a registered user resets the password by SMS; the new one works and the old one no longer does', async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  const oldPassword = 'Pearl#3907k';
  const newPassword = 'Dune#6142m';
  const { token: oldToken } = await registerViaApi(request, phone, oldPassword);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();

  await page.getByLabel('Country/region code').selectOption(AREA_CODE);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('Verification code sent');
  const code = await latestSmsCode(request, phone, 'reset');
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText(
    'Password reset. Please log in with your new password.',
  );

  // The session from before the reset was revoked.
  const stale = await request.post('/api/cplogin/tokenLogin', { data: { token: oldToken } });
  expect(((await stale.json()) as { status: number }).status).toBe(996);

  // The old password fails…
  await logIn(page, phone, oldPassword);
  await expect(page.getByRole('alert')).toContainText('Wrong phone number or password');
  await expect(page).toHaveURL(/\/login$/);

  // …the new one works.
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${AREA_CODE}+${phone}` })).toBeVisible();
});

test('a reset code cannot be used twice', async ({ request }) => {
  const phone = freshPhone();
  await registerViaApi(request, phone, 'Pearl#3907k');
  const sent = await request.post('/api/cplogin/sendsms', {
    data: { areaCode: AREA_CODE, phone, purpose: 'reset' },
  });
  expect(sent.status()).toBe(200);
  const code = await latestSmsCode(request, phone, 'reset');
  const first = await request.post('/api/cplogin/forgotpwd', {
    data: { areaCode: AREA_CODE, phone, code, password: 'Dune#6142m' },
  });
  expect(first.status(), await first.text()).toBe(200);
  const second = await request.post('/api/cplogin/forgotpwd', {
    data: { areaCode: AREA_CODE, phone, code, password: 'Coral#5520p' },
  });
  expect(second.status()).toBe(400);
  const body = (await second.json()) as {
    status: number;
    data: { issues: Array<{ path: string; code: string }> };
  };
  expect(body.data.issues).toEqual([expect.objectContaining({ path: 'code', code: 'code_wrong' })]);
});
