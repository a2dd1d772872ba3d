import { expect, type Page, test } from '@playwright/test';
import { bonusOffersCall } from '#contract/bonuses';
import { cardsSaveCall, safeSetPasswordCall } from '#contract/wallet';
import { apiCall } from './api';
import { expectNoViolations } from './axe-support';
import { overflowAt } from './every-route';
import { freshUser, SAFE_PASSWORD } from './wallet-support';

// Bonuses in the app (issue 33) in real Chromium on a 360 px phone: /Bonuses from /my, the deposit page's
// offers with their rules before opting in, a deposit with the welcome offer, the locked balance and its
// "why", the requirement's progress, and a withdrawal that would forfeit it asking first. Axe-clean at each.

const WIDTH = 360;

async function fits(page: Page, where: string) {
  const { scrollWidth, culprits } = await overflowAt(page, WIDTH);
  expect(scrollWidth, `${where}: ${culprits.join(', ')}`).toBeLessThanOrEqual(WIDTH);
  await expectNoViolations(page, where);
}

test('the welcome offer from the deposit page to a locked balance, its progress and a withdrawal that asks first', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: WIDTH, height: 780 });
  const user = await freshUser(page);
  const probe = await page.request.post('/api/bonus/offers', {
    data: {},
    headers: { Authorization: `Bearer ${user.token}` },
  });
  test.skip(probe.status() === 404, 'Needs the server of /api/bonus/offers (issue 33)');
  const offered = await apiCall(page.request, bonusOffersCall, { deposit: 500 }, { token: user.token });
  const welcome = offered.find((offer) => offer.takenBy === 'deposit');
  test.skip(!welcome, 'Needs a demo offer taken with a deposit of 500 (issue 33: npm start seeds two)');
  if (!welcome) return;

  // Korean and Chinese, where words are longest and narrowest: /Bonuses and the deposit page with the offer fit.
  for (const [locale, heading, group] of [
    ['ko-KR', '보너스', '이번 입금 보너스'],
    ['zh-CN', '奖金', '本次存款的奖金'],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/Bonuses');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId('bonus-offer').first()).toBeVisible();
    await fits(page, `/Bonuses with offers in ${locale}`);
    await page.goto('/Deposit');
    await page.locator('input[name="amount"]').fill('500');
    // "No bonus" and at least the welcome offer.
    await expect(page.getByRole('group', { name: group }).getByRole('radio').nth(1)).toBeVisible();
    await fits(page, `/Deposit with an offer in ${locale}`);
  }
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));

  // /Bonuses from /my, before any bonus: the offers, no active bonus, no history.
  await page.goto('/my');
  await page.getByRole('link', { name: 'Bonuses' }).click();
  await expect(page).toHaveURL(/\/Bonuses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();
  await expect(page.getByText('No active bonus')).toBeVisible();
  await expect(page.getByTestId('bonus-offer').filter({ hasText: welcome.title })).toBeVisible();
  await fits(page, '/Bonuses with offers');

  // The deposit page: the offers of the typed amount, each rule readable before opting in; no bonus by default.
  await page.goto('/Deposit');
  await page.getByLabel('Deposit amount').fill('500');
  const offers = page.getByRole('group', { name: 'Bonus for this deposit' });
  await expect(offers.getByRole('radio', { name: 'No bonus' })).toBeChecked();
  const option = offers.getByRole('radio', { name: welcome.title });
  await expect(option).not.toBeChecked();
  await expect(offers.getByText(/before it can be withdrawn|No bets needed/).first()).toBeVisible();
  await fits(page, '/Deposit with an offer');

  // An opt-in the server refuses (the offer ended after the page showed it, stood for by an offer that does not
  // exist): said in words beside the offers, the choice undone, no order made.
  await page.route('**/api/wallet/deposit/create', (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, bonusOffer: { id: 999_999, version: 1 } }) });
  });
  await option.check();
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(offers.getByRole('alert')).toHaveText('This bonus offer is not available to you now');
  await expect(offers.getByRole('radio', { name: 'No bonus' })).toBeChecked();
  await expect(page).toHaveURL(/\/Deposit$/);
  await fits(page, '/Deposit with a refused opt-in');
  await page.unroute('**/api/wallet/deposit/create');

  await option.check();
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page).toHaveURL(/\/Deposit\?orderNo=D/);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Pay now' }).click();
  const pay = await popupPromise;
  await pay.getByRole('button', { name: /^Pay / }).click();
  await expect(pay.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await pay.close();
  await expect(page.getByTestId('deposit-state')).toHaveText('Success', { timeout: 10_000 });

  // The bonus is locked money: /my shows it apart from withdrawable, with the way to why.
  await page.goto('/my');
  await expect(page.getByTestId('withdrawable')).toHaveText(/₱/);
  await expect(page.getByTestId('locked')).not.toHaveText('₱0.00');
  await fits(page, '/my with locked money');
  await page.getByRole('link', { name: 'Why is money locked?' }).click();
  await expect(page).toHaveURL(/\/Bonuses$/);
  const requirement = page.getByTestId('bonus-requirement').filter({ hasText: welcome.title });
  await expect(requirement).toBeVisible();
  await expect(requirement.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(requirement.getByTestId('requirement-locked')).not.toHaveText('₱0.00');
  await fits(page, '/Bonuses with an active bonus');

  // A withdrawal while it is open: when the offer forfeits on withdrawal, the page asks first and says how much.
  if (!welcome.forfeitsOnWithdrawal) return;
  await apiCall(page.request, safeSetPasswordCall, { password: SAFE_PASSWORD }, { token: user.token });
  await apiCall(
    page.request,
    cardsSaveCall,
    { kind: 'bank', holderName: 'Ana Reyes', bank: 'BPI', cardNumber: '5555667777', phone: '9123456780' },
    { token: user.token },
  );
  await page.goto('/Withdraw');
  await page.getByLabel('Withdrawal amount').fill('100');
  await page.getByLabel('Safe password', { exact: true }).fill(SAFE_PASSWORD);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdrawing forfeits a bonus' });
  await expect(dialog.getByTestId('forfeits')).toContainText(welcome.title);
  await fits(page, '/Withdraw asking to forfeit');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // Nothing was sent: the bonus is still there.
  await page.goto('/Bonuses');
  await expect(page.getByTestId('bonus-requirement').filter({ hasText: welcome.title })).toBeVisible();

  // A bonus taken by claim: granted here, said in words, and one that a withdrawal does not forfeit.
  const gift = offered.find((offer) => offer.takenBy === 'claim');
  if (gift) {
    const card = page.getByTestId('bonus-offer').filter({ hasText: gift.title });
    await card.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByTestId('claim-outcome')).toHaveText(/^Granted: ₱/);
    await expect(page.getByTestId('bonus-requirement').filter({ hasText: gift.title })).toBeVisible();
  }

  // With consent the withdrawal goes through, and the welcome bonus ends as forfeited, its money removed.
  await page.goto('/Withdraw');
  await page.getByLabel('Withdrawal amount').fill('100');
  await page.getByLabel('Safe password', { exact: true }).fill(SAFE_PASSWORD);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Withdrawing forfeits a bonus' });
  await expect(again.getByTestId('forfeits')).toContainText(welcome.title);
  if (gift && !gift.forfeitsOnWithdrawal)
    await expect(again.getByTestId('forfeits')).not.toContainText(gift.title);
  await again.getByRole('button', { name: 'Withdraw and forfeit' }).click();
  await expect(page).toHaveURL(/\/WithdrawStep\/\d+$/);
  await page.goto('/Bonuses');
  const ended = page.getByTestId('bonus-history').filter({ hasText: welcome.title });
  await expect(ended).toContainText('Forfeited by a withdrawal:');
  await expect(ended).not.toContainText('₱0.00 removed');
  if (gift && !gift.forfeitsOnWithdrawal)
    await expect(page.getByTestId('bonus-requirement').filter({ hasText: gift.title })).toBeVisible();
  await fits(page, '/Bonuses with history');

  // The same page in Spanish: the app's words from its catalogue, the offers' titles and rules from the server.
  await page.evaluate(() => localStorage.setItem('locale', 'es-ES'));
  await page.goto('/Bonuses');
  await expect(page.getByRole('heading', { level: 1, name: 'Bonos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bonos activos' })).toBeVisible();
  if (gift && !gift.forfeitsOnWithdrawal)
    await expect(page.getByRole('progressbar', { name: /^Apuestas hechas para / })).toBeVisible();
  await expect(page.getByText(/Bono de bienvenida|Regalo de registro/).first()).toBeVisible();
  await fits(page, '/Bonuses in es-ES');
});
