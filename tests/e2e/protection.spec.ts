import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe-support';
import { depositViaApi, field, fieldError, freshUser } from './wallet-support';

// Issue 15, player protection (decision 0021): a deposit limit set on /Protection refuses a deposit above
// it; a time-out taken there (after its confirmation) makes a game refuse to open; axe on the page in its
// states (the route walk, every-route.spec.ts, scans it in every locale). Each test uses its own fresh
// account. The demo clock is never moved here; the time-out taken is the longest (6 weeks), so another spec
// moving the shared clock by days cannot end it mid-test.

test('a deposit limit refuses a deposit above it; a rise waits 24 hours', async ({ page }) => {
  await freshUser(page);
  await page.goto('/Protection');
  await expect(page.getByRole('heading', { name: 'Deposit limits' })).toBeVisible();
  await expect(page.getByTestId('limit-day')).toContainText('No limit');
  await expectNoViolations(page, 'the protection page');

  await field(page, 'Period').selectOption('day');
  await field(page, 'Limit amount').fill('100');
  await page.getByRole('button', { name: 'Set limit' }).click();
  await expect(page.getByTestId('limit-day')).toContainText('₱100.00');

  // A rise is shown pending, with the time it applies; the limit in force stays.
  await field(page, 'Limit amount').fill('300');
  await page.getByRole('button', { name: 'Set limit' }).click();
  await expect(page.getByTestId('limit-day')).toContainText('Rises to ₱300.00 on');
  await expect(page.getByTestId('limit-day')).toContainText('₱100.00');
  await expectNoViolations(page, 'the protection page with a pending rise');

  await page.goto('/Deposit');
  // Offered where money comes in: the limit in force, with the way to change it.
  const offer = page.getByRole('complementary', { name: 'Deposit limits' });
  await expect(offer).toContainText('Limit per 24 hours: ₱100.00');
  await expect(offer.getByRole('link', { name: 'Change limits' })).toBeVisible();
  await field(page, 'Deposit amount').fill('150');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  expect(await fieldError(page, 'Deposit amount')).toBe('This deposit would go over your deposit limit');
  await expect(page).toHaveURL(/\/Deposit$/);

  // Within the limit it goes through.
  await field(page, 'Deposit amount').fill('100');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.getByTestId('deposit-state')).toBeVisible();
});

test('a time-out, once confirmed, keeps the games closed', async ({ page }) => {
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 200);
  await page.goto('/Protection');
  await page.getByRole('radio', { name: '6 weeks' }).check();
  await page.getByRole('button', { name: 'Take a time-out' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm time-out' });
  await expect(confirm).toContainText('For 6 weeks from now you will not be able to play');
  await expectNoViolations(page, 'the time-out confirmation');
  // Cancelling takes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Take a time-out' })).toBeVisible();

  await page.getByRole('button', { name: 'Take a time-out' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm time-out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByTestId('block-active')).toContainText('You are taking a time-out until');
  // Nothing on the page offers to undo it.
  await expect(page.getByRole('button', { name: 'Take a time-out' })).toHaveCount(0);
  await expectNoViolations(page, 'the protection page during a time-out');

  await page.goto('/games');
  await page.getByTestId('game').first().click();
  await expect(page.getByText('You are taking a time-out: this is paused until it ends')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A deposit is refused with the same message; the account history still opens.
  await page.goto('/Deposit');
  await field(page, 'Deposit amount').fill('10');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.getByText('You are taking a time-out: this is paused until it ends')).toBeVisible();
});

test('the reality check interrupts a game at the chosen interval: time played, net position, leave', async ({
  page,
}) => {
  const user = await freshUser(page);
  await depositViaApi(page.request, user.token, 100);
  await page.goto('/Protection');
  await page.getByRole('radio', { name: '15 minutes' }).check();
  await expect(page.getByRole('radio', { name: '15 minutes' })).toBeChecked();

  // The page's timers are the test's to move; the server's clock is left alone.
  await page.clock.install();
  await page.goto('/games');
  await page.getByTestId('game').filter({ hasText: 'Lucky Reels' }).click();
  const game = page.getByRole('dialog', { name: 'Lucky Reels' });
  await expect(game).toBeVisible();
  // The game's own page loaded in the frame, so that the scan below covers it every time.
  await expect(game.frameLocator('iframe').getByRole('button', { name: 'Spin' })).toBeVisible();
  await expect(page.getByTestId('reality-check')).toHaveCount(0);

  await page.clock.fastForward('15:00');
  const check = page.getByRole('alertdialog', { name: 'Reality check' });
  await expect(check).toContainText('You have played for');
  await expect(check).toContainText('Net position: ₱0.00');
  await expect(check.getByRole('button', { name: 'Continue' })).toBeFocused();
  await expectNoViolations(page, 'the reality check over a game');

  await check.getByRole('button', { name: 'Leave the game' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
