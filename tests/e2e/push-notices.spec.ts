// Issue 5 end to end: subscribe through the app, an operator publishes, the real server encrypts and
// sends a web push to a push service, the service worker shows it, a tap opens the notice.
//
// What is not Chromium's own: headless Chromium has no push service (subscribe() fails with
// "permission denied"), so an init script stands in for PushManager.subscribe() and hands the app a
// subscription whose endpoint is this suite's fake push service (tests/server/push). The server sends
// to it for real (VAPID, aes128gcm, checked and decrypted there), and the decrypted message reaches the
// service worker as a real push event through the DevTools protocol (ServiceWorker.deliverPushMessage),
// as a browser's push service connection would deliver it. Chromium cannot click a notification from a
// test, so the tap is a notificationclick event dispatched in the service worker on the notification
// it showed.
import { expect, type Page, test } from '@playwright/test';
import { type FakePushService, type Received, startFakePushService } from '../server/push/fake-push-service';
import { e2ePushTls } from './push-tls';
import { waitForServiceWorker } from './pwa-support';
import { mainNav, newPromoter } from './support';
import { depositViaApi, freshUser, operatorToken } from './wallet-support';

// The installed app's behaviour: with its service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// The e2e server's VAPID subject (server/config.ts default).
const SUBJECT = 'mailto:push@beacon.invalid';

let fake: FakePushService;
const delivered: Received[] = [];
const record = (message: Received) => void delivered.push(message);
let deliver: (message: Received) => void = record;

test.beforeAll(async () => {
  fake = await startFakePushService({
    subject: SUBJECT,
    tls: e2ePushTls(),
    onReceive: (message) => deliver(message),
  });
});
// A test's delivery to its page ends with the test: a push arriving later (another worker's notice
// reaches this worker's earlier subscribers) must not go to a closed DevTools session.
test.afterEach(() => {
  deliver = record;
});
test.afterAll(async () => {
  await fake?.close();
});

/**
 * Hands the fake push service's deliveries that `reaches` accepts to the page's service worker through the
 * DevTools protocol (ServiceWorker.deliverPushMessage), as the browser's push service connection would;
 * every delivery is still recorded in `delivered`. Returns the deliveries under way, to await.
 */
async function pushToWorker(page: Page, reaches: (message: Received) => boolean) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const pushed: Promise<unknown>[] = [];
  deliver = (message) => {
    delivered.push(message);
    if (!reaches(message)) return;
    pushed.push(
      registrationId.then((id) =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId: id,
          data: JSON.stringify(message.payload),
        }),
      ),
    );
  };
  return pushed;
}

/** Stands in for the browser's push service client: subscribe() answers the fake service's endpoint. */
async function stubPushManager(page: Page, subscription: { endpoint: string; keys: object }) {
  await page.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes =
        typeof key === 'string' || !key ? null : new Uint8Array(key as ArrayBuffer).slice().buffer;
      current = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { applicationServerKey: bytes, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}

/**
 * Records what the app puts on its icon: headless Chromium has no icon to badge, so the Badging API's
 * two calls are wrapped to note each count (0 for a cleared badge) before doing what they did.
 */
async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    const counts: number[] = [];
    Object.assign(window, { appBadges: counts });
    Object.defineProperty(Navigator.prototype, 'setAppBadge', {
      value: async (count?: number) => void counts.push(count ?? -1),
    });
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', { value: async () => void counts.push(0) });
  });
}
const lastAppBadge = (page: Page) =>
  page.evaluate(() => (window as unknown as { appBadges: number[] }).appBadges.at(-1));

const myTabName = (page: Page) => mainNav(page).getByRole('link', { name: /^My/ }).textContent();
const unreadOnMy = async (page: Page): Promise<number> => {
  const match = /(\d+) unread/.exec((await myTabName(page)) ?? '');
  return match ? Number(match[1]) : 0;
};

