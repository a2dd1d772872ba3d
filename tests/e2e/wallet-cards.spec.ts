import { expect, test } from '@playwright/test';
import { demoAccount, logIn } from './support';
import { fieldError } from './wallet-support';

test('add a bank card with bad then good input, edit it, add an e-wallet, delete after confirming', async ({
  page,
}) => {
  // The demo agent: no money moves here, no other spec touches its methods, and no SMS code is spent.
  const agent = demoAccount('agent (job 1)');
  await page.goto('/login');
  await logIn(page, agent.phone, agent.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Cards');
  await expect(page.getByText('No withdrawal methods yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add bank card' }).click();
  await expect(page).toHaveURL(/\/AddCard$/);

  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'Cardholder name')).toBe('Cardholder name is required');
  expect(await fieldError(page, 'Bank')).toBe('Please select a wallet or bank');
  expect(await fieldError(page, 'Card number')).toBe('Card number is required');
  expect(await fieldError(page, 'IFSC code')).toBe('IFSC code is required');
  expect(await fieldError(page, 'Phone number')).toBe('Phone number must be 10 digits');

  await page.getByLabel('Cardholder name').fill('Maria Santos');
  await page.getByLabel('Bank').selectOption('HDFC Bank');
  await page.getByLabel('Card number').fill('123456789012');
  await page.getByLabel('IFSC code').fill('hdfc0001234');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'Phone number')).toBe('Phone number must be 10 digits');
  await expect(page.getByLabel('Cardholder name')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Phone number').fill('9876543210');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/Cards$/);
  const list = page.getByRole('list', { name: 'Withdrawal methods' });
  await expect(list).toContainText('HDFC Bank ****9012');
  await expect(list).toContainText('Maria Santos');

  // Edit: the number is asked again; the rest is kept.
  await list.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/AddCard\/\d+$/);
  await expect(page.getByLabel('Cardholder name')).toHaveValue('Maria Santos');
  await page.getByLabel('Cardholder name').fill('Maria C. Santos');
  await page.getByLabel('Card number').fill('123456780000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Maria C. Santos');
  await expect(list).toContainText('****0000');

  await page.getByRole('link', { name: 'Add e-wallet' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'E-wallet')).toBe('Please select a wallet or bank');
  expect(await fieldError(page, 'E-wallet account')).toBe('Account is required');
  await page.getByLabel('E-wallet', { exact: true }).selectOption('GCash');
  await page.getByLabel('E-wallet account').fill('09171112222');
  await page.getByLabel('Account holder name').fill('Maria Santos');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('GCash ****2222');

  const gcash = list.getByRole('listitem').filter({ hasText: 'GCash' });
  await gcash.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this withdrawal method?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list).toContainText('GCash');
  await gcash.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(list).not.toContainText('GCash');
  await expect(list).toContainText('HDFC Bank');
});
