import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { logIn } from './support';
import { depositViaApi, fieldError, freshUser, SAFE_PASSWORD } from './wallet-support';

const positive = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

test('safe: set the password, move money in and out, transfer to another user, all in the records on both sides', async ({
  page,
  browser,
}) => {
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 400);

  await page.goto('/my');
  await page.getByRole('link', { name: 'Safe' }).click();
  await expect(page).toHaveURL(/\/Safe$/);
  await expect(page.getByTestId('safe-balance')).toHaveText('₱0.00');
  await page.getByLabel('New safe password').fill('123');
  await page.getByRole('button', { name: 'Set safe password' }).click();
  expect(await fieldError(page, 'New safe password')).toBe('Safe password must be 6 digits');
  await page.getByLabel('New safe password').fill(SAFE_PASSWORD);
  await page.getByLabel('Repeat the safe password').fill(SAFE_PASSWORD);
  await page.getByRole('button', { name: 'Set safe password' }).click();
  await expect(positive(page, 'Safe password set')).toBeVisible();

  await page.getByLabel('Amount into the safe').fill('120');
  await page.getByRole('button', { name: 'Move in' }).click();
  await expect(positive(page, 'Moved into the safe')).toBeVisible();
  await expect(page.getByTestId('safe-balance')).toHaveText('₱120.00');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱280.00');

  await page.getByLabel('Amount out of the safe').fill('20');
  await page.getByLabel('Safe password', { exact: true }).fill('999999');
  await page.getByRole('button', { name: 'Move out' }).click();
  expect(await fieldError(page, 'Safe password')).toBe('Safe password is wrong');
  await page.getByLabel('Safe password', { exact: true }).fill(SAFE_PASSWORD);
  await page.getByRole('button', { name: 'Move out' }).click();
  await expect(positive(page, 'Moved out of the safe')).toBeVisible();
  await expect(page.getByTestId('safe-balance')).toHaveText('₱100.00');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱300.00');

  // Transfer to the demo player.
  const receiver = DEMO_ACCOUNTS.find((a) => a.label === 'player');
  if (!receiver) throw new Error('no demo player');
  await page.goto('/Transfer');
  const submit = page.getByRole('button', { name: 'Transfer', exact: true });
  await submit.click();
  expect(await fieldError(page, 'Receiver UID')).toBe('Receiver UID is required');
  expect(await fieldError(page, 'Transfer amount')).toBe('Please enter the amount');
  await page.getByLabel('Receiver UID').fill(String(receiver.uid));
  await page.getByLabel('Transfer amount').fill('5');
  await submit.click();
  expect(await fieldError(page, 'Transfer amount')).toBe('The minimum transfer is ₱10.00');
  await page.getByLabel('Transfer amount').fill('55.5');
  await page.getByLabel('Safe password').fill(SAFE_PASSWORD);
  await submit.click();
  await expect(page.getByText(`Transferred ₱55.50 to UID ${receiver.uid}`)).toBeVisible();
  await expect(page.getByTestId('withdrawable')).toHaveText('₱244.50');

  await page.getByRole('link', { name: 'See it in the records' }).click();
  await expect(page).toHaveURL(/\/Records$/);
  const records = page.getByTestId('record');
  await expect(records).toHaveCount(4);
  await expect(records.nth(0)).toContainText('Transfer sent');
  await expect(records.nth(0)).toContainText('-₱55.50');
  await expect(records.nth(0)).toContainText(`To UID ${receiver.uid}`);
  await expect(records.nth(1)).toContainText('Out of the safe');
  await expect(records.nth(1)).toContainText('+₱20.00');
  await expect(records.nth(2)).toContainText('Into the safe');
  await expect(records.nth(2)).toContainText('-₱120.00');
  await expect(records.nth(3)).toContainText('Deposit');

  // Filter by type, then by a date range with nothing in it.
  await page.getByRole('combobox', { name: 'Type' }).selectOption('safeIn');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('Into the safe');
  await page.getByRole('combobox', { name: 'Type' }).selectOption('');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-01');
  await expect(page.getByText('No records yet')).toBeVisible();

  // The receiver sees it too.
  const other = await browser.newPage();
  await other.goto('/login');
  await logIn(other, receiver.phone, receiver.password);
  await expect(other).toHaveURL(/\/$/);
  await other.goto('/Records?type=transferIn');
  await expect(
    other
      .getByTestId('record')
      .filter({ hasText: `From UID ${user.uid}` })
      .filter({ hasText: '+₱55.50' }),
  ).toHaveCount(1);
  await expect(other.getByTestId('record').filter({ hasText: `From UID ${user.uid}` })).toContainText(
    'Transfer received',
  );
  await other.close();
});
