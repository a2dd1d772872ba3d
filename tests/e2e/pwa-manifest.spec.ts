import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}
interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: Array<{ name: string; short_name: string; url: string; icons: ManifestIcon[] }>;
}

const OFFLINE_MESSAGE = "You're offline. Showing saved data.";
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => n.target),
  }));
  expect(summary).toEqual([]);
}

/** Width x height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): string {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the page links a manifest for the served site, with icons that exist and Chromium accepts', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await page.request.get(href as string);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Manifest;

  // The site entry of the host the page is served from (the demo seed has one for 127.0.0.1).
  const sites = (await (await page.request.post('/api/mainview/sites', { data: {} })).json()) as {
    data: Array<{ domain: string; name: string; shortName: string; themeColor: string }>;
  };
  const site = sites.data.find((entry) => entry.domain === new URL(page.url()).hostname);
  if (!site) throw new Error('the demo seed has no site for this host');
  expect(manifest).toMatchObject({
    id: '/',
    name: site.name,
    short_name: site.shortName,
    theme_color: site.themeColor,
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/', '/?tab=2', '/promotion/1']);

  const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)];
  for (const icon of icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }

  // Chromium's own reading of the manifest the page links: parsed without errors, same names and colour.
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: Array<{ message: string }>;
    data: string;
  };
  expect(parsed.url).toBe(new URL('/manifest.webmanifest', page.url()).href);
  expect(parsed.errors).toEqual([]);
  expect(JSON.parse(parsed.data)).toMatchObject({ name: site.name, display: 'standalone' });
  // And its installability verdict (display mode, icon sizes, icons that download): nothing wrong but the
  // incognito profile every Playwright context runs in.
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );
});

test('every shortcut opens a page of the app', async ({ page }) => {
  const player = demoAccount('player');
  await page.goto('/login');
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/\/$/);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
  const [mini, videos, promotion] = manifest.shortcuts.map((shortcut) => shortcut.url);

  await page.goto(mini as string);
  await expect(page.getByRole('tab', { name: 'Mini-games' })).toHaveAttribute('aria-selected', 'true');
  await page.goto(videos as string);
  await expect(page.getByRole('tab', { name: 'Short-video tasks' })).toHaveAttribute('aria-selected', 'true');
  await page.goto(promotion as string);
  await expect(page).toHaveURL(/\/promotion\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotion' })).toBeVisible();
});

test('the offline indicator comes and goes with the connection, above the tab bar, without taking focus', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const indicator = page.getByText(OFFLINE_MESSAGE);
  await expect(indicator).toHaveCount(0);
  await page.getByRole('link', { name: 'Home' }).focus();

  await context.setOffline(true);
  await expect(indicator).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toBeFocused();
  const bar = await indicator.boundingBox();
  const tabs = await nav.boundingBox();
  if (!bar || !tabs) throw new Error('no layout');
  expect(bar.y + bar.height).toBeLessThanOrEqual(tabs.y);
  // Taps go through to the tab bar and the page.
  await nav.getByRole('link', { name: 'Home' }).click({ trial: true });
  await expectNoViolations(page);

  await context.setOffline(false);
  await expect(indicator).toHaveCount(0);
});

test.describe('install entry on iOS Safari', () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('the My page offers add-to-home-screen steps in a labelled dialog', async ({ page }) => {
    const player = demoAccount('player');
    await page.goto('/login');
    await logIn(page, player.phone, player.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/my');
    const install = page.getByRole('button', { name: 'Install app' });
    await install.click();
    const dialog = page.getByRole('dialog', { name: 'Add to Home Screen' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Tap the Share button in Safari's toolbar.");
    await expect(dialog).toContainText('Scroll down and tap "Add to Home Screen".');
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(install).toBeFocused();
  });
});

test('in Chromium the install entry prompts with the deferred beforeinstallprompt, and is gone after install', async ({
  page,
}) => {
  const player = demoAccount('player');
  await page.goto('/login');
  await logIn(page, player.phone, player.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my');
  await expect(page.getByRole('button', { name: 'Customer service' })).toBeVisible();
  // Headless Chromium never judges a page worth offering; fire the event as it would, with a recorded prompt().
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        document.documentElement.dataset.installPrompted = 'yes';
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
  await page.getByRole('button', { name: 'Install app' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});
