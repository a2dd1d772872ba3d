// Issue 34: adding an aggregator's provider in the console, in real Chromium on a 360 px phone. The form's
// problems are said under their fields (nothing typed, a key that is not one); once added the console shows
// what the aggregator must be given (Hub88: Beacon's public key; Evolution: the authentication token; and the
// wallet's address), which the operator gives the demo aggregator's back office, and its games are imported
// from its list. Axe-clean at each step.

import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { gamesCall, launchGameCall } from '#contract/games';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { apiCall } from './api';
import { expectNoViolations, preloadAxe } from './axe-support';
import { overflowAt } from './every-route';
import { withOperatorCode } from './operator-codes';
import { freshPhone, logIn, registerViaApi } from './support';
import { PASSWORD } from './wallet-support';

async function signInOperator(browser: Browser): Promise<Page> {
  const account = DEMO_ACCOUNTS.find((a) => a.label === 'operator');
  if (!account) throw new Error('no demo operator');
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await preloadAxe(context);
  const page = await context.newPage();
  await page.goto('/login?redirect=/admin/games');
  await logIn(page, account.phone, account.password);
  await withOperatorCode(page.request, 'operator', async (value) => {
    await page.getByLabel('Authenticator code').fill(value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/session/totp'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await answered;
  });
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  return page;
}

/** The demo provider's address (its aggregator modes are under it), read off a launch of one of its games. */
async function demoProviderOrigin(op: Page): Promise<string> {
  const { token } = await registerViaApi(op.request, freshPhone(), PASSWORD);
  const listed = await apiCall(op.request, gamesCall, { search: 'Fruit Party 88' });
  const game = listed.content[0];
  if (!game) throw new Error('the demo aggregator lists no Fruit Party 88');
  const launch = await apiCall(op.request, launchGameCall, { gameId: game.id, lang: 'en-US' }, { token });
  return new URL(launch.url).origin;
}

async function fits(op: Page, where: string): Promise<void> {
  const { scrollWidth, culprits } = await overflowAt(op, 360);
  expect(scrollWidth, `${where}: ${culprits.join(', ')}`).toBeLessThanOrEqual(360);
  await expectNoViolations(op, where);
}

test('an operator adds a Hub88 provider: problems under their fields, then what Hub88 must be given', async ({
  browser,
}) => {
  const op = await signInOperator(browser);
  await op.goto('/admin/games');
  await op.getByRole('button', { name: 'Add a Hub88 provider' }).click();
  const form = op.getByRole('form', { name: 'New Hub88 provider' });
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(form.getByLabel('Code', { exact: true })).toHaveAccessibleDescription(/required/i);
  await fits(op, 'the new provider form with its problems');

  const code = `hub-${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Name', { exact: true }).fill('Hub88 Staging');
  const aggregator = `${await demoProviderOrigin(op)}/hub88`;
  await form.getByLabel('Hub88 API address').fill(aggregator);
  await form.getByLabel('Operator id').fill('1');
  await form.getByLabel("Hub88's public key").fill('not a key');
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(form.getByLabel("Hub88's public key")).toHaveAccessibleDescription(
    /Paste the RSA public key in PEM form/,
  );
  // What the aggregator's back office shows: its public key.
  const hub88Key = (await (await op.request.get(`${aggregator}/backoffice/public-key`)).json()) as {
    publicKey: string;
  };
  await form.getByLabel("Hub88's public key").fill(hub88Key.publicKey);
  await form.getByRole('button', { name: 'Add provider' }).click();

  const added = op.getByRole('region', { name: 'Provider added: Hub88 Staging' });
  await expect(added).toBeVisible();
  await expect(added.getByLabel("Beacon's public key")).toHaveValue(/^-----BEGIN PUBLIC KEY-----/);
  await expect(added.getByLabel('Wallet address')).toHaveValue(new RegExp(`/api/games/hub88/${code}$`));
  await fits(op, 'the provider added, with what Hub88 is given');
  // The operator gives the aggregator Beacon's key (its back office), then imports its games.
  const beaconKey = await added.getByLabel("Beacon's public key").inputValue();
  const uploaded = await op.request.post(`${aggregator}/backoffice/operator-keys`, {
    data: { publicKey: beaconKey },
  });
  expect(uploaded.ok()).toBe(true);
  await added.getByRole('button', { name: 'Done' }).click();
  // Listed, off, with its own buttons.
  // The providers' table (the games' table below names the provider's code too, once its games are in).
  const providers = op.locator('table').first();
  const row = providers.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Off');
  await row.getByRole('button', { name: 'Import games: Hub88 Staging' }).click();
  await expect(
    op.getByRole('status').filter({ hasText: 'Games imported: 2 added, 0 refreshed, 0 switched off' }),
  ).toBeVisible();
  await expect(row).toContainText('2 of 2');
  await op.getByLabel('Provider', { exact: true }).selectOption({ label: 'Hub88 Staging' });
  await expect(op.getByRole('row').filter({ hasText: 'Fruit Party 88' })).toHaveCount(1);
  await expect(op.getByRole('row').filter({ hasText: 'High Roll 88' })).toHaveCount(1);
  await row.getByRole('button', { name: 'Wallet calls: Hub88 Staging' }).click();
  await expect(op.getByRole('heading', { name: 'Latest wallet calls: Hub88 Staging' })).toBeVisible();
  await expect(op.getByText('No calls yet')).toBeVisible();
  await fits(op, 'a provider’s wallet calls');
  await op.context().close();
});

test('an operator adds an Evolution provider: what Evolution gave in, the authentication token out, its tables imported', async ({
  browser,
}) => {
  const op = await signInOperator(browser);
  await op.goto('/admin/games');
  await op.getByRole('button', { name: 'Add an Evolution provider' }).click();
  const form = op.getByRole('form', { name: 'New Evolution provider' });
  const code = `evo-${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Name', { exact: true }).fill('Evolution Staging');
  const evolution = `${await demoProviderOrigin(op)}/evolution`;
  await form.getByLabel('Evolution API address').fill(evolution);
  // What the live casino's back office shows the licensee.
  const given = (await (await op.request.get(`${evolution}/backoffice/credentials`)).json()) as {
    casinoKey: string;
    apiToken: string;
  };
  await form.getByLabel('Casino key').fill('not a key!');
  await form.getByLabel("Evolution's API token").fill('short');
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(form.getByLabel('Casino key')).toHaveAccessibleDescription(
    /letters, digits, dashes and underscores/,
  );
  await expect(form.getByLabel("Evolution's API token")).toHaveAccessibleDescription(/at least 8 letters/);
  await fits(op, 'the new Evolution provider form with its problems');
  await form.getByLabel('Casino key').fill(given.casinoKey);
  await form.getByLabel("Evolution's API token").fill(given.apiToken);
  await form.getByRole('button', { name: 'Add provider' }).click();

  const added = op.getByRole('region', { name: 'Provider added: Evolution Staging' });
  await expect(added).toBeVisible();
  await expect(added.getByLabel('Authentication token')).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  await expect(added.getByLabel('Wallet address')).toHaveValue(new RegExp(`/api/games/evolution/${code}$`));
  await fits(op, 'the Evolution provider added, with what Evolution is given');
  await added.getByRole('button', { name: 'Done' }).click();
  const row = op.locator('table').first().getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: 'Import games: Evolution Staging' }).click();
  await expect(
    op.getByRole('status').filter({ hasText: 'Games imported: 2 added, 0 refreshed, 0 switched off' }),
  ).toBeVisible();
  await expect(row).toContainText('2 of 2');
  await op.context().close();
});
