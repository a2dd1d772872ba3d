import { expect, type Page, test } from '@playwright/test';
import { demoAccount, logIn } from './support';

const miniGames = (page: Page) => page.getByRole('list', { name: 'Mini-games' });
const rowNames = (page: Page) => miniGames(page).locator('.item-row__name');

async function logInAs(page: Page, label: 'player' | 'senior agent (job 2)') {
  const account = demoAccount(label);
  await page.goto('/login');
  await logIn(page, account.phone, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(miniGames(page).getByRole('listitem').first()).toBeVisible();
}

test('logged out: banners and catalogue 2 show, catalogue 1 offers to log in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Announcements' }).locator('img').first()).toBeVisible();
  // The frame keeps the banner's aspect ratio (about 0.326) whatever the picture does.
  const box = await page.locator('.banner-frame').first().boundingBox();
  expect(box && box.height / box.width).toBeCloseTo(0.326, 2);
  await expect(page.getByText('Log in to see the mini-games you can promote.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  await expect(page).toHaveURL(/tab=2/);
  await expect(page.getByRole('list', { name: 'Demand tasks' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Newest tasks' })).toBeVisible();

  // A banner opens its dialog with the name as the title.
  await page.getByRole('region', { name: 'Announcements' }).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.banner-dialog__body')).toHaveCSS('height', '240px');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Apply without a session asks for a login first.
  await page
    .getByRole('list', { name: 'Demand tasks' })
    .getByRole('button', { name: /^Apply for / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('logged in: notices, both catalogues, category filter and search', async ({ page }) => {
  await logInAs(page, 'player');
  await expect(page.getByRole('region', { name: 'Notices' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Newest mini-games' }).getByRole('listitem')).toHaveCount(20);

  // Category: the request carries the upstream name and the rows are its answer.
  const casual = page.waitForResponse(
    (r) => r.url().endsWith('/api/wxcps/applist') && r.request().postDataJSON().category_2_name === '休闲',
  );
  await page.getByRole('tab', { name: 'Casual' }).click();
  const answer = (await (await casual).json()) as { data: { content: { appname: string }[] } };
  expect(answer.data.content.length).toBeGreaterThan(0);
  await expect(page.getByRole('tab', { name: 'Casual' })).toHaveAttribute('aria-selected', 'true');
  await expect(rowNames(page).first()).toContainText(answer.data.content[0]?.appname ?? '');
  await page.getByRole('tab', { name: 'All', exact: true }).click();

  // Search applies on Enter, to the list of the selected tab; clearing the box restores the list.
  const search = page.getByRole('searchbox', { name: 'Search games' });
  await search.fill('dragon');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=dragon/);
  await expect(rowNames(page).first()).toContainText(/dragon/i);
  for (const name of await rowNames(page).allInnerTexts()) expect(name).toMatch(/dragon/i);
  await search.fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect
    .poll(async () => (await rowNames(page).allInnerTexts()).some((n) => !/dragon/i.test(n)))
    .toBe(true);

  await page.getByRole('tab', { name: 'Short-video tasks' }).click();
  const demands = page.getByRole('list', { name: 'Demand tasks' });
  await expect(demands.getByRole('listitem').first()).toBeVisible();
  // The description opens in full with a confirm button.
  const row = demands.locator('.item-row__main').first();
  await expect(row).toHaveAccessibleDescription('Read the full description');
  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.dialog__text')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // The box now searches tasks, and says so.
  const taskSearch = page.getByRole('searchbox', { name: 'Search tasks' });
  await expect(taskSearch).toHaveAttribute('placeholder', 'Search tasks');
  await taskSearch.fill('review');
  await taskSearch.press('Enter');
  await expect(demands.locator('.item-row__name').first()).toContainText(/review/i);

  // A search that finds nothing says so in the tab's words, not "No games yet", and can be cleared.
  await taskSearch.fill('zqxj');
  await taskSearch.press('Enter');
  await expect(page.getByRole('heading', { name: 'No results for "zqxj"' })).toBeVisible();
  await expect(page.getByText('No tasks match this search.')).toBeVisible();
  await expect(page.getByText('No games yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(taskSearch).toHaveValue('');
  await expect(demands.getByRole('listitem').first()).toBeVisible();
});

test('scrolling loads page 2 and the page stays small (virtualized)', async ({ page }) => {
  await logInAs(page, 'player');
  const second = page.waitForResponse(
    (r) => r.url().endsWith('/api/wxcps/applist') && r.request().postDataJSON().number === 1,
  );
  const lastShown = () =>
    page.evaluate(() =>
      Math.max(
        0,
        ...[...document.querySelectorAll('[aria-posinset]')].map((e) =>
          Number(e.getAttribute('aria-posinset')),
        ),
      ),
    );
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 1200);
        return lastShown();
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThan(50);
  await second;
  // Far down the list, the document still holds well under 800 elements.
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  expect(elements).toBeLessThan(800);
  expect(await miniGames(page).getByRole('listitem').count()).toBeLessThan(40);
});

test('the media viewer: open, swipe, arrows, download, close', async ({ page }) => {
  await logInAs(page, 'player');
  const row = miniGames(page).locator('.item-row__main').first();
  await expect(row).toHaveAccessibleDescription('Open pictures and video');
  await row.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  const count = viewer.locator('.media-viewer__count');
  await expect(count).toHaveText(/^1 \/ [2-9]$/);

  // Swipe left with the pointer.
  const stage = await viewer.locator('.media-viewer__stage').boundingBox();
  if (!stage) throw new Error('no stage');
  const y = stage.y + stage.height / 2;
  await page.mouse.move(stage.x + stage.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width * 0.5, y, { steps: 5 });
  await page.mouse.move(stage.x + stage.width * 0.15, y, { steps: 5 });
  await page.mouse.up();
  await expect(count).toHaveText(/^2 \//);
  await viewer.getByRole('button', { name: 'Previous' }).first().click();
  await expect(count).toHaveText(/^1 \//);
  await viewer.getByRole('button', { name: 'Next' }).first().click();
  await expect(count).toHaveText(/^2 \//);

  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.(svg|png|jpg|webp|mp4)$/);

  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
});

test('a mini-game with a promo video shows the video first and plays it', async ({ page }) => {
  await logInAs(page, 'player');
  // Find an item with a video through the API, then search for it.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  let name: string | undefined;
  for (let number = 0; number < 7 && !name; number++) {
    const res = await page.request.post('/api/wxcps/applist', {
      headers: { Authorization: `Bearer ${token}` },
      data: { number, size: 50 },
    });
    const body = (await res.json()) as { data: { content: { appname: string; video_info: unknown }[] } };
    name = body.data.content.find((item) => item.video_info)?.appname;
  }
  expect(name).toBeTruthy();
  const search = page.getByRole('searchbox', { name: 'Search games' });
  await search.fill(name ?? '');
  await search.press('Enter');
  await miniGames(page)
    .getByRole('button', { name: name ?? '' })
    .and(page.locator('.item-row__main'))
    .first()
    .click();
  const video = page.getByRole('dialog').locator('.swiper-slide-active video');
  await expect(video).toBeAttached();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).first().click();
  await expect
    .poll(() =>
      page
        .locator('.media-viewer video')
        .first()
        .evaluate((v: HTMLVideoElement) => v.paused),
    )
    .toBe(true);
});

test('the senior agent pins an item: "Pinned successfully" and it comes first', async ({ page }) => {
  await logInAs(page, 'senior agent (job 2)');
  const rows = miniGames(page).getByRole('listitem');
  const target = rows.nth(3);
  const name = (await target.locator('.item-row__name').innerText()).replace(/^Top\s*/, '').trim();
  await target.getByRole('button', { name: `Pin ${name} to the top` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pinned successfully' })).toBeVisible();
  await expect(rowNames(page).first()).toContainText(name);
  await expect(rows.first().getByRole('button', { name: `Pin ${name} to the top` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Pinning again unpins it.
  await rows
    .first()
    .getByRole('button', { name: `Pin ${name} to the top` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Unpinned' })).toBeVisible();
});

test('players see no pin button', async ({ page }) => {
  await logInAs(page, 'player');
  await expect(miniGames(page).getByRole('button', { name: /to the top$/ })).toHaveCount(0);
});

test('the media viewer links to the game details page', async ({ page }) => {
  await logInAs(page, 'player');
  const open = miniGames(page).locator('.item-row__main').first();
  const name = await open.locator('.item-row__title').innerText();
  await open.click();
  await page.getByRole('dialog').getByRole('link', { name: 'Game details' }).click();
  await expect(page).toHaveURL(/\/GameDetail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Rate/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open picture 1$|^Play the video$/ })).toBeVisible();

  // Opened cold (a reload empties the lists the page could borrow from) it asks the server.
  const detailUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Rate/)).toBeVisible();

  // An id the catalogue does not have says so.
  await page.goto('/GameDetail/999999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Game details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This game is not in the catalogue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the catalogue' })).toBeVisible();
});

test('under prefers-reduced-motion the marquee and the strip hold still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logInAs(page, 'player');
  await expect(page.locator('.marquee__track')).toHaveCSS('animation-name', 'none');
  const strip = page.locator('.drift-strip').first();
  await expect(strip).toBeVisible();
  await page.waitForTimeout(500);
  expect(await strip.evaluate((node) => node.scrollLeft)).toBe(0);
});

test('without reduced motion the newest strip drifts on its own and pauses under the pointer', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await logInAs(page, 'player');
  const strip = page.locator('.drift-strip').first();
  await expect.poll(() => strip.evaluate((node) => node.scrollLeft), { timeout: 5_000 }).toBeGreaterThan(5);
  await strip.hover();
  const paused = await strip.evaluate((node) => node.scrollLeft);
  await page.waitForTimeout(400);
  expect(await strip.evaluate((node) => node.scrollLeft)).toBeCloseTo(paused, 0);
});
