import { isIos } from '../boot/ios-handler';
import type { CallInput } from '../contract/call';
import { pushKeyCall, pushSubscribeCall, pushUnsubscribeCall } from '../contract/push';
import { api } from './api-client';
import { withDeadline } from './deadline';
import { isStandalone } from './install';
import { createStore } from './store';

/**
 * Web push on this device (issue 5), as the notification controls show it:
 * - `needs-install`: iOS outside the installed app, where Safari offers no push at all;
 * - `unsupported`: no service worker, PushManager or Notification here (or a development build);
 * - `denied`: the user blocked notifications; only the browser's site settings can undo that;
 * - `off` / `on`: whether this browser holds a subscription with the permission granted.
 */
export type PushState = 'unsupported' | 'needs-install' | 'denied' | 'off' | 'on';

export interface PushEnvironment {
  ios: boolean;
  standalone: boolean;
  supported: boolean;
  permission: NotificationPermission;
  subscribed: boolean;
}

export function pushStateOf(env: PushEnvironment): PushState {
  if (env.ios && !env.standalone) return 'needs-install';
  if (!env.supported) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return env.permission === 'granted' && env.subscribed ? 'on' : 'off';
}

/** null until the first check has finished. */
export const pushStateStore = createStore<PushState | null>(null);

const browserSupportsPush = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * The service worker's registration once it is active; development builds register none (decision 9).
 * On a first visit that can take a while (the precache installs first): the state stays "checking".
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !browserSupportsPush()) return undefined;
  return navigator.serviceWorker.ready;
}

const onIos = (): boolean =>
  isIos(navigator.userAgent, navigator.platform ?? '', navigator.maxTouchPoints ?? 0);

/** Reads the device's state into `pushStateStore` and answers it. */
export async function refreshPushState(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription().catch(() => null);
  const state = pushStateOf({
    ios: onIos(),
    standalone: isStandalone(),
    supported: reg !== undefined,
    permission: browserSupportsPush() ? Notification.permission : 'default',
    subscribed: Boolean(subscription),
  });
  pushStateStore.set(state);
  return state;
}

function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/**
 * The browser's own description of the subscription (`toJSON()`), as it is: the server checks its shape
 * (contract/push.ts) and refuses what it cannot use, so the app does not check it twice.
 */
const subscribeInput = (subscription: PushSubscription, locale: string) =>
  ({ ...subscription.toJSON(), locale }) as CallInput<typeof pushSubscribeCall>;

const sendSubscription = (subscription: PushSubscription, locale: string) =>
  api.call(pushSubscribeCall, subscribeInput(subscription, locale), { loading: true });

/**
 * Only ever called from a tap on a notification control: the permission prompt first, then a
 * subscription against the server's current key (an old key's subscription is replaced), then the
 * server learns it with the language the app shows. Server failures are shown by the api client.
 */
export async function enablePush(locale: string): Promise<PushState> {
  const reg = await registration();
  if (!reg) return refreshPushState();
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return refreshPushState();
  try {
    const { publicKey } = await api.call(pushKeyCall, {});
    const key = base64urlToBytes(publicKey);
    let subscription = await reg.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await sendSubscription(subscription, locale);
  } finally {
    await refreshPushState();
  }
  return pushStateStore.get() ?? 'off';
}

/** The switch turned off, or a logout: the browser forgets the subscription, the server too if it can. */
export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription().catch(() => null);
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe().catch(() => false);
    // Offline or logged out already: the push service answers 410 for the dead endpoint later and the
    // server deletes the subscription then.
    await api.call(pushUnsubscribeCall, { endpoint }, { silent: true }).catch(() => undefined);
  }
  return refreshPushState();
}

/** Subscriptions follow the reader's language: a new app language is told to the server. */
export async function followLocale(locale: string): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription().catch(() => null);
  if (!subscription || Notification.permission !== 'granted') return;
  await api
    .call(pushSubscribeCall, subscribeInput(subscription, locale), { silent: true })
    .catch(() => undefined);
}

const LOGOUT_WAIT_MS = 3000;

/**
 * At logout the next person on this phone must not get the last one's notices: the subscription goes
 * (with the token still valid, so the server hears it). Never holds a logout up for long.
 */
export async function forgetPushAtLogout(): Promise<void> {
  await withDeadline(
    disablePush().catch(() => undefined),
    LOGOUT_WAIT_MS,
    undefined,
  );
}
