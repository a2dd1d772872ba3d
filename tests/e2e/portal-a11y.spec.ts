import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

// An axe scan of a long page takes a few seconds on its own, many more on a slow host under the whole
// suite: these specs keep the suite's 120 s per test (playwright.config.ts).

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
  if (summary.length > 0) console.log(JSON.stringify(summary, null, 2));
  expect(summary).toEqual([]);
}

test('home logged out has no axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Announcements' }).locator('img').first()).toBeVisible();
  await expect(page.getByText('Log in to see the mini-games you can promote.')).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await expect(page.getByRole('list', { name: 'Demand tasks' }).getByRole('listitem').first()).toBeVisible();
  await expectNoViolations(page);
});

test('home logged in (job 2, with pins) has no axe violations', async ({ page }) => {
  const senior = demoAccount('senior agent (job 2)');
  await page.goto('/login');
  await logIn(page, senior.phone, senior.password);
  await expect(page.getByRole('list', { name: 'Mini-games' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' })).toBeVisible();
  await expectNoViolations(page);
});

test('the media viewer and the promotion page have no axe violations', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/login');
  await logIn(page, player.phone, player.password);
  await page
    .getByRole('list', { name: 'Mini-games' })
    .getByRole('button', { name: /open pictures/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page);
  await page.goto('/promotion/1');
  await expect(page.locator('.link-card').first()).toBeVisible();
  await expectNoViolations(page);
});
