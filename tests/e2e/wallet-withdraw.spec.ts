import { expect, test } from '@playwright/test';
import {
  adminApproveCall,
  adminExecuteCall,
  adminRejectCall,
  adminSettleCall,
} from '#contract/admin/withdrawals';
import { cardsSaveCall, safeDepositCall, safeSetPasswordCall } from '#contract/wallet';
import { apiCall } from './api';
import { depositViaApi, fieldError, freshUser, operatorToken, SAFE_PASSWORD } from './wallet-support';

test('withdraw and watch the steps move as an operator approves, executes and settles', async ({ page }) => {
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 500);
  await apiCall(
    page.request,
    cardsSaveCall,
    {
      kind: 'bank',
      holderName: 'Juan Cruz',
      bank: 'BPI',
      cardNumber: '5555668888',
      phone: '9123456789',
    },
    { token: user.token },
  );

  // No safe password yet: the page leads to setting one.
  await page.goto('/Withdraw');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱500.00');
  await page.getByRole('link', { name: 'Set safe password' }).click();
  await expect(page).toHaveURL(/\/Safe$/);
  await page.getByLabel('New safe password').fill(SAFE_PASSWORD);
  await page.getByLabel('Repeat the safe password').fill(SAFE_PASSWORD);
  await page.getByRole('button', { name: 'Set safe password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Safe password set' })).toBeVisible();

  await page.goto('/Withdraw');
  await expect(page.getByRole('radio', { name: /BPI \*\*\*\*8888/ })).toBeChecked();
  const submit = page.getByRole('button', { name: 'Withdraw', exact: true });
  await submit.click();
  expect(await fieldError(page, 'Withdrawal amount')).toBe('Please enter the amount');
  await page.getByLabel('Withdrawal amount').fill('50');
  await submit.click();
  expect(await fieldError(page, 'Withdrawal amount')).toBe('Please enter a correct amount: at least ₱100.00');
  await page.getByLabel('Withdrawal amount').fill('600');
  await submit.click();
  expect(await fieldError(page, 'Withdrawal amount')).toBe('Insufficient balance');
  await page.getByLabel('Withdrawal amount').fill('150.5');
  await page.getByLabel('Safe password').fill('000000');
  await submit.click();
  expect(await fieldError(page, 'Safe password')).toBe('Safe password is wrong');
  await page.getByLabel('Safe password').fill(SAFE_PASSWORD);
  await submit.click();

  await expect(page).toHaveURL(/\/WithdrawStep\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const state = page.getByTestId('withdraw-state');
  await expect(state).toHaveText('Under review');
  await expect(page.getByText('Arrives within 24 hours')).toBeVisible();
  const steps = page.getByRole('list', { name: 'Progress' });
  await expect(steps.getByRole('listitem')).toHaveCount(5);

  // The hold shows on /my: withdrawable down, locked up.
  const op = await operatorToken(page.request);
  await apiCall(page.request, adminApproveCall, { id }, { token: op });
  await expect(state).toHaveText('Approved, awaiting payout', { timeout: 10_000 });
  await apiCall(page.request, adminExecuteCall, { id }, { token: op });
  await expect(state).toHaveText('Paying out', { timeout: 10_000 });
  await apiCall(page.request, adminSettleCall, { id, outcome: 'Success' }, { token: op });
  await expect(state).toHaveText('Success', { timeout: 10_000 });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Success');

  await page.getByRole('link', { name: 'All withdrawals' }).click();
  await expect(page).toHaveURL(/\/WithdrawDetails$/);
  const row = page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem').first();
  await expect(row).toContainText('BPI ****8888');
  await expect(row).toContainText('-₱150.50');
  await expect(row).toContainText('Success');

  await page.goto('/my');
  await expect(page.getByTestId('balance')).toHaveText('₱349.50');
  await expect(page.getByTestId('locked')).toHaveText('₱0.00');
  await page.goto('/Records?type=withdraw');
  await expect(page.getByTestId('record')).toHaveCount(1);
  await expect(page.getByTestId('record').first()).toContainText('-₱150.50');
});

test('a rejected withdrawal returns the funds and says why; five wrong safe passwords lock the safe', async ({
  page,
}) => {
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 300);
  await apiCall(page.request, safeSetPasswordCall, { password: SAFE_PASSWORD }, { token: user.token });
  const method = await apiCall(
    page.request,
    cardsSaveCall,
    {
      kind: 'ewallet',
      walletType: 'GCash',
      account: '09170000001',
      holderName: 'Ana Reyes',
    },
    { token: user.token },
  );
  await page.goto('/Withdraw');
  await expect(page.getByRole('radio', { name: /GCash/ })).toBeChecked();
  await page.getByLabel('Withdrawal amount').fill('200');
  await page.getByLabel('Safe password').fill(SAFE_PASSWORD);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/WithdrawStep\/\d+$/);
  await expect(page.getByText('Arrives in 1 minute to 12 hours')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect(method.id).toBeGreaterThan(0);

  await page.goto('/my');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱100.00');
  await expect(page.getByTestId('locked')).toHaveText('₱200.00');
  await expect(page.getByTestId('balance')).toHaveText('₱300.00');

  const op = await operatorToken(page.request);
  await apiCall(page.request, adminRejectCall, { id, reason: 'Account name mismatch' }, { token: op });
  await page.goto(`/WithdrawStep/${id}`);
  await expect(page.getByTestId('withdraw-state')).toHaveText('Failed');
  await expect(page.getByText('Account name mismatch')).toBeVisible();
  await page.goto('/my');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱300.00');

  // Lockout: 4 wrong tries say so under the field, the 5th locks the safe for 15 minutes.
  await apiCall(page.request, safeDepositCall, { amount: 20 }, { token: user.token });
  await page.goto('/Safe');
  await expect(page.getByTestId('safe-balance')).toHaveText('₱20.00');
  const password = page.getByLabel('Safe password', { exact: true });
  for (let i = 0; i < 4; i++) {
    await page.getByLabel('Amount out of the safe').fill('5');
    await password.fill('000000');
    await page.getByRole('button', { name: 'Move out' }).click();
    expect(await fieldError(page, 'Safe password')).toBe('Safe password is wrong');
  }
  // Said once (issue 11, item 7): the line on the page with the time it opens, not a toast as well.
  // A toast would stay up for 4 s, so the count is read once, shortly after the answer (no retrying
  // assertion: that would wait for a toast to go away).
  const lockSaid = page.getByText(/too many wrong safe passwords/i);
  const moveOut = async (safePassword: string) => {
    await password.fill(safePassword);
    const answered = page.waitForResponse('**/api/wallet/safe/withdraw');
    await page.getByRole('button', { name: 'Move out' }).click();
    expect((await answered).status()).toBe(429);
    await expect(page.getByText(/Too many wrong safe passwords\. Try again after/)).toBeVisible();
    await page.waitForTimeout(300);
    expect(await lockSaid.count()).toBe(1);
  };
  await moveOut('000000');
  // Even the right password is refused while locked; nothing moved, and the lock is still said once.
  await moveOut(SAFE_PASSWORD);
  await expect(page.getByTestId('safe-balance')).toHaveText('₱20.00');
});