test('subscribe in the app; a published notice arrives as a notification, counts as unread, and a tap opens it', async ({
  page,
  context,
}) => {
  const subscriber = fake.subscriber();
  await context.grantPermissions(['notifications']);
  await stubPushManager(page, subscriber);
  await recordAppBadge(page);
  await newPromoter(page);
  await waitForServiceWorker(page);

  // Subscribe through the bell on the ticker: the permission is asked only now, on the tap.
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
  await page.getByRole('button', { name: 'Get new notices as notifications' }).click();
  expect((await subscribed).status()).toBe(200);
  await expect(page.getByText('Notifications are on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get new notices as notifications' })).toHaveCount(0);

  // The unread count before: the site's live notices, all new to this user.
  await expect.poll(() => unreadOnMy(page)).toBeGreaterThan(0);
  const before = await unreadOnMy(page);
  // The app's icon shows the same count.
  await expect.poll(() => lastAppBadge(page)).toBe(before);

  // The service worker badges the icon itself when a push comes with no window to ask: its calls are
  // recorded the same way (DevTools, attached to the worker, keeps it from being stopped meanwhile).
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker?.evaluate(() => {
    const counts: number[] = [];
    Object.assign(self, { appBadges: counts });
    Object.defineProperty(WorkerNavigator.prototype, 'setAppBadge', {
      value: async (count?: number) => void counts.push(count ?? -1),
    });
  });

  // Push messages go to the service worker through the DevTools protocol.
  const pushed = await pushToWorker(page, (message) => message.subscriber === subscriber.id);

  const title = `Harvest week ${Date.now()}`;
  const create = await page.request.post('/api/admin/notices/create', {
    headers: { Authorization: `Bearer ${await operatorToken(page.request)}` },
    data: { texts: { 'en-US': { title, body: 'Double clicks on every mini-game link until Sunday.' } } },
  });
  expect(create.status()).toBe(200);
  const noticeId = ((await create.json()) as { data: { id: number } }).data.id;

  // The server's push reached the push service once for this device, encrypted for it, in English.
  // Only this notice's push: subscribers left by this worker's earlier tests get it too.
  const noticePushes = () =>
    delivered.filter((m) => m.subscriber === subscriber.id && m.payload.noticeId === noticeId);
  await expect.poll(() => noticePushes().length).toBe(1);
  const message = noticePushes()[0];
  expect(message?.payload).toEqual({
    title,
    body: 'Double clicks on every mini-game link until Sunday.',
    noticeId,
    url: `/notices/${noticeId}`,
  });
  expect(message?.topic).toBe(`notice-${noticeId}`);
  await Promise.all(pushed);

  // The service worker showed it, one notification per notice.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        }));
      }),
    )
    .toEqual([
      { title, body: 'Double clicks on every mini-game link until Sunday.', tag: `notice-${noticeId}` },
    ]);
  // The worker counted it on the icon, and the open window was told: the count on My grows at once,
  // not at the next minute's refresh.
  // The worker badges after showing (it counts in IndexedDB first): polled, not read once.
  await expect
    .poll(() => worker?.evaluate(() => (self as unknown as { appBadges: number[] }).appBadges.at(-1)))
    .toBe(before + 1);
  await expect.poll(() => unreadOnMy(page)).toBe(before + 1);

  // A tap on the notification: the open window shows the notice, which then counts as read.
  await worker?.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to tap');
    const event = new NotificationEvent('notificationclick', { notification });
    const waits: Promise<unknown>[] = [];
    // A script-made event cannot extend its own lifetime; the handler's promise is awaited here instead.
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
    scope.dispatchEvent(event);
    await Promise.all(waits);
  });
  await expect(page).toHaveURL(new RegExp(`/notices/${noticeId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Double clicks on every mini-game link until Sunday.')).toBeVisible();
  await page.goto('/');
  await expect.poll(() => unreadOnMy(page)).toBe(before);
  await expect.poll(() => lastAppBadge(page)).toBe(before);

  // Withdrawn, it leaves the notice centre.
  await page.request.post('/api/admin/notices/withdraw', {
    headers: { Authorization: `Bearer ${await operatorToken(page.request)}` },
    data: { id: noticeId },
  });
  await page.goto('/notices');
  await expect(page.getByRole('list', { name: 'Notices' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});

test('settings: the switch says how to turn notifications back on once they are blocked', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await newPromoter(page);
  await waitForServiceWorker(page);
  // Headless Chromium answers a permission request it was not granted with "denied", as a user's "Block" would.
  await page.goto('/Setting');
  const toggle = page.getByRole('switch', { name: 'Notice notifications' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByText('Notifications are blocked', { exact: true })).toBeVisible();
  await expect(toggle).toBeDisabled();
  await expect(
    page.getByText(/allow notifications for this site in the browser's site settings/),
  ).toBeVisible();
});

test('a new message arrives as a notification in the app’s language, without its amount, and a tap opens it', async ({
  page,
  context,
}) => {
  const subscriber = fake.subscriber();
  await context.grantPermissions(['notifications']);
  await stubPushManager(page, subscriber);
  const user = await freshUser(page);
  await waitForServiceWorker(page);
  await page.goto('/Setting');
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
  await page.getByRole('switch', { name: 'Notice notifications' }).click();
  expect((await subscribed).status()).toBe(200);

  // The app now shows Spanish: it leaves the service worker its words for messages in Spanish.
  await page.evaluate(() => localStorage.setItem('locale', 'es-ES'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');

  // Only messages reach the device: a notice another test publishes meanwhile is pushed to it too.
  const pushed = await pushToWorker(
    page,
    (message) => message.subscriber === subscriber.id && message.payload.messageId !== undefined,
  );

  // A real event: a completed deposit writes a message, and the server pushes it to this device.
  await depositViaApi(page.request, user.token, 123.45);
  const messagePushes = () =>
    delivered.filter((m) => m.subscriber === subscriber.id && m.payload.messageId !== undefined);
  await expect.poll(() => messagePushes().length).toBe(1);
  const message = messagePushes()[0];
  const messageId = Number(message?.payload.messageId);
  expect(message?.payload).toMatchObject({
    kind: 'deposit_completed',
    title: '',
    body: '',
    url: `/Messages/${messageId}`,
  });
  await Promise.all(pushed);

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        }));
      }),
    )
    .toEqual([{ title: 'Depósito recibido', body: 'Abre la app para leerlo.', tag: `message-${messageId}` }]);

  // A tap opens the message in the open window.
  const [worker] = context.serviceWorkers();
  await worker?.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to tap');
    const event = new NotificationEvent('notificationclick', { notification });
    const waits: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
    scope.dispatchEvent(event);
    await Promise.all(waits);
  });
  await expect(page).toHaveURL(new RegExp(`/Messages/${messageId}$`));
  await expect(page.getByRole('heading', { name: 'Depósito recibido' })).toBeVisible();
  await expect(page.getByText(/123[.,]45/)).toBeVisible();
});
