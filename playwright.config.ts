import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { e2ePushCertFile } from './tests/e2e/push-tls';

const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // The screenshot writer rewrites tracked files, so it runs only when asked for.
  testIgnore: process.env.PORTAL_SCREENSHOTS ? [] : ['**/portal-screenshots.spec.ts'],
  // One real server and database are shared, so specs use their own accounts; two workers fit two cores.
  workers: 2,
  fullyParallel: true,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  // Generous: CI shares two cores between the server, Chromium and the runner, and a slow host has
  // been seen to take six times as long as a quiet one.
  timeout: 120_000,
  // Under the full parallel suite a list can take several seconds to paint on two shared cores.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // A trace is recorded for every test and kept on failure. Its screencast is left out: filming every
    // frame was more than half of the suite's CPU on a slow host (docs/perf.md, 2026-11-28); the trace's
    // DOM snapshots and the failure screenshot still show what the page looked like.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The specs of the installable app's own behaviour (pwa-*, offline, push, the first launch) run with
    // the service worker: `test.use({ serviceWorkers: 'allow' })`. The others run without it: installing
    // it precaches the whole app into every new context, a third of a feature spec's CPU (decision 0036).
    serviceWorkers: 'block',
  },
  webServer: {
    // The real server on a fresh database with demo data, serving the built app (npm test builds first).
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/`,
    // The server sends web push to the suite's fake push service, whose certificate it must trust.
    env: { PORT: String(port), NODE_EXTRA_CA_CERTS: e2ePushCertFile() },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
