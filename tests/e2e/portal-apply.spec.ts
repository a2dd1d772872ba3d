import { expect, type Page, test } from '@playwright/test';
import { freshPhone, logIn, registerViaApi } from './support';

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

const PASSWORD = 'Harbor#7421';

async function freshPromoter(page: Page) {
  const phone = freshPhone();
  await registerViaApi(page.request, phone, PASSWORD);
  await page.goto('/login');
  await logIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
}

const positive = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('apply for a mini-game, see the view button, copy its link, follow it and see the click counted', async ({
  page,
}) => {
  await freshPromoter(page);
  const list = page.getByRole('list', { name: 'Mini-games' });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // Items under upstream review keep the greyed apply: take the first that gets a link.
  let name = '';
  for (let i = 0; i < 4 && !name; i++) {
    const row = list.getByRole('listitem').nth(i);
    const apply = row.getByRole('button', { name: /^Apply for / });
    if ((await apply.count()) === 0) continue;
    const candidate = ((await apply.getAttribute('aria-label')) ?? '').replace(/^Apply for /, '');
    await apply.click();
    await expect(positive(page, 'Apply succeeded')).toBeVisible();
    const view = row.getByRole('link', { name: `View the link for ${candidate}` });
    const pending = row.getByRole('button', { name: `Apply for ${candidate}: link under review` });
    await expect(view.or(pending)).toBeVisible();
    if (await view.isVisible()) name = candidate;
  }
  expect(name).not.toBe('');
  // The newest strip shows the same item's new state without a reload, if it holds it.
  const stripView = page
    .getByRole('region', { name: 'Newest mini-games' })
    .getByRole('link', { name: `View the link for ${name}` });
  const stripApply = page
    .getByRole('region', { name: 'Newest mini-games' })
    .getByRole('button', { name: `Apply for ${name}` });
  await expect(stripApply).toHaveCount(0);
  expect(await stripView.count()).toBeLessThanOrEqual(1);

  await list.getByRole('link', { name: `View the link for ${name}` }).click();
  await expect(page).toHaveURL(/\/promotion\/1$/);
  const card = page.locator('.link-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('clicks')).toHaveText('0');
  await expect(card.getByRole('img', { name: `QR code of the link for ${name}` })).toBeVisible();

  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(positive(page, 'Copied successfully')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]+$/);
  await expect(card.locator('.share-link__url')).toHaveText(copied);

  // The link redirects to the item's target (a demo game's page in this app) and counts the click.
  const path = new URL(copied).pathname;
  const visit = await page.request.get(path, { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toMatch(/^\/GameDetail\/\d+\?ref=[A-Za-z0-9_-]+$/);

  await page.getByRole('button', { name: 'Refresh click counts' }).click();
  await expect(card.getByTestId('clicks')).toHaveText('1');
  await page.reload();
  await expect(page.locator('.link-card').filter({ hasText: name }).getByTestId('clicks')).toHaveText('1');
});

test('claim a demand task: no app card first, add one, then the claim succeeds; delete it again', async ({
  page,
}) => {
  await freshPromoter(page);
  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  const list = page.getByRole('list', { name: 'Demand tasks' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const apply = list.getByRole('button', { name: /^Apply for / }).first();
  const name = ((await apply.getAttribute('aria-label')) ?? '').replace(/^Apply for /, '');
  await apply.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Not yet participated, cannot claim' }),
  ).toBeVisible();

  const form = page.getByRole('dialog', { name: 'Your short-video account' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await form.getByLabel('Account id').fill('bad id!');
  await form.getByLabel('Nickname').fill('E2E Creator');
  await form.getByLabel('Followers').fill('1200');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Account id may contain only letters, digits, dot, dash and underscore'),
  ).toBeVisible();
  await form.getByLabel('Account id').fill('e2e.creator');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(positive(page, 'App card saved')).toBeVisible();

  await list
    .getByRole('button', { name: `Apply for ${name}` })
    .first()
    .click();
  await expect(positive(page, 'Apply succeeded')).toBeVisible();
  await list
    .getByRole('link', { name: `View the link for ${name}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/promotion\/2$/);
  const card = page.locator('.link-card').filter({ hasText: name });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this task?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(positive(page, 'Deleted')).toBeVisible();
  await expect(page.locator('.link-card').filter({ hasText: name })).toHaveCount(0);
});

test('/promotion shows section 1, /promotion/3 says it is coming soon, /promotion/4 is not a page', async ({
  page,
}) => {
  await freshPromoter(page);
  await page.goto('/promotion');
  await expect(page.getByRole('link', { name: 'Mini-games' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No links yet')).toBeVisible();
  await page.getByRole('link', { name: 'More' }).click();
  await expect(page).toHaveURL(/\/promotion\/3$/);
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
  await page.goto('/promotion/4');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('help, service and about pages show the server pages', async ({ page }) => {
  await freshPromoter(page);
  for (const path of ['/Help', '/Service', '/AboutUs']) {
    await page.goto(path);
    await expect(page.locator('.article-card')).toBeVisible();
    await expect(page.locator('.article-card script')).toHaveCount(0);
  }
});

test('pulling the promotion list down from the top refreshes it', async ({ page }) => {
  await freshPromoter(page);
  await page.goto('/promotion/1');
  await expect(page.getByText('No links yet')).toBeVisible();
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/wxcps/myapplist'));
  const cdp = await page.context().newCDPSession(page);
  const point = (y: number) => [{ x: 180, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(250) });
  for (let y = 270; y <= 450; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  expect((await refreshed).status()).toBe(200);
});
