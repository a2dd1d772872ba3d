import { expect, test } from '@playwright/test';
import { demoAccount, latestSmsCode, logIn } from './support';
import { fieldError, PASSWORD } from './wallet-support';

test('a Philippine user adds a BDO account with bad then good input, edits it, adds an e-wallet, deletes after confirming', async ({
  page,
}) => {
  // The demo agent (+63): no money moves here, no other spec touches its methods, and no SMS code is spent.
  const agent = demoAccount('agent (job 1)');
  await page.goto('/login');
  await logIn(page, agent.phone, agent.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Cards');
  await expect(page.getByText('No withdrawal methods yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add bank card' }).click();
  await expect(page).toHaveURL(/\/AddCard$/);

  // Philippine banks only, and no IFSC code: that is an Indian bank's field.
  const bank = page.getByLabel('Bank');
  await expect(bank.locator('option')).toContainText(['Select a bank', 'BDO Unibank', 'BPI', 'Metrobank']);
  await expect(bank.locator('option', { hasText: 'HDFC Bank' })).toHaveCount(0);
  await expect(page.getByLabel('IFSC code')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'Cardholder name')).toBe('Cardholder name is required');
  expect(await fieldError(page, 'Bank')).toBe('Please select a wallet or bank');
  expect(await fieldError(page, 'Account number')).toBe('Account number is required');
  expect(await fieldError(page, 'Phone number')).toBe('Phone number must be 10 digits');

  await page.getByLabel('Cardholder name').fill('Maria Santos');
  await bank.selectOption('BDO Unibank');
  // 11 digits: BDO account numbers have 10 or 12.
  await page.getByLabel('Account number').fill('00123456789');
  await expect(page.getByText('BDO Unibank account number: 10 or 12 digits')).toBeVisible();
  await page.getByLabel('Phone number').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'Account number')).toBe('Account number format is incorrect');
  expect(await fieldError(page, 'Phone number')).toBe('Phone number must be 10 digits');
  await expect(page.getByLabel('Cardholder name')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Account number').fill('001234567890');
  await page.getByLabel('Phone number').fill('9171234568');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/Cards$/);
  const list = page.getByRole('list', { name: 'Withdrawal methods' });
  await expect(list).toContainText('BDO Unibank ****7890');
  await expect(list).toContainText('Maria Santos');

  // Edit: the number is asked again (10 digits is BDO's other length); the rest is kept.
  await list.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/AddCard\/\d+$/);
  await expect(page.getByLabel('Cardholder name')).toHaveValue('Maria Santos');
  await expect(page.getByLabel('Bank')).toHaveValue('BDO');
  await page.getByLabel('Cardholder name').fill('Maria C. Santos');
  await page.getByLabel('Account number').fill('0012340000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Maria C. Santos');
  await expect(list).toContainText('BDO Unibank ****0000');

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
  await expect(list).toContainText('BDO Unibank');
});

test('an Indian user (+91) adds an HDFC account, IFSC code required', async ({ page }) => {
  // Registered through the real API with the Indian area code (98 + 8 digits is a valid Indian mobile).
  const phone = `98${String(process.pid % 10_000).padStart(4, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  const sent = await page.request.post('/api/cplogin/sendsms', {
    data: { areaCode: '91', phone, purpose: 'register' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await latestSmsCode(page.request, phone, 'register', '91');
  const reg = await page.request.post('/api/cplogin/reg', {
    data: { areaCode: '91', phone, password: PASSWORD, code },
  });
  expect(reg.status(), await reg.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Country/region code').selectOption('91');
  await logIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/AddCard');

  const bank = page.getByLabel('Bank');
  await expect(bank.locator('option', { hasText: 'HDFC Bank' })).toHaveCount(1);
  await expect(bank.locator('option', { hasText: 'BDO Unibank' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'IFSC code')).toBe('IFSC code is required');

  await page.getByLabel('Cardholder name').fill('Priya Sharma');
  await bank.selectOption('HDFC Bank');
  await page.getByLabel('Account number').fill('50100012349012');
  await page.getByLabel('IFSC code').fill('hdfc000123');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await fieldError(page, 'IFSC code')).toBe('IFSC code format is incorrect');
  await page.getByLabel('IFSC code').fill('hdfc0001234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.goto('/Cards');
  await expect(page.getByRole('list', { name: 'Withdrawal methods' })).toContainText('HDFC Bank ****9012');
});
