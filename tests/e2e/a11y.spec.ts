import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

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

for (const path of ['/login', '/register', '/reset']) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });
}

test('/login with field errors shown has no axe violations', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expectNoViolations(page);
});

test('the support dialog has no axe violations', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Customer service' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page);
});
