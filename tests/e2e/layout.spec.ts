import { expect, type Page, test } from '@playwright/test';
import { depositCreateCall } from '#contract/wallet';
import { apiCall } from './api';
import { LOCALES, openCold, pageFor, settle, startSession } from './every-route';
import { freshPhone, registerViaApi } from './support';
import { depositViaApi } from './wallet-support';

/** What the wallet stylesheet decides about a screen: the boxes and looks of every wallet element. */
function walletLayout(page: Page) {
  return page.evaluate(() =>
    // On screen only: a virtual list renders rows past the fold as it pleases.
    [...document.querySelectorAll<HTMLElement>('#main, #main [class*="wallet-"]')]
      .filter((element) => element.getBoundingClientRect().top < innerHeight)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return [
          element.className,
          Math.round(box.x),
          Math.round(box.y),
          Math.round(box.width),
          Math.round(box.height),
          style.display,
          style.backgroundColor,
          style.boxShadow,
          style.listStyleType,
          style.gridTemplateColumns,
        ].join(' | ');
      }),
  );
}

/** Each wallet screen, and the link on another screen that leads to it. */
const WALLET_LINKS: Array<{ path: string; from: string }> = [
  { path: '/Deposit', from: '/my' },
  { path: '/Withdraw', from: '/my' },
  { path: '/Records', from: '/my' },
  { path: '/Safe', from: '/my' },
  { path: '/Transfer', from: '/my' },
  { path: '/Cards', from: '/my' },
  { path: '/AddCard', from: '/Cards' },
  { path: '/AddZhiFuBao', from: '/Cards' },
  { path: '/WithdrawDetails', from: '/Withdraw' },
];

