import { expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe-support';
import { AREA_CODE, freshPhone, latestSmsCode, logIn, newPromoter, registerViaApi } from './support';

// Issue 15, profile and settings: the avatar, the level tutorial, the change of the login password. Each test
// has its own fresh account; none moves the demo clock.

test('a new avatar is chosen and shows on /my, also after a reload', async ({ page }) => {
  await newPromoter(page);
  await page.goto('/my');
  // Before one is chosen: the phone's last digits, centred in the circle, not an underlined link text
  // (issue 31, item 12: /my did not load the picture's styles until another profile page had).
  const link = page.getByRole('link', { name: 'Change avatar' });
  await expect(link).toHaveCSS('text-decoration-line', 'none');
  await expect(link.locator('span[aria-hidden="true"]')).toHaveCSS('display', 'grid');
  await link.click();
  await expect(page).toHaveURL(/\/Avatar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an avatar' })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('radio', { name: 'Avatar 3' }).check();
  await page.getByRole('button', { name: 'Save avatar' }).click();
  await expect(page.getByText('Avatar saved')).toBeVisible();

  await page.goto('/my');
  const avatar = page.getByRole('link', { name: 'Change avatar' }).locator('svg[data-avatar]');
  await expect(avatar).toHaveAttribute('data-avatar', 'leaf');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Change avatar' }).locator('svg[data-avatar]')).toHaveAttribute(
    'data-avatar',
    'leaf',
  );
});

test('the login password is changed with an SMS code: other sessions end, the new password logs in', async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  const oldPassword = 'Harbor#7421';
  const newPassword = 'Lagoon#3388';
  const { token: otherDevice } = await registerViaApi(request, phone, oldPassword);
  await page.goto('/login');
  await logIn(page, phone, oldPassword);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/Setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Change login password' }).click();
  await expect(page).toHaveURL(/\/Password$/);
  await expect(page.getByText(`+${AREA_CODE} ${phone}`)).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  const code = await latestSmsCode(request, phone, 'password');
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been logged out.')).toBeVisible();
  await expect(page).toHaveURL(/\/Setting$/);

  // The other device's session was revoked; this one still works.
  const stale = await request.post('/api/cplogin/tokenLogin', { data: { token: otherDevice } });
  expect(((await stale.json()) as { status: number }).status).toBe(996);
  await page.goto('/my');
  await expect(page.getByRole('heading', { level: 1, name: `${AREA_CODE}+${phone}` })).toBeVisible();

  // Log out from Settings, then the old password fails and the new one works.
  await page.goto('/Setting');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, phone, oldPassword);
  await expect(page.getByRole('alert')).toContainText('Wrong phone number or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the level tutorial lists every level and where the player stands', async ({ page }) => {
  await newPromoter(page);
  await page.goto('/my');
  await page.getByRole('link', { name: 'VIP levels' }).click();
  await expect(page).toHaveURL(/\/Levels$/);
  await expect(page.getByRole('heading', { level: 1, name: 'VIP levels' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your level: VIP 0' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute(
    'value',
    '0',
  );
  const levels = page.getByRole('list', { name: 'All levels' }).locator(':scope > li');
  await expect(levels).toHaveCount(10);
  await expect(levels.nth(1)).toContainText('Priority customer service');
  await expectNoViolations(page);
});

test('clearing the saved data logs out, keeps the language and lands on the login page', async ({ page }) => {
  await newPromoter(page);
  await page.goto('/Setting');
  // What only the clearing removes (a logout leaves them): another stored value, a cached picture.
  await page.evaluate(async () => {
    localStorage.setItem('locale', 'en-US');
    localStorage.setItem('e2e-probe', 'kept?');
    const cache = await caches.open('beacon-images');
    await cache.put('/e2e-probe.png', new Response('x'));
  });
  await page.getByRole('button', { name: 'Clear saved data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear saved data?' });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Clear and log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await page.evaluate(async () => ({
    token: localStorage.getItem('token'),
    probe: localStorage.getItem('e2e-probe'),
    cached: (await caches.match('/e2e-probe.png')) !== undefined,
    locale: localStorage.getItem('locale'),
    userCopies: await new Promise<number>((resolve) => {
      const open = indexedDB.open('beacon');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('query-cache')) return resolve(0);
        // The app has started again as a guest: only a user's saved copy would be left over.
        const keys = db.transaction('query-cache').objectStore('query-cache').getAllKeys();
        keys.onsuccess = () =>
          resolve(keys.result.filter((key) => String(key).startsWith('query-cache:user-')).length);
      };
      open.onerror = () => resolve(0);
    }),
  }));
  expect(left.token).toBeNull();
  expect(left.probe).toBeNull();
  expect(left.cached).toBe(false);
  expect(left.locale).toBe('en-US');
  expect(left.userCopies).toBe(0);
});

test('the date of birth is told once from Settings: an underage one is refused, then it shows as set', async ({
  page,
  browser,
}) => {
  const phone = await newPromoter(page);
  await page.goto('/Setting');
  await page.getByRole('link', { name: 'Date of birth' }).click();
  await expect(page).toHaveURL(/\/Birthday$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();
  await expectNoViolations(page);

  const field = page.getByLabel('Date of birth');
  await page.getByRole('button', { name: 'Save date of birth' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await field.fill('2015-06-01');
  await page.getByRole('button', { name: 'Save date of birth' }).click();
  await expect(page.getByText('You must be 18 or older to play')).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill('1990-04-30');
  await page.getByRole('button', { name: 'Save date of birth' }).click();
  await expect(page.getByText('Date of birth saved')).toBeVisible();
  const told = async (p: Page) => {
    await expect(p.getByText('April 30, 1990')).toBeVisible();
    await expect(
      p.getByText('Your date of birth is set. Customer service can correct a mistake.'),
    ).toBeVisible();
    await expect(p.getByRole('button', { name: 'Save date of birth' })).toHaveCount(0);
  };
  await told(page);
  await expectNoViolations(page);

  // Another device, signed in fresh: the server's copy.
  const other = await browser.newPage();
  await other.goto('/login');
  await logIn(other, phone, 'Harbor#7421');
  await expect(other).toHaveURL(/\/$/);
  await other.goto('/Birthday');
  await told(other);
  await other.close();
});
