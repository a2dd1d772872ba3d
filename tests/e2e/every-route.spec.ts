import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe-support';
import { everyRoute, LOCALES, type Locale, openCold, overflowAt, pageFor, type Who } from './every-route';

/*
 * One walk per locale through every route, each loaded cold once: it must fit a 360 and a 390 px wide
 * screen (no sideways scrolling) and have no axe violations; then, on the same load, the route's dialog
 * or its form with its messages, scanned too. The checks share the walk because loading fifty routes in
 * four locales is the longest part of the e2e suite; a dialog or form opened on the load its route was
 * just checked on saves a cold load of the same route (docs/perf.md). An axe scan takes a second or two,
 * several on a slow host under the whole suite: each locale's walk gets its own generous timeout.
 */

const WIDTHS = [360, 390] as const;

/** Two frames: the layout after a resize has been computed and painted. */
const afterLayout = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The dialogs that are part of a route's normal view, opened the way a user opens them. */
const DIALOGS: Array<{ name: string; who: Who; path: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'the banner dialog',
    who: 'visitor',
    path: '/',
    open: async (page) => {
      // Held still (autoplay stops under reduced motion), and a real slide, not the loop's inert copy.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // The server's painted first view looks the same but is inert: a click must reach the app's banner.
      await expect(page.locator('[data-first-view]')).toHaveCount(0);
      await page.locator('.carousel__slide:not(.carousel__slide--copy) .banner').first().click();
    },
  },
  {
    name: 'the support dialog from the login page',
    who: 'visitor',
    path: '/login',
    open: (page) => page.locator('.auth-page__support').click(),
  },
  {
    name: 'the support dialog from My',
    who: 'player',
    path: '/my',
    // The first button of My's menu: customer service.
    open: (page) => page.locator('#main .menu-list button.menu-list__item').first().click(),
  },
  {
    name: 'the media viewer',
    who: 'senior',
    path: '/',
    open: (page) => page.locator('#wx-list-panel .item-row__main').first().click(),
  },
  {
    name: 'a demand task description',
    who: 'player',
    path: '/?tab=2',
    open: (page) => page.locator('.item-row__main').first().click(),
  },
  {
    name: 'the delete confirmation on /Cards',
    who: 'player',
    path: '/Cards',
    open: (page) => page.locator('.wallet-list .button--danger-outline').first().click(),
  },
];

/** Forms with their messages shown. */
const FORMS: Array<{ who: Who; path: string }> = [
  { who: 'visitor', path: '/login' },
  { who: 'player', path: '/AddCard' },
];

/**
 * en-PH's catalogue is en-US's text word for word (src/locales/en-PH: every msgstr its msgid, checked by
 * `npm run i18n:check`), and both format money the same way, so its walk would scan the same pages again:
 * the longest test of the suite, for no finding of its own. Its layout is still checked (layout.spec.ts).
 */
const WALKED = LOCALES.filter((locale) => locale !== 'en-PH');

for (const locale of WALKED) {
  test(`every route fits 360 and 390 px, and every route, dialog and form message has no axe violations in ${locale}`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(600_000);
    const pages = new Map<Who, { context: BrowserContext; page: Page }>();
    // A string whose catalogue had not arrived when it was shown (decision 0026), with where it showed.
    const missing: string[] = [];
    const as = async (who: Who, wanted: Locale) => {
      let entry = pages.get(who);
      if (!entry) {
        entry = await pageFor(browser, testInfo, who, wanted);
        const { page } = entry;
        page.on('console', (message) => {
          if (message.text().startsWith('Missing message'))
            missing.push(`${message.text()} on ${page.url()}`);
        });
        pages.set(who, entry);
      }
      return entry.page;
    };
    const wider: string[] = [];
    // What is still to be scanned on a route's own load: its dialog, then its form; a second one on the same
    // route (the login page has both) opens the route cold again, as the first would have left it changed.
    const pending = [
      ...DIALOGS.map((dialog) => ({ ...dialog, check: () => checkDialog(dialog) })),
      ...FORMS.map((form) => ({ ...form, check: () => checkForm(form) })),
    ];
    const checkDialog = async (dialog: (typeof DIALOGS)[number]) => {
      const page = await as(dialog.who, locale);
      await test.step(dialog.name, async () => {
        await dialog.open(page);
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.locator('.dialog .skeleton')).toHaveCount(0);
        await expectNoViolations(page, `${dialog.name} in ${locale}`);
        // The banner dialog holds the carousel still; the routes after it are walked as a user sees them.
        await page.emulateMedia({ reducedMotion: null });
      });
    };
    const checkForm = async (form: (typeof FORMS)[number]) => {
      const page = await as(form.who, locale);
      await test.step(`${form.path} with its messages`, async () => {
        await page.locator('#main button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoViolations(page, `${form.path} with messages in ${locale}`);
      });
    };
    for (const route of await everyRoute(request)) {
      const page = await as(route.who, locale);
      await test.step(`${route.path} (${route.who})`, async () => {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await openCold(page, route.path);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          await afterLayout(page);
          const { scrollWidth, culprits } = await overflowAt(page, width);
          if (scrollWidth > width)
            wider.push(`${route.path} (${route.who}) at ${width}: ${scrollWidth} px; ${culprits.join(', ')}`);
        }
        await expectNoViolations(page, `${route.path} as ${route.who} in ${locale}`);
      });
      const here = pending.filter((item) => item.who === route.who && item.path === route.path);
      for (const [index, item] of here.entries()) {
        if (index > 0) await openCold(page, route.path);
        await item.check();
        pending.splice(pending.indexOf(item), 1);
      }
    }
    // A dialog or form whose route the walk does not take: on a cold load of its own.
    for (const item of pending) {
      await openCold(await as(item.who, locale), item.path);
      await item.check();
    }
    for (const { context } of pages.values()) await context.close();
    expect(wider, 'routes wider than the screen').toEqual([]);
    expect(missing, 'strings shown before their catalogue').toEqual([]);
  });
}
