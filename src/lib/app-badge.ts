import { createStore, set, type UseStore } from 'idb-keyval';
import {
  BADGE_DB,
  BADGE_STORE,
  MESSAGE_WORDING_KEY,
  type MessagePushWording,
  UNREAD_IDS_KEY,
} from '#contract/push-device';

let badgeStore: UseStore | undefined;
const store = (): UseStore => {
  badgeStore ??= createStore(BADGE_DB, BADGE_STORE);
  return badgeStore;
};

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * The unread notices, on the installed app's icon where the platform has badges, and saved for the
 * service worker, which adds a pushed notice to them while no window is open.
 */
export async function showUnreadNotices(ids: readonly number[]): Promise<void> {
  await set(UNREAD_IDS_KEY, [...ids], store()).catch(() => undefined);
  const nav = navigator as BadgeNavigator;
  const done = ids.length > 0 ? nav.setAppBadge?.(ids.length) : nav.clearAppBadge?.();
  await done?.catch(() => undefined);
}

/** The words the service worker gives a pushed message while no window is open (sw/push.ts). */
export async function saveMessagePushWording(wording: MessagePushWording): Promise<void> {
  await set(MESSAGE_WORDING_KEY, wording, store()).catch(() => undefined);
}
