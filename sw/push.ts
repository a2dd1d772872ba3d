/// <reference lib="webworker" />
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { type MessagePush, type PushPayload, pushPayloadSchema } from '#contract/push';
import {
  BADGE_DB,
  BADGE_STORE,
  MESSAGE_PATH,
  MESSAGE_WORDING_KEY,
  type MessagePushWording,
  NOTICE_PATH,
  SW_MESSAGE,
  UNREAD_IDS_KEY,
} from '#contract/push-device';

declare const self: ServiceWorkerGlobalScope;

let badgeStore: UseStore | undefined;
const store = (): UseStore => {
  badgeStore ??= createStore(BADGE_DB, BADGE_STORE);
  return badgeStore;
};

/** What a payload we cannot read still shows: iOS revokes the subscription of a push that shows nothing. */
const FALLBACK: PushPayload = { title: 'Beacon', body: '', noticeId: 0, url: '/notices' };

function payloadOf(data: PushMessageData | null): PushPayload | MessagePush {
  try {
    const parsed = pushPayloadSchema.safeParse(data?.json());
    return parsed.success ? parsed.data : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** The unread count after this notice: the ids the app last saw, plus this one. */
async function countWith(noticeId: number): Promise<number> {
  const ids = new Set((await get<number[]>(UNREAD_IDS_KEY, store()).catch(() => undefined)) ?? []);
  if (noticeId > 0) ids.add(noticeId);
  await set(UNREAD_IDS_KEY, [...ids], store()).catch(() => undefined);
  return ids.size;
}

async function showNotice(payload: PushPayload): Promise<void> {
  // Shown first and unconditionally: a push that shows nothing costs the subscription on iOS.
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    // One notification per notice: an edited notice pushed again replaces the first.
    tag: payload.noticeId > 0 ? `notice-${payload.noticeId}` : 'notice',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: payload.url },
  });
  const count = await countWith(payload.noticeId);
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (count?: number) => Promise<void> };
  await nav.setAppBadge?.(count).catch(() => undefined);
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows)
    client.postMessage({ type: SW_MESSAGE.noticePushed, noticeId: payload.noticeId });
}

/**
 * An event's message in the words the app last left here (the language it showed); an operator's in its
 * own. Shown first and unconditionally, as a notice is.
 */
async function showMessage(payload: MessagePush): Promise<void> {
  const wording = await get<MessagePushWording>(MESSAGE_WORDING_KEY, store()).catch(() => undefined);
  await self.registration.showNotification(
    payload.title || wording?.titles[payload.kind] || payload.siteName,
    {
      body: payload.body || wording?.body || '',
      tag: `message-${payload.messageId}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    },
  );
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage({ type: SW_MESSAGE.messagePushed });
}

const openablePath = (url: unknown): string =>
  typeof url === 'string' && (NOTICE_PATH.test(url) || MESSAGE_PATH.test(url)) ? url : '/notices';

/** Focuses an open window of the app and shows the notice or message there, or opens one on it. */
async function openNotice(url: unknown): Promise<void> {
  const path = openablePath(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows[0];
  if (!client) {
    await self.clients.openWindow(path);
    return;
  }
  await client.focus().catch(() => undefined);
  client.postMessage({ type: SW_MESSAGE.openUrl, url: path });
}

export function setUpPush(): void {
  self.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    event.waitUntil('messageId' in payload ? showMessage(payload) : showNotice(payload));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openNotice((event.notification.data as { url?: unknown } | null)?.url));
  });
}
