import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'tests/e2e',
  // The screenshot writer rewrites tracked files, so it runs only when asked for.
  testIgnore: process.env.PORTAL_SCREENSHOTS ? [] : ['**/portal-screenshots.spec.ts'],
  // One real server and database are shared, so specs use their own accounts; two workers fit two cores.
  workers: 2,
  fullyParallel: true,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  // Generous: CI shares two cores between the server, Chromium and the runner.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The real server on a fresh database with demo data, serving the built app (npm test builds first).
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
