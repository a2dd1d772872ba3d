import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  devices,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { loginCall } from '#contract/auth';
import { wxListCall } from '#contract/catalogue';
import { noticeListCall } from '#contract/content';
import { messageListCall } from '#contract/messages';
import { cardsListCall, recordsCall, withdrawListCall } from '#contract/wallet';
import { apiCall } from './api';
import { preloadAxe } from './axe-support';
import { demoAccount } from './support';

/** The app's locales (lingui.config.ts). */
export const LOCALES = ['en-US', 'es-ES', 'ko-KR', 'en-PH', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** Who opens a route: nobody, the demo player, or the senior agent (the team tab and the pin buttons). */
export type Who = 'visitor' | 'player' | 'senior';

export interface RouteCase {
  path: string;
  who: Who;
  /** A wallet screen (styled by the wallet stylesheet). */
  wallet?: boolean;
}

const ACCOUNTS = {
  player: demoAccount('player'),
  senior: demoAccount('senior agent (job 2)'),
} as const;

/** A session of the demo player or senior agent, logged in through the API. */
export async function apiToken(request: APIRequestContext, who: Exclude<Who, 'visitor'>) {
  const { areaCode, phone, password } = ACCOUNTS[who];
  return apiCall(request, loginCall, { areaCode, phone, password });
}

/**
 * Every route of the app (spec section 2 and the standalone pages) as a user reaches it, with ids from
 * the demo data. The route walk (every-route.spec.ts) checks the layout and accessibility of each.
 */
export async function everyRoute(request: APIRequestContext): Promise<RouteCase[]> {
  const { token } = await apiToken(request, 'player');
  const page = { number: 0, size: 5 };
  const [withdrawals, methods, notices, games, deposits] = await Promise.all([
    apiCall(request, withdrawListCall, page, { token }),
    apiCall(request, cardsListCall, {}, { token }),
    apiCall(request, noticeListCall, {}, { token }),
    apiCall(request, wxListCall, page, { token }),
    apiCall(request, recordsCall, { ...page, type: 'deposit' }, { token }),
  ]);
  // Issue 15: the demo player's messages (its seeded deposits leave none: the details only when there is one).
  const messages = await apiCall(request, messageListCall, page, { token });
  const depositOrder = deposits.content.find((record) => record.orderNo)?.orderNo;
  if (!depositOrder) throw new Error('The demo data has no deposit order');
  const id = (value: { id: number } | undefined, what: string) => {
    if (!value) throw new Error(`The demo data has no ${what}`);
    return value.id;
  };
  const bank = id(
    methods.find((m) => m.kind === 'bank'),
    'bank card',
  );
  const eWallet = id(
    methods.find((m) => m.kind === 'ewallet'),
    'e-wallet',
  );
  const visitor = ['/', '/?tab=2', '/login', '/register', '/reset', '/no-such-page'].map(
    (path): RouteCase => ({ path, who: 'visitor' }),
  );
  const player = [
    '/',
    '/?tab=2',
    '/report',
    '/promotion',
    '/promotion/1',
    '/promotion/2',
    '/promotion/3',
    '/my',
    '/notices',
    `/notices/${id(notices[0], 'notice')}`,
    '/Setting',
    '/Help',
    '/AboutUs',
    '/Service',
    '/RakeBack',
    '/ReportDetails',
    '/Downline/1',
    `/GameDetail/${id(games.content[0], 'mini-game')}`,
    // Issue 13: the game lobby (a channel's tab too) and the betting record.
    '/games',
    '/games?channel=live-casino',
    '/bets',
    // Issue 15: the spin wheel (the demo player has no recharge of its own: no wheel, the odds and terms).
    '/Spin',
    // Issue 15: the messages and, when the player has one, its details.
    '/Messages',
    ...(messages.content[0] ? [`/Messages/${messages.content[0].id}`] : []),
    // Issue 15: the responsible-gaming tools (limits, time-out, reality check, account history).
    '/Protection',
    // Issue 15: the avatar, the level tutorial and the change of the login password.
    '/Avatar',
    '/Levels',
    '/Password',
    // Issue 33: the bonuses (offers, active ones with their progress, the history), reached from /my.
    '/Bonuses',
    // Issue 33: the date of birth the birthday bonus is paid on (decision 0053).
    '/Birthday',
  ].map((path): RouteCase => ({ path, who: 'player' }));
  const wallet = [
    '/Deposit',
    `/Deposit?orderNo=${depositOrder}`,
    '/Withdraw',
    '/WithdrawDetails',
    `/WithdrawStep/${id(withdrawals.content[0], 'withdrawal')}`,
    '/Safe',
    '/Transfer',
    '/Records',
    '/Cards',
    '/AddCard',
    `/AddCard/${bank}`,
    '/AddZhiFuBao',
    `/AddZhiFuBao/${eWallet}`,
  ].map((path): RouteCase => ({ path, who: 'player', wallet: true }));
  // Issue 14: the agent pages with a team behind them (the demo agent is the senior agent's direct member).
  const senior = [
    '/',
    '/team',
    '/report?range=month',
    '/ReportDetails?figure=commission&range=month',
    `/Downline/${demoAccount('agent (job 1)').uid}`,
  ].map((path): RouteCase => ({ path, who: 'senior' }));
  return [...visitor, ...player, ...wallet, ...senior];
}

/**
 * A phone-sized page for one kind of user in one locale: the session and the locale setting are stored
 * the way the app stores them, so every route after this loads as that user would open it.
 */
export async function pageFor(
  browser: Browser,
  testInfo: TestInfo,
  who: Who,
  locale: Locale,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: testInfo.project.use.baseURL,
  });
  await preloadAxe(context);
  const page = await context.newPage();
  await startSession(page, who === 'visitor' ? null : await apiToken(page.request, who), locale);
  return { context, page };
}

