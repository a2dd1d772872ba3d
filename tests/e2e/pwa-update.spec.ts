import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from '../support/built-app-server';
import { waitForServiceWorker } from './pwa-support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Two builds and a server of our own: the suite's server keeps serving the first build to other specs.
test.setTimeout(180_000);

const NEXT_BUILD = `e2e-next-${Date.now()}`;
let folder = '';
let server: RunningServer | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(join(tmpdir(), 'beacon-update-'));
  // The served folder starts as the build the suite runs (dist/); the next build waits beside it.
  cpSync('dist', join(folder, 'site'), { recursive: true });
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', join(folder, 'next'), '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: { ...process.env, BEACON_BUILD_ID: NEXT_BUILD },
      stdio: 'inherit',
    },
  );
  server = await startServer(join(folder, 'site'));
  origin = server.origin;
});

test.afterAll(() => {
  server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a new build served to an open page is offered, and accepting it runs the new version after one reload', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const count = sessionStorage.getItem('e2e:loads');
    if (count !== null) sessionStorage.setItem('e2e:loads', String(Number(count) + 1));
  });
  await page.goto(`${origin}/`);
  await waitForServiceWorker(page);
  const firstBuild = await page.locator('html').getAttribute('data-build');
  expect(firstBuild).toBeTruthy();
  expect(firstBuild).not.toBe(NEXT_BUILD);
  const prompt = page.getByRole('region', { name: 'Update' });
  await expect(prompt).toHaveCount(0);

  // Deploy: new hashed assets first, then the shell and the worker, as a real deploy would.
  cpSync(join(folder, 'next'), join(folder, 'site'), { recursive: true, force: true });

  // The app checks for a new version when it comes back on screen.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('A new version of Beacon is ready.');
  // Still the old version until the user says yes.
  await expect(page.locator('html')).toHaveAttribute('data-build', firstBuild ?? '');

  // Counts document loads (not same-document URL changes), across the reload.
  const loads = () => page.evaluate(() => Number(sessionStorage.getItem('e2e:loads')));
  await page.evaluate(() => sessionStorage.setItem('e2e:loads', '0'));
  await prompt.getByRole('button', { name: 'Update now' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-build', NEXT_BUILD, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Announcements' }).locator('img').first()).toBeVisible();
  // Exactly one reload, and the new worker controls the page.
  await page.waitForTimeout(1500);
  expect(await loads()).toBe(1);
  await waitForServiceWorker(page);
  await expect(prompt).toHaveCount(0);
});
