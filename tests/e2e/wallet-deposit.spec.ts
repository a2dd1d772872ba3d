import { expect, test } from '@playwright/test';
import { fieldError, freshUser } from './wallet-support';

test('deposit through the sandbox: the order turns Success and the balance and records follow', async ({
  page,
}) => {
  await freshUser(page);
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
  await expect(page.getByText('₱250.75').first()).toBeVisible();

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
});
