import { type MessagePush, PUSH_PAYLOAD_MAX_BYTES, type PushPayload } from '#contract/push';
import type { LocalizedText } from '../notices/service';

const payloadBytes = (p: object): number => Buffer.byteLength(JSON.stringify(p), 'utf8');

const firstChars = (text: string, n: number): string => Array.from(text).slice(0, n).join('');

/**
 * The payload as it is when it fits in 1 KB of JSON; else its body cut (on a code point) to the longest
 * prefix that fits, ending with an ellipsis: the app has the whole text.
 */
function fitted<P extends { body: string }>(payload: P): P {
  if (payloadBytes(payload) <= PUSH_PAYLOAD_MAX_BYTES) return payload;
  const chars = Array.from(payload.body);
  let lo = 0;
  let hi = chars.length;
  // JSON escaping makes the size non-linear in characters: a binary search.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (payloadBytes({ ...payload, body: `${chars.slice(0, mid).join('')}…` }) <= PUSH_PAYLOAD_MAX_BYTES)
      lo = mid;
    else hi = mid - 1;
  }
  return { ...payload, body: `${chars.slice(0, lo).join('').trimEnd()}…` };
}

/** The push message of a notice for one subscriber: an empty title shows the site's name. */
export function buildPayload(noticeId: number, text: LocalizedText, siteName: string): PushPayload {
  const title = firstChars(text.title || siteName || 'Beacon', 100);
  return fitted({ title, body: text.body, noticeId, url: `/notices/${noticeId}` });
}

/** The push message of a new message: an operator's carries its words, an event's only its kind. */
export function buildMessagePayload(
  messageId: number,
  message: { kind: string; title: string; body: string },
  siteName: string,
): MessagePush {
  return fitted({
    messageId,
    kind: message.kind,
    title: firstChars(message.title, 100),
    body: message.body,
    siteName: firstChars(siteName || 'Beacon', 100),
    url: `/Messages/${messageId}`,
  });
}
