import { expect, test } from '@playwright/test';
import { demoAccount, logIn, mainNav } from './support';

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('customer service on /login: Escape keeps it open, OK closes it and copies the handle', async ({
  page,
}) => {
  await page.goto('/login');
  const opener = page.getByRole('button', { name: 'Customer service' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  // The demo site's handle (server/seed/demo.ts).
  await expect(dialog).toContainText('@BeaconSupport');
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // Tab stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();

  await ok.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('Copied successfully');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('@BeaconSupport');
  // Focus returns to where it was.
  await expect(opener).toBeFocused();
});

test('customer service on /my opens the same dialog', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/login');
  await logIn(page, player.phone, player.password);
  await mainNav(page).getByRole('link', { name: 'My' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Customer service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('Copied successfully');
});
