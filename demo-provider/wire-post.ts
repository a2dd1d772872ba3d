import type { Attempt } from './seamless-client';

/**
 * One POST of an aggregator's wallet call (hub88/, evolution/): the answer's text when it came as an HTTP 200
 * (the only answer these aggregators read), or the attempt that says why there is none: no answer in time, a
 * network error or another status, each a call that may have been lost and is sent again.
 */
export async function postOnce(
  url: string | URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ at: number; text: string } | { failed: Attempt }> {
  const at = Date.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = (err as { name?: unknown } | null)?.name === 'TimeoutError';
    return {
      failed: { at, error: timedOut ? `no answer within ${timeoutMs} ms` : `network: ${String(err)}` },
    };
  }
  if (res.status !== 200) return { failed: { at, httpStatus: res.status, error: `HTTP ${res.status}` } };
  return { at, text };
}
