import { z } from 'zod/mini';
import type { Call } from './call';

/**
 * Web push subscriptions (issue 5). The app sends `PushSubscription.toJSON()` as it is; the server
 * checks the shape the push service and RFC 8291 need before storing it.
 */

/** Unpadded base64url (padding tolerated), decoding to exactly `bytes` bytes. */
const base64urlOfLength = (bytes: number, code: 'push_p256dh_invalid' | 'push_auth_invalid') =>
  z.string(code).check(
    z.trim(),
    z.refine((v) => {
      const bare = v.replace(/={1,2}$/, '');
      return /^[A-Za-z0-9_-]+$/.test(bare) && bare.length === Math.ceil((bytes * 4) / 3);
    }, code),
  );

/** Where the push service accepts messages for one browser: an absolute https URL. */
export const pushEndpointSchema = z.string('push_endpoint_invalid').check(
  z.trim(),
  z.minLength(1, 'push_endpoint_invalid'),
  z.maxLength(2048, 'too_long'),
  z.superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'push_endpoint_invalid' });
      return;
    }
    if (url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'push_endpoint_not_https' });
    else if (!url.hostname || url.username || url.password)
      ctx.addIssue({ code: 'custom', message: 'push_endpoint_invalid' });
  }),
);

export const pushSubscribeRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes starting with 0x04, so its base64url starts with "B".
    p256dh: base64urlOfLength(65, 'push_p256dh_invalid').check(
      z.refine((v) => v.startsWith('B'), 'push_p256dh_invalid'),
    ),
    auth: base64urlOfLength(16, 'push_auth_invalid'),
  }),
  expirationTime: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  /** The language the app shows; else the Accept-Language header, else the account's locale. */
  locale: z.optional(z.enum(['en-US', 'en-PH', 'es-ES', 'ko-KR', 'zh-CN'], 'locale_unsupported')),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({ endpoint: pushEndpointSchema });

export const pushSubscriptionStateSchema = z.object({
  subscribed: z.boolean(),
  /** The locale notices are sent in (subscribe answers only). */
  locale: z.optional(z.string()),
});
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;

/** `GET /api/push/key`: the VAPID public key, base64url, for `pushManager.subscribe({ applicationServerKey })`. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** The VAPID public key to subscribe against; 503 `push_unavailable` while push is off on the server. */
export const pushKeyCall = {
  method: 'GET',
  path: '/push/key',
  summary: 'Read the web push public key',
  answer: pushKeySchema,
  access: 'public',
} satisfies Call;

/** Stores (or moves to the caller) this browser's subscription, with the language notices are sent in. */
export const pushSubscribeCall = {
  method: 'POST',
  path: '/push/subscribe',
  summary: 'Subscribe this browser to web push',
  input: pushSubscribeRequestSchema,
  answer: pushSubscriptionStateSchema,
  access: 'user',
} satisfies Call;

/** Forgets the caller's subscription of this endpoint (someone else's is left alone, without saying so). */
export const pushUnsubscribeCall = {
  method: 'POST',
  path: '/push/unsubscribe',
  summary: 'Unsubscribe this browser from web push',
  input: pushUnsubscribeRequestSchema,
  answer: pushSubscriptionStateSchema,
  access: 'user',
} satisfies Call;

/** What the service worker receives for a notice (encrypted on the wire; at most 1 KB as JSON). */
export const noticePushSchema = z.object({
  title: z.string(),
  body: z.string(),
  noticeId: z.int(),
  /** The app route of the notice. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof noticePushSchema>;

/**
 * What it receives for a new message. An event's message comes without words: the worker words it from
 * `kind` in the language the app last showed (MESSAGE_WORDING_KEY), and no amount reaches a lock screen.
 * An operator's message brings its own title and body.
 */
export const messagePushSchema = z.object({
  messageId: z.int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The notification's title when nothing better is known: the site's name. */
  siteName: z.string(),
  url: z.string(),
});
export type MessagePush = z.infer<typeof messagePushSchema>;

export const pushPayloadSchema = z.union([noticePushSchema, messagePushSchema]);

export const PUSH_PAYLOAD_MAX_BYTES = 1024;