test('each wallet screen looks the same opened cold as reached through the app', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { context, page } = await pageFor(browser, testInfo, 'player', 'en-US');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path, from } of WALLET_LINKS) {
    await test.step(path, async () => {
      // A cold start fetches the site (its limits) after the first paint: measured before it arrives, the
      // screen must already have its final shape.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let heldCalls = 0;
      await page.route('**/api/mainview/sites', async (route) => {
        heldCalls++;
        await held;
        await route.continue().catch(() => undefined);
      });
      await openCold(page, path);
      const cold = await walletLayout(page);
      // The page's call passes through the service worker before it reaches the route: it can get there
      // after the screen is drawn (CI saw it). Held until released, it cannot have been answered yet.
      await expect.poll(() => heldCalls, { message: 'the site call was held' }).toBeGreaterThan(0);
      release();
      await page.unroute('**/api/mainview/sites');
      const title = (await page.locator('h1').first().textContent()) ?? '';
      // The wallet stylesheet is there on a cold load (its screen gap; the page body alone has 16 px).
      await expect(page.locator('main.wallet-page')).toHaveCSS('row-gap', '14px');

      await openCold(page, from);
      await page.locator(`a[href="${path}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // The URL changes before the lazily loaded screen renders: under load the old page was measured.
      await expect(page.locator('h1').first()).toHaveText(title);
      await settle(page);
      expect(await walletLayout(page)).toEqual(cold);
    });
  }
  await context.close();
});

/** The number of lines an element's text takes. */
const lineCount = (page: Page, selector: string) => page.locator(selector).first().evaluate(linesOf);

test('the unread count on My is a round badge, and "Mark all read" fits on one line', async ({ page }) => {
  // A new account: every live notice is unread for it, and marking them read touches no other spec.
  const { token } = await registerViaApi(page.request, freshPhone(), 'Harbor#7421');
  await page.setViewportSize({ width: 360, height: 780 });
  for (const locale of LOCALES) {
    await test.step(locale, async () => {
      await startSession(page, { token, tokenHead: 'Bearer ' }, locale);
      await openCold(page, '/my');
      for (const badge of [page.locator('#main .count-badge'), page.locator('.tab-bar__badge')]) {
        await expect(badge).toBeVisible();
        const box = await badge.boundingBox();
        // "3" in a circle: as wide as it is high (two digits would add a few pixels, never a bar).
        expect(box?.width).toBeLessThanOrEqual((box?.height ?? 0) + 2);
      }
      await openCold(page, '/notices');
      const markRead = page.locator('.page-header__end button');
      await expect(markRead).toBeVisible();
      expect(await lineCount(page, '.page-header__end button')).toBe(1);
      // Inside the screen, beside the title (not over it), and the title is not cut.
      const title = page.locator('.page-header__title');
      const [button, heading] = [await markRead.boundingBox(), await title.boundingBox()];
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(360);
      expect(button?.x ?? 0).toBeGreaterThanOrEqual((heading?.x ?? 0) + (heading?.width ?? 0) - 0.5);
      expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    });
  }
});

test('a deposit order number stays on one line at 360 px in every locale', async ({ page }) => {
  const { token } = await registerViaApi(page.request, freshPhone(), 'Harbor#7421');
  const { orderNo } = await apiCall(
    page.request,
    depositCreateCall,
    {
      amount: 100,
    },
    { token },
  );
  await page.setViewportSize({ width: 360, height: 780 });
  for (const locale of LOCALES) {
    await test.step(locale, async () => {
      await startSession(page, { token, tokenHead: 'Bearer ' }, locale);
      await openCold(page, `/Deposit?orderNo=${orderNo}`);
      const number = page.locator('.wallet-facts dd', { hasText: orderNo });
      await expect(number).toBeVisible();
      expect(await lineCount(page, `.wallet-facts dd:text-is("${orderNo}")`)).toBe(1);
      const box = await number.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360 - 16);
    });
  }
});

test('the account history fits 360 px in every locale: each month above its three amounts, nothing cut', async ({
  page,
}) => {
  const { token } = await registerViaApi(page.request, freshPhone(), 'Harbor#7421');
  await depositViaApi(page.request, token, 12_345.67);
  await page.setViewportSize({ width: 360, height: 780 });
  for (const locale of LOCALES) {
    await test.step(locale, async () => {
      await startSession(page, { token, tokenHead: 'Bearer ' }, locale);
      await openCold(page, '/Protection');
      const table = page.getByTestId('history');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      const wrap = page.locator('.protection-table-wrap');
      const { scroll, client } = await wrap.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(scroll, `${locale}: the table is wider than its card`).toBeLessThanOrEqual(client);
      // The last column whole on screen once the card is scrolled to (the page scrolls, the table does not).
      const net = table.locator('tbody td').nth(2);
      await net.scrollIntoViewIfNeeded();
      await expect(net).toBeInViewport({ ratio: 1 });
    });
  }
});

test('catalogue names wrap to two lines, and each row is named by its whole text', async ({
  browser,
}, testInfo) => {
  const { context, page } = await pageFor(browser, testInfo, 'visitor', 'en-US');
  await page.setViewportSize({ width: 360, height: 780 });
  await openCold(page, '/?tab=2&q=Dance%20challenge');
  const rows = page.getByRole('list', { name: 'Demand tasks' }).locator('.item-row__main');
  await expect(rows.first()).toBeVisible();
  const count = Math.min(await rows.count(), 5);
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const row = rows.nth(index);
    const name = (await row.locator('.item-row__title').textContent()) ?? '';
    expect(name).toMatch(/^Dance challenge with \S/);
    // "Dance challenge with" alone fills the first line: the second shows whose challenge it is.
    expect(await row.locator('.item-row__title').evaluate(linesOf)).toBe(2);
    // The row's accessible name is its text (the whole name first); what a tap does is its description.
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(row).toHaveAccessibleName(new RegExp(`^(Top )?${escaped} `));
    await expect(row).toHaveAccessibleDescription('Read the full description');
  }
  // The newest strip's cards too: a name longer than its card's line takes a second one.
  const stripNames = page.locator('.strip-card__name');
  await expect(stripNames.first()).toBeVisible();
  const longNames = await stripNames.evaluateAll((names) =>
    names.flatMap((name, index) => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return [];
      context.font = getComputedStyle(name).font;
      return context.measureText(name.textContent ?? '').width > name.clientWidth ? [index] : [];
    }),
  );
  expect(longNames.length).toBeGreaterThan(0);
  for (const index of longNames) expect(await stripNames.nth(index).evaluate(linesOf)).toBe(2);
  await context.close();
});

/** The lines an element's text shows on: line boxes that do not overlap, inside whatever clips it. */
function linesOf(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  // Lines cut off by a line clamp are still laid out, below the clipping box: they are not shown.
  let clip: Element | null = element;
  while (clip && getComputedStyle(clip).overflowY === 'visible') clip = clip.parentElement;
  const box = (clip ?? element).getBoundingClientRect();
  const rects = [...range.getClientRects()]
    .filter((r) => r.width > 0 && r.bottom <= box.bottom + 1)
    .sort((a, b) => a.top - b.top);
  let lines = 0;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const rect of rects) {
    if (rect.top >= bottom - 1) lines++;
    bottom = Math.max(bottom, rect.bottom);
  }
  return lines;
}

test('My: the wallet tiles draw icons of the icon set, and its menu leads to the service page', async ({
  browser,
}, testInfo) => {
  const { context, page } = await pageFor(browser, testInfo, 'player', 'en-US');
  await openCold(page, '/my');
  const tiles = page.getByRole('navigation', { name: 'Wallet actions' }).locator('.wallet-entry__icon');
  await expect(tiles).toHaveCount(6);
  for (const tile of await tiles.all()) {
    await expect(tile.locator('svg')).toHaveCount(1);
    // No text glyph (＋ － ≡ ▣ ⇄ ▭) beside or instead of it.
    await expect(tile).toHaveText('');
  }
  const refresh = page.getByRole('button', { name: 'Refresh balance' });
  await expect(refresh.locator('svg')).toHaveCount(1);
  await expect(refresh).toHaveText('');

  // Next to Help and About us.
  const menu = page.locator('#main .menu-list');
  await expect(menu.getByRole('link')).toContainText(['Settings', 'Help', 'Contact us', 'About us']);
  await menu.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/Service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();
  await context.close();
});
