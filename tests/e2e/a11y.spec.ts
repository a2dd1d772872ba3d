import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe-support';
import { everyRoute, LOCALES, type Locale, openCold, pageFor, type Who } from './every-route';

// An axe scan takes a second or two, several on a slow host under the whole suite: each locale's walk
// through every route gets its own generous timeout.

/** The dialogs that are part of a route's normal view, opened the way a user opens them. */
const DIALOGS: Array<{ name: string; who: Who; path: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'the banner dialog',
    who: 'visitor',
    path: '/',
    open: async (page) => {
      // Held still (autoplay stops under reduced motion), and a real slide, not the loop's inert copy.
      await page.emulateMedia({ reducedMotion: 'reduce' });
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

for (const locale of LOCALES) {
  test(`every route, dialog and form message has no axe violations in ${locale}`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(600_000);
    const pages = new Map<Who, { context: BrowserContext; page: Page }>();
    const as = async (who: Who, wanted: Locale) => {
      let entry = pages.get(who);
      if (!entry) {
        entry = await pageFor(browser, testInfo, who, wanted);
        pages.set(who, entry);
      }
      return entry.page;
    };
    for (const route of await everyRoute(request)) {
      const page = await as(route.who, locale);
      await test.step(`${route.path} (${route.who})`, async () => {
        await openCold(page, route.path);
        await expectNoViolations(page, `${route.path} as ${route.who} in ${locale}`);
      });
    }
    for (const dialog of DIALOGS) {
      const page = await as(dialog.who, locale);
      await test.step(dialog.name, async () => {
        await openCold(page, dialog.path);
        await dialog.open(page);
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.locator('.dialog .skeleton')).toHaveCount(0);
        await expectNoViolations(page, `${dialog.name} in ${locale}`);
      });
    }
    for (const form of FORMS) {
      const page = await as(form.who, locale);
      await test.step(`${form.path} with its messages`, async () => {
        await openCold(page, form.path);
        await page.locator('#main button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoViolations(page, `${form.path} with messages in ${locale}`);
      });
    }
    for (const { context } of pages.values()) await context.close();
  });
}