/**
 * Stores a session (or none) and the locale setting as the app does, then lets the app learn who the user
 * is the way it does after a login: a tab page loads the account and the app saves it for later launches,
 * so every route of the walk opens as a returning user's would, from the saved account. (A page opened
 * cold without it loads it itself: tests/e2e/guard.spec.ts.)
 */
export async function startSession(
  page: Page,
  session: { token: string; tokenHead: string } | null,
  locale: Locale,
): Promise<void> {
  await page.goto('/no-such-page');
  await page.evaluate(
    ({ locale, session }) => {
      localStorage.setItem('locale', locale);
      if (session) {
        localStorage.setItem('token', session.token);
        localStorage.setItem('tokenHead', session.tokenHead);
      }
    },
    { locale, session },
  );
  if (!session) return;
  await openCold(page, '/my');
  // The app writes its cache to IndexedDB at most once a second (src/lib/persist.ts).
  await page.waitForTimeout(1500);
}

/** Whatever a page shows while it loads: skeletons, the pending spinner. */
const LOADING = '.skeleton-list, .skeleton-cards, .skeleton[role="status"], .page-pending';

/** Opens a route cold (a full load, as from a link outside the app or a reload) and waits until it is drawn. */
export async function openCold(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

/** Waits until the page's heading is shown and nothing is loading any more. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator(LOADING)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** How much wider than the screen the document is, and the deepest elements that stick out (to say where). */
export function overflowAt(page: Page, width: number) {
  return page.evaluate((width) => {
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    const culprits: string[] = [];
    if (scrollWidth > width) {
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const box = element.getBoundingClientRect();
        if (box.right <= width + 0.5 || box.width === 0) continue;
        // Only the innermost: a parent that sticks out because of its child says nothing new.
        const child = [...element.children].some((c) => c.getBoundingClientRect().right > width + 0.5);
        if (!child)
          culprits.push(`${element.tagName.toLowerCase()}.${element.className} (${Math.round(box.right)})`);
      }
    }
    return { scrollWidth, culprits: culprits.slice(0, 4) };
  }, width);
}
