import { expect, test } from '@playwright/test';
import { safeDepositCall } from '#contract/wallet';
import { apiCall } from './api';
import { fieldError, freshUser } from './wallet-support';

// Specs register as few users as they can: the server allows 20 SMS codes per IP and hour for the whole suite.
test('deposit through the sandbox: the order turns Success, the balance and records follow; records page by 50', async ({
  page,
}) => {
  const user = await freshUser(page);
  await page.goto('/my');
  await expect(page.getByTestId('balance')).toHaveText('₱0.00');

  await page.getByRole('link', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/Deposit$/);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  expect(await fieldError(page, 'Deposit amount')).toBe('Please enter the amount');
  await page.getByLabel('Deposit amount').fill('12.345');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  expect(await fieldError(page, 'Deposit amount')).toBe('Please enter a correct amount');

  await page.getByLabel('Deposit amount').fill('250.75');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page).toHaveURL(/\/Deposit\?orderNo=D/);
  await expect(page.getByTestId('deposit-state')).toHaveText('Pending payment');

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Pay now' }).click();
  const pay = await popupPromise;
  await pay.getByRole('button', { name: 'Pay 250.75' }).click();
  await expect(pay.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await pay.close();

  await expect(page.getByTestId('deposit-state')).toHaveText('Success', { timeout: 10_000 });
  await expect(page.getByText('Deposit received')).toBeVisible();
  // The balance on the page follows without a reload.
  await expect(page.getByText('Balance ₱250.75')).toBeVisible();

  await page.goto('/my');
  await expect(page.getByTestId('balance')).toHaveText('₱250.75');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱250.75');
  await expect(page.getByTestId('locked')).toHaveText('₱0.00');
  await expect(page.getByTestId('in-game')).toHaveText('₱0.00');
  await expect(page.getByRole('progressbar', { name: 'Level progress' })).toHaveAttribute(
    'aria-valuenow',
    /^\d+(\.\d+)?$/,
  );

  await page.getByRole('link', { name: 'Records' }).click();
  const record = page.getByTestId('record').first();
  await expect(record).toContainText('Deposit');
  await expect(record).toContainText('+₱250.75');
  await expect(record).toContainText('Success');

  // 50 more movements: the list shows 50, the next page loads within 50 px of the bottom.
  for (let i = 0; i < 50; i++)
    await apiCall(page.request, safeDepositCall, { amount: 1 }, { token: user.token });
  await page.goto('/Records');
  await expect(page.getByText('51 records')).toBeVisible();
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.locator('[aria-posinset="1"]')).toBeVisible();
  await expect(list.locator('[aria-posinset="51"]')).toHaveCount(0);
  await page.mouse.wheel(0, 100_000);
  await expect(list.locator('[aria-setsize="51"]').first()).toBeAttached({ timeout: 10_000 });
  await page.mouse.wheel(0, 100_000);
  await expect(list.locator('[aria-posinset="51"]')).toContainText('Deposit');
  await expect(page.getByText("That's everything")).toBeVisible();
});
