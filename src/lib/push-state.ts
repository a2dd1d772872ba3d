import { isIos } from '../boot/ios-handler';
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
export async function pushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !browserSupportsPush()) return undefined;
  return navigator.serviceWorker.ready;
}

const onIos = (): boolean =>
  isIos(navigator.userAgent, navigator.platform ?? '', navigator.maxTouchPoints ?? 0);

/** Reads the device's state into `pushStateStore` and answers it. */
export async function refreshPushState(): Promise<PushState> {
  const reg = await pushRegistration();
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
