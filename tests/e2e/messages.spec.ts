import { expect, type Page, test } from '@playwright/test';
import { adminMessageSendCall } from '#contract/admin/message';
import { apiCall } from './api';
import { expectNoViolations } from './axe-support';
import { depositViaApi, freshUser, operatorToken } from './wallet-support';

// Issue 15, messages: a deposit leaves a message; opening it reads it and the badge on /my goes down; mark
// all read; delete. This spec does not move the demo clock and depends on no day.

const messagesLink = (page: Page) => page.getByRole('link', { name: /^Messages/ });
const rows = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('link');
/** A cold load of /my (the games corner, balances, spin state) can be slow while other specs run. */
const COLD = { timeout: 45_000 };

test('a deposit’s message: listed unread, read when opened, all read, deleted', async ({ page }) => {
  test.setTimeout(240_000);
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 123.45);

  await page.goto('/my');
  await expect(messagesLink(page)).toHaveAccessibleName('Messages 1 unread', COLD);
  await messagesLink(page).click();
  await expect(page).toHaveURL(/\/Messages$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Deposit received');
  await expect(rows(page).first()).toContainText('Unread');
  await expectNoViolations(page, 'messages list');

  await rows(page).first().click();
  await expect(page).toHaveURL(/\/Messages\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Deposit received' })).toBeVisible();
  await expect(page.getByText(/Your deposit of ₱123\.45 has been added to your balance/)).toBeVisible();
  await expectNoViolations(page, 'message details');
  // Read once shown: the list and the badge follow.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(rows(page).first()).not.toContainText('Unread');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(messagesLink(page)).toHaveAccessibleName('Messages', COLD);

  // Two more: another deposit and an operator's word to this user.
  await depositViaApi(page.request, user.token, 10);
  await apiCall(
    page.request,
    adminMessageSendCall,
    {
      key: `e2e-${user.uid}`,
      segment: 'uids',
      uids: [user.uid],
      texts: { 'en-US': { title: 'Welcome aboard', body: 'Thanks for joining.' } },
    },
    { token: await operatorToken(page.request) },
  );
  await page.reload();
  await expect(messagesLink(page)).toHaveAccessibleName('Messages 2 unread', COLD);
  await messagesLink(page).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText('Welcome aboard');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeHidden();
  for (const row of await rows(page).all()) await expect(row).not.toContainText('Unread');

  // Delete the operator's message from its details: back on the list, it is gone.
  await rows(page).first().click();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete message' }).click();
  await expect(page).toHaveURL(/\/Messages$/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Welcome aboard')).toBeHidden();
  await page.goto('/my');
  await expect(messagesLink(page)).toHaveAccessibleName('Messages', COLD);
});
