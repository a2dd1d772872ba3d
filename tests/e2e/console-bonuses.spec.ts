// Issue 33: the console's bonuses in real Chromium. An operator creates an offer with a Spanish title and terms
// (the form's own problems first), edits it into version 2 with version 1 still listed, pauses and resumes it,
// and a player reading Spanish sees it among their offers; the new console pages fit a 360 px phone and pass
// axe in Spanish and Korean.

import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { expectNoViolations, preloadAxe } from './axe-support';
import { overflowAt } from './every-route';
import { withOperatorCode } from './operator-codes';
import { logIn } from './support';
import { freshUser } from './wallet-support';

/** The demo operator's console page, signed in with password and authenticator code. */
async function signInOperator(browser: Browser): Promise<Page> {
  const account = DEMO_ACCOUNTS.find((a) => a.label === 'operator');
  if (!account) throw new Error('no demo operator');
  const context = await browser.newContext();
  await preloadAxe(context);
  const page = await context.newPage();
  await page.goto('/login?redirect=/admin');
  await logIn(page, account.phone, account.password);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  await withOperatorCode(page.request, 'operator', async (value) => {
    await page.getByLabel('Authenticator code').fill(value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/session/totp'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await answered;
  });
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  return page;
}

async function fitsAndPasses(op: Page, path: string, locale: string): Promise<void> {
  await op.goto(path);
  await expect(op.locator('html')).toHaveAttribute('lang', locale);
  await expect(op.locator('.admin-table, .empty-state, .admin-editor, .admin-totals').first()).toBeVisible();
  const { scrollWidth, culprits } = await overflowAt(op, 360);
  expect(scrollWidth, `${path} in ${locale}: ${culprits.join(', ')}`).toBeLessThanOrEqual(360);
  await expectNoViolations(op, `${path} in ${locale}`);
}

test('an operator creates an offer with Spanish terms, edits it as version 2, and a Spanish player sees it', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const op = await signInOperator(browser);
  await op.getByRole('link', { name: 'Bonus offers' }).click();
  await expect(op.getByRole('heading', { name: 'Bonus offers' })).toBeVisible();
  await expectNoViolations(op, 'the bonus offers');

  await op.getByRole('button', { name: 'New offer' }).click();
  const form = op.getByRole('form', { name: 'New offer' });
  await form.getByLabel('Kind').selectOption({ label: 'Registration bonus' });
  // Nothing written yet: the kind's amount and the texts are missing, said under their fields.
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(form.getByLabel('Fixed amount')).toHaveAccessibleDescription(
    /This kind of offer needs an amount/,
  );
  await expect(form.getByText('Write the title and terms in at least one language')).toBeVisible();
  await expectNoViolations(op, 'the new offer form with its problems');

  const title = `Bono e2e ${Date.now().toString(36)}`;
  await form.getByLabel('Fixed amount').fill('25');
  await form.getByLabel('Turnover multiplier').fill('5');
  await form.getByLabel('Valid for (days)').fill('7');
  await form.getByRole('button', { name: 'Add a channel' }).click();
  await form.getByLabel('Channel code 1').fill('slots');
  await form.getByLabel('Title (Español)').fill(title);
  await form.getByLabel('Terms (Español)').fill('Apuesta 5 veces el bono en tragaperras antes de retirarlo.');
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(op.getByRole('status').filter({ hasText: 'Offer created' })).toBeVisible();
  const row = op.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Registration bonus');
  await expect(row).toContainText('Active');

  // An edit is the next version; the first stays listed as it was.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = op.getByRole('form', { name: /Edit offer \d+ \(next: version 2\)/ });
  await expect(edit.getByLabel('Title (Español)')).toHaveValue(title);
  await edit.getByLabel('Turnover multiplier').fill('6');
  await edit.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(op.getByRole('status').filter({ hasText: 'Saved as version 2' })).toBeVisible();
  await expect(op.getByRole('row').filter({ hasText: title })).toContainText('2');
  await op
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const versions = op.getByRole('region', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('6x turnover');
  await expect(versions.getByRole('row').nth(2)).toContainText('5x turnover');
  await expectNoViolations(op, 'an offer with its versions');
  await op.getByRole('button', { name: 'Close' }).click();

  await op.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(op.getByRole('row').filter({ hasText: title })).toContainText('Paused');
  await op.getByRole('button', { name: `Resume ${title}` }).click();
  await expect(op.getByRole('row').filter({ hasText: title })).toContainText('Active');

  // A player reading Spanish finds it on their Bonuses page: its title, its rules in the app's Spanish and
  // the operator's Spanish terms behind "Condiciones".
  await freshUser(page);
  await page.evaluate(() => localStorage.setItem('locale', 'es-ES'));
  await page.goto('/Bonuses');
  await expect(page.getByRole('heading', { level: 1, name: 'Bonos' })).toBeVisible();
  const offer = page.getByTestId('bonus-offer').filter({ hasText: title });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Reclamar' })).toBeVisible();
  await offer.getByText('Condiciones').click();
  await expect(offer.getByText('Apuesta 5 veces el bono en tragaperras antes de retirarlo.')).toBeVisible();
  await expectNoViolations(page, 'the Spanish Bonuses page with the new offer');
  await op.context().close();
});

test('the bonus pages fit a 360 px phone and pass axe in Spanish and Korean', async ({ browser }) => {
  test.setTimeout(180_000);
  const op = await signInOperator(browser);
  await op.setViewportSize({ width: 360, height: 780 });
  for (const locale of ['es-ES', 'ko-KR']) {
    await op.evaluate((l) => localStorage.setItem('locale', l), locale);
    for (const path of [
      '/admin/bonuses',
      '/admin/bonuses?edit=new',
      '/admin/bonus-report',
      '/admin/users?uid=10000002',
    ])
      await fitsAndPasses(op, path, locale);
  }
  await op.context().close();
});
