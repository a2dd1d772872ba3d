import { PUSH_PAYLOAD_MAX_BYTES, type PushPayload } from '../../../src/contract/push';
import type { LocalizedText } from '../notices/service';

const payloadBytes = (p: PushPayload): number => Buffer.byteLength(JSON.stringify(p), 'utf8');

/**
 * The push message for one subscriber, at most 1 KB of JSON: an empty title shows the site's name;
 * a body that does not fit is cut (on a code point) and ends with an ellipsis — the notice centre
 * has the whole text.
 */
export function buildPayload(noticeId: number, text: LocalizedText, siteName: string): PushPayload {
  const title = Array.from(text.title || siteName || 'Beacon')
    .slice(0, 100)
    .join('');
  const payload: PushPayload = { title, body: text.body, noticeId, url: `/notices/${noticeId}` };
  if (payloadBytes(payload) <= PUSH_PAYLOAD_MAX_BYTES) return payload;
  const chars = Array.from(text.body);
  let lo = 0;
  let hi = chars.length;
  // The longest prefix that fits (JSON escaping makes the size non-linear in characters).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = { ...payload, body: `${chars.slice(0, mid).join('')}…` };
    if (payloadBytes(candidate) <= PUSH_PAYLOAD_MAX_BYTES) lo = mid;
    else hi = mid - 1;
  }
  return { ...payload, body: `${chars.slice(0, lo).join('').trimEnd()}…` };
}
