// Issue 16: the operator console in real Chromium. An operator signs in with the second factor (TOTP),
// approves a withdrawal above the site's threshold, which waits for a second operator; the second operator
// approves it in their requests; axe scans every console page on the way.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { expectNoViolations, preloadAxe } from './axe-support';
import { withOperatorCode } from './operator-codes';
import { freshPhone, logIn, registerViaApi } from './support';
import { apiCall, depositViaApi, PASSWORD, SAFE_PASSWORD } from './wallet-support';

/** A player's withdrawal of `amount` waiting for review, made through the API; answers its order number. */
async function pendingWithdrawal(page: Page, amount: number): Promise<string> {
  const phone = freshPhone();
  const { token } = (await registerViaApi(page.request, phone, PASSWORD)) as { token: string };
  await depositViaApi(page.request, token, amount + 100);
  await apiCall(page.request, token, '/wallet/safe/setPassword', { password: SAFE_PASSWORD });
  const card = await apiCall<{ id: number }>(page.request, token, '/wallet/cards/save', {
    kind: 'bank',
    holderName: 'Ana Reyes',
    bank: 'BPI',
    cardNumber: '5555667777',
    phone: '9123456780',
  });
  const w = await apiCall<{ orderNo: string }>(page.request, token, '/wallet/withdraw/create', {
    amount,
    methodId: card.id,
    safePassword: SAFE_PASSWORD,
  });
  return w.orderNo;
}

/** An operator's page in a browser context of its own: signed in with password, then the authenticator code. */
async function signInOperator(browser: Browser, label: string): Promise<Page> {
  const account = DEMO_ACCOUNTS.find((a) => a.label === label);
  if (!account) throw new Error(`no demo operator ${label}`);
  const context = await browser.newContext();
  await preloadAxe(context);
  const page = await context.newPage();
  await page.goto('/login?redirect=/admin');
  await logIn(page, account.phone, account.password);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  await expectNoViolations(page, 'the second factor');
  const code = page.getByLabel('Authenticator code');
  await withOperatorCode(page.request, label, async (value) => {
    await code.fill(value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/session/totp'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await answered;
  });
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  return page;
}

test('a withdrawal above the threshold: one operator approves, a second operator confirms', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const orderNo = await pendingWithdrawal(page, 5_500);

  const first = await signInOperator(browser, 'operator');
  await expect(first).toHaveURL(/\/admin\/withdrawals/);
  const row = first.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('₱5,500.00');
  await expect(row).toContainText('Awaiting review');
  await expectNoViolations(first, 'the withdrawals queue');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(
    first
      .getByRole('status')
      .filter({ hasText: "Above this site's threshold: a second operator has to approve it" }),
  ).toBeVisible();
  await expect(row).toContainText('Awaiting review');

  // The maker's own request is there to see, but not theirs to approve.
  await first.getByRole('link', { name: 'Requests to approve' }).click();
  const mine = first.getByRole('row').filter({ hasText: orderNo });
  await expect(mine).toContainText('Approve a withdrawal');
  await expectNoViolations(first, 'the requests');
  await mine.getByRole('button', { name: 'Approve' }).click();
  await expect(
    first.getByRole('alert').filter({ hasText: 'Another operator has to decide on a request you made' }),
  ).toBeVisible();

  const second = await signInOperator(browser, 'second operator (payments reviewer)');
  await second.getByRole('link', { name: 'Requests to approve' }).click();
  const request = second.getByRole('row').filter({ hasText: orderNo });
  await request.getByRole('button', { name: 'Approve' }).click();
  // Decided: gone from the waiting ones, approved among all.
  await expect(request).toHaveCount(0);
  await second.goto('/admin/requests?state=approved');
  await expect(second.getByRole('row').filter({ hasText: orderNo })).toContainText('Approved');

  await first.goto('/admin/withdrawals?state=WaitExec');
  await expect(first.getByRole('row').filter({ hasText: orderNo })).toContainText('Approved, to pay out');
  await first.context().close();
  await second.context().close();
});

test('a player who opens the console is told it is for operators', async ({ page }) => {
  const phone = freshPhone();
  await registerViaApi(page.request, phone, PASSWORD);
  await page.goto('/login?redirect=/admin');
  await logIn(page, phone, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Only operators can open the console' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
});
