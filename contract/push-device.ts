/*
 * What the app and its service worker share on the device: the IndexedDB keys both read, the messages the
 * worker posts to windows and the only paths a notification may open. Free of schemas and API paths, so
 * the app's entry can import it without the push contract (contract/push.ts).
 */

/** The app's words for message notifications, kept in IndexedDB (BADGE_DB) for the service worker. */
export interface MessagePushWording {
  /** A title per message kind. */
  titles: Record<string, string>;
  /** The body of an event's notification ("open to read"). */
  body: string;
}
export const MESSAGE_WORDING_KEY = 'message-wording';

/** Messages the service worker posts to open windows. */
export const SW_MESSAGE = {
  /** A notice arrived by push: refresh the notice lists. */
  noticePushed: 'NOTICE_PUSHED',
  /** A message arrived by push: refresh the messages and their unread count. */
  messagePushed: 'MESSAGE_PUSHED',
  /** A notification was tapped: show this app path in the window. */
  openUrl: 'OPEN_URL',
} as const;

/** The only paths a notification may open: a notice of the notice centre, or a message. */
export const NOTICE_PATH = /^\/notices\/\d+$/;
export const MESSAGE_PATH = /^\/Messages\/\d+$/;

/**
 * The unread notice ids the app last saw, in IndexedDB where the service worker adds a pushed one and
 * sets the app badge from the count while no window is open.
 */
export const BADGE_DB = 'beacon-badge';
export const BADGE_STORE = 'state';
export const UNREAD_IDS_KEY = 'unread-notice-ids';
