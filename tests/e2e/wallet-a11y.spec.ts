import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** Read-only visits with the demo player (seeded balances, records, a card and an e-wallet). */
test('the wallet screens have no axe violations', async ({ page }) => {
  // Eleven axe scans: on a slow host each takes several seconds.
  test.setTimeout(180_000);
  const player = demoAccount('player');
  await page.goto('/login');
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/\/$/);
  const pages: Array<[string, RegExp]> = [
    ['/my', /Balance/],
    ['/Deposit', /Deposit amount/],
    ['/Withdraw', /Withdrawal amount/],
    ['/WithdrawDetails', /Withdrawal details/],
    ['/Safe', /In the safe/],
    ['/Transfer', /Receiver UID/],
    ['/Records', /Records/],
    ['/Cards', /Cards and e-wallets/],
    ['/AddCard', /Cardholder name/],
    ['/AddZhiFuBao', /E-wallet account/],
  ];
  for (const [path, text] of pages) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"].skeleton-list')).toHaveCount(0);
    await test.step(path, () => expectNoViolations(page));
  }
  // A form with its messages shown.
  await page.goto('/AddCard');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cardholder name is required')).toBeVisible();
  await expectNoViolations(page);
});
