import type { CallInput } from '#contract/call';
import { pushKeyCall, pushSubscribeCall, pushUnsubscribeCall } from '#contract/push';
import { api } from './api-client';
import { withDeadline } from './deadline';
import { type PushState, pushRegistration, pushStateStore, refreshPushState } from './push-state';

/*
 * Subscribing this device to web push and leaving it (issue 5): the push contract's calls. Loaded when a
 * control is used, not with home: the state the controls show is push-state.ts.
 */

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
  const reg = await pushRegistration();
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
  const reg = await pushRegistration();
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
  const reg = await pushRegistration();
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
