import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoAccount, freshPhone, latestSmsCode, logIn } from './support';

/** The error text shown under a field, found through the field's aria-describedby. */
async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The error first, then the field's hint, which stays beside it.
  const describedBy = (await field.getAttribute('aria-describedby'))?.split(' ')[0];
  expect(describedBy, 'an invalid field points at its error').toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${escaped}`));
}

async function expectFieldValid(field: Locator) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

test.describe('login form', () => {
  test('an empty submit names both missing fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    const phone = page.getByLabel('Phone number');
    const password = page.getByLabel('Password', { exact: true });
    await expectFieldError(page, phone, 'Phone number is required');
    await expectFieldError(page, password, 'Password is required');
    // Focus goes to the first invalid field; typing there clears its error only.
    await expect(phone).toBeFocused();
    await phone.fill('9');
    await expectFieldValid(phone);
    await expectFieldError(page, password, 'Password is required');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a phone with letters is refused before any call', async ({ page }) => {
    let called = false;
    page.on('request', (req) => {
      if (req.url().includes('/api/cplogin/login')) called = true;
    });
    await page.goto('/login');
    await page.getByLabel('Phone number').fill('12ab');
    await page.getByLabel('Password', { exact: true }).fill('Whatever#1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectFieldError(page, page.getByLabel('Phone number'), 'Phone number format is incorrect');
    await expectFieldValid(page.getByLabel('Password', { exact: true }));
    expect(called).toBe(false);
  });

  test('a phone written "+63 917 123 4567" logs in as the national number', async ({ page }) => {
    const player = demoAccount('player');
    const { phone } = player;
    const written = `+63 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    await page.goto('/login');
    const login = page.waitForRequest((req) => req.url().endsWith('/api/cplogin/login'));
    await logIn(page, written, player.password);
    expect((await login).postDataJSON()).toMatchObject({ areaCode: '63', phone });
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My' }),
    ).toBeVisible();
    // The next visit to login offers the number as the account knows it.
    expect(await page.evaluate(() => localStorage.getItem('userPhone'))).toBe(`63+${phone}`);
  });

  test('a wrong password shows the wrong-credentials message and stays on login', async ({ page }) => {
    const player = demoAccount('player');
    await page.goto('/login');
    await logIn(page, player.phone, 'Wrong#Pass1');
    await expect(page.getByRole('alert')).toContainText('Wrong phone number or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('register form', () => {
  test('a 13-character password is refused', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.getByLabel('Verification code').fill('123456');
    await page.getByLabel('Password', { exact: true }).fill('Abcdef#12345x');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectFieldError(
      page,
      page.getByLabel('Password', { exact: true }),
      'Password must be 6 to 12 characters',
    );
    await expectFieldValid(page.getByLabel('Phone number'));
    await expectFieldValid(page.getByLabel('Verification code'));
  });

  test('an empty verification code is refused', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.getByLabel('Password', { exact: true }).fill('Tide#4821x');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectFieldError(page, page.getByLabel('Verification code'), 'Verification code is required');
    await expectFieldValid(page.getByLabel('Password', { exact: true }));
  });

  test('digits that are no Philippine number get the server’s "Wrong number" at Send code', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByLabel('Phone number').fill('12345');
    const sms = page.waitForResponse((res) => res.url().endsWith('/api/cplogin/sendsms'));
    await page.getByRole('button', { name: 'Send code' }).click();
    const answer = await sms;
    expect(answer.status()).toBe(400);
    await expectFieldError(page, page.getByLabel('Phone number'), 'Wrong number');
    // No wait was started: a code may be requested again after fixing the number.
    await expect(page.getByRole('button', { name: 'Send code', exact: true })).toBeEnabled();
  });

  test('a wrong verification code is refused by the server', async ({ page, request }) => {
    const phone = freshPhone();
    await page.goto('/register');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await latestSmsCode(request, phone, 'register');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByLabel('Password', { exact: true }).fill('Tide#4821x');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectFieldError(page, page.getByLabel('Verification code'), 'Verification code is wrong');
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The right code still works afterwards.
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('reset form: an empty submit names the missing fields', async ({ page }) => {
  await page.goto('/reset');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectFieldError(page, page.getByLabel('Phone number'), 'Phone number is required');
  await expectFieldError(page, page.getByLabel('Verification code'), 'Verification code is required');
  await expectFieldError(page, page.getByLabel('New password'), 'Password is required');
});
