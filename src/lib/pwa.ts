import { Workbox } from 'workbox-window';
import { MESSAGE_PATH, NOTICE_PATH, SW_MESSAGE } from '#contract/push-device';
import { createStore } from './store';
import { createUpdateChecker, HOURLY_MS } from './update-checks';

/** A new version is installed and waiting for the user's go-ahead (the update prompt shows). */
export const updateWaitingStore = createStore(false);

let workbox: Workbox | undefined;
let reloading = false;

/**
 * Registers the service worker (production builds only; `sw.js` is an ES module) and watches for new
 * versions: hourly and whenever the app comes back on screen, online only. A waiting version is offered
 * by the update prompt, never forced.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;

  const wb = new Workbox('/sw.js', { type: 'module' });
  workbox = wb;
  wb.addEventListener('waiting', () => updateWaitingStore.set(true));
  void wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));

  const maybeCheck = createUpdateChecker({
    check: () => wb.update(),
    isOnline: () => navigator.onLine,
    isVisible: () => document.visibilityState === 'visible',
    now: Date.now,
  });
  setInterval(maybeCheck, HOURLY_MS);
  document.addEventListener('visibilitychange', maybeCheck);
}

/** The update prompt's yes: the waiting version takes over, then the page reloads once to run it. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  wb.addEventListener('controlling', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  wb.messageSkipWaiting();
}

export const dismissUpdate = (): void => updateWaitingStore.set(false);

/**
 * Settings' "check for updates": asks the server for a newer service worker now. 'waiting': one is
 * installed or installing (the update prompt offers it, shown again if it was dismissed); 'latest': none;
 * 'unavailable': no service worker here (a development build, an old browser) or offline.
 */
export async function checkForUpdate(): Promise<'waiting' | 'latest' | 'unavailable'> {
  const wb = workbox;
  if (!wb || !navigator.onLine) return 'unavailable';
  await wb.update();
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration?.waiting) {
    updateWaitingStore.set(true);
    return 'waiting';
  }
  // An installing one raises Workbox's 'waiting' event (and the prompt) when it is done.
  return registration?.installing ? 'waiting' : 'latest';
}

export interface ServiceWorkerMessageHandlers {
  /** A notice arrived by push while this window is open. */
  onNoticePushed: () => void;
  /** A message arrived by push while this window is open. */
  onMessagePushed: () => void;
  /** A tapped notification asks this window to show an app path. */
  onOpenUrl: (path: string) => void;
}

/** What the service worker tells open windows (sw/push.ts). */
export function listenToServiceWorker(handlers: ServiceWorkerMessageHandlers): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === SW_MESSAGE.noticePushed) handlers.onNoticePushed();
    if (data?.type === SW_MESSAGE.messagePushed) handlers.onMessagePushed();
    if (
      data?.type === SW_MESSAGE.openUrl &&
      typeof data.url === 'string' &&
      (NOTICE_PATH.test(data.url) || MESSAGE_PATH.test(data.url))
    )
      handlers.onOpenUrl(data.url);
  });
}
