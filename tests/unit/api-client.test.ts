import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionResponseSchema } from '#contract/auth';
import type { Call } from '#contract/call';
import { ApiError, api, browser, NO_ENVELOPE } from '#lib/api-client';
import { activateLocale } from '#lib/i18n';
import { queryClient } from '#lib/query-client';
import { getToken, isLogin, logout, SESSION_KEYS, setUser, USER_QUERY_KEY } from '#lib/session';
import { toastStore } from '#lib/toast';
import { userInfo } from './fixtures';

const user = userInfo({ uid: 7, username: '63+9171234567', job: 1, level: 2 });

function envelope(status: number, message: string, data: unknown = null, httpStatus = 200) {
  return new Response(JSON.stringify({ status, message, data }), {
    status: httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function stubFetch(...responses: Array<Response | Error>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const toasts = () => toastStore.get().map(({ kind, message }) => ({ kind, message }));
const numbers = z.object({ n: z.number() });

beforeEach(() => {
  toastStore.set([]);
  logout();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** A declaration for a made-up call: the client only reads its method, path and answer. */
const postCall = <A extends Call['answer']>(path: `/${string}`, answer: A) =>
  ({
    method: 'POST',
    path,
    input: z.optional(z.record(z.string(), z.unknown())),
    answer,
    access: 'public',
  }) satisfies Call;

describe('api.call success', () => {
  it.each([200, 2004])('status %i resolves with data parsed by the schema', async (status) => {
    const fetchMock = stubFetch(envelope(status, 'ok', { n: 1, extra: true }));
    await expect(api.call(postCall('/x/y', numbers), { a: 1 })).resolves.toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/x/y');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ a: 1 });
  });

  it('rejects with the generic message when data breaks the contract', async () => {
    stubFetch(envelope(200, 'ok', { n: 'one' }));
    await expect(api.call(postCall('/x', numbers), {})).rejects.toMatchObject({ message: 'System error' });
  });

  it('returns a non-JSON answer as it is', async () => {
    stubFetch(new Response('plain words', { status: 200, headers: { 'content-type': 'text/plain' } }));
    await expect(api.call(postCall('/file', z.string()), {})).resolves.toBe('plain words');
  });
});

describe('headers and body', () => {
  it('sends Authorization as tokenHead + token when logged in', async () => {
    setUser({ token: 'abc123', tokenHead: 'Bearer ', user });
    const fetchMock = stubFetch(envelope(200, 'ok', null));
    await api.call(postCall('/x', z.null()), {});
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc123');
  });

  it('sends no Authorization without a token', async () => {
    const fetchMock = stubFetch(envelope(200, 'ok', null));
    await api.call(postCall('/x', z.null()), {});
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends the same device id on every call, kept across a logout (it names the device)', async () => {
    const fetchMock = stubFetch(envelope(200, 'ok', null), envelope(200, 'ok', null));
    await api.call(postCall('/x', z.null()), {});
    setUser({ token: 'abc123', tokenHead: 'Bearer ', user });
    await api.call(postCall('/x', z.null()), {});
    const ids = fetchMock.mock.calls.map(
      (c) => (c[1]?.headers as Record<string, string> | undefined)?.['X-Beacon-Device'],
    );
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(localStorage.getItem('beacon.device')).toBe(ids[0]);
  });

  it('merges packagename and appsflyer_id from sessionStorage when present', async () => {
    sessionStorage.setItem('packagename', 'com.example.app');
    sessionStorage.setItem('appsflyer_id', 'af-1');
    const fetchMock = stubFetch(envelope(200, 'ok', null), envelope(200, 'ok', null));
    await api.call(postCall('/x', z.null()), { q: 'a' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      q: 'a',
      packagename: 'com.example.app',
      appsflyer_id: 'af-1',
    });
    sessionStorage.removeItem('appsflyer_id');
    await api.call(postCall('/x', z.null()), undefined);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      packagename: 'com.example.app',
    });
  });
});

describe('error catalogue', () => {
  it('996 logs out, clears the cache, reloads and rejects with the server message', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    stubFetch(envelope(996, 'Session expired', null, 401));
    await expect(api.call(postCall('/x', z.null()), {})).rejects.toMatchObject({
      status: 996,
      message: 'Session expired',
    });
    expect(reload).toHaveBeenCalledOnce();
    expect(isLogin()).toBe(false);
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeUndefined();
    expect(toasts()).toEqual([]);
  });

  it('996 to a call sent without a session rejects, and neither logs out nor reloads', async () => {
    // Settings' "clear the saved data": the logged-out page's last query answered 996, and its reload
    // cancelled the page's own navigation to the login page.
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const fetchMock = stubFetch(envelope(996, 'Session expired', null, 401));
    await expect(api.call(postCall('/x', z.null()), {})).rejects.toMatchObject({ status: 996 });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a late 996 or 999 of an ended session leaves the session that followed it signed in', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    for (const [status, httpStatus] of [
      [996, 401],
      [999, 403],
    ] as const) {
      setUser({ token: 'old', tokenHead: 'Bearer ', user });
      let answer: (response: Response) => void = () => {};
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
      );
      const late = api.call(postCall('/x', z.null()), {});
      // The old session ends here and another user signs in before the old call is answered.
      setUser({ token: 'new', tokenHead: 'Bearer ', user });
      answer(envelope(status, 'ended', null, httpStatus));
      await expect(late).rejects.toMatchObject({ status });
      expect(getToken()).toBe('new');
      expect(localStorage.getItem(SESSION_KEYS.token)).toBe('new');
    }
    expect(reload).not.toHaveBeenCalled();
  });

  it('996 without a message rejects with the generic fallback', async () => {
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    stubFetch(envelope(996, '', null, 401));
    await expect(api.call(postCall('/x', z.null()), {})).rejects.toMatchObject({ message: 'System error' });
  });

  it('999 forbidden logs out and shows the account-abnormality toast at the bottom', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    stubFetch(envelope(999, 'forbidden', null, 403));
    await expect(api.call(postCall('/x', z.null()), {})).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(toasts()).toEqual([
      { kind: 'negative', message: 'Please contact customer service for account abnormality' },
    ]);
  });

  it('999 with another message logs out and rejects without that toast', async () => {
    setUser({ token: 't', tokenHead: 'Bearer ', user });
    stubFetch(envelope(999, 'other', null, 403));
    await expect(api.call(postCall('/x', z.null()), {})).rejects.toMatchObject({
      status: 999,
      message: 'other',
    });
    expect(isLogin()).toBe(false);
    expect(toasts()).toEqual([]);
  });

  it('other statuses toast the server message at the bottom and reject with status, message, data', async () => {
    stubFetch(envelope(409, 'Already there', null, 409));
    const error = await api.call(postCall('/x', z.null()), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Already there', data: null });
    expect(toasts()).toEqual([{ kind: 'negative', message: 'Already there' }]);
  });

  it('a 400 with field issues rejects with the translated first issue and keeps the issues', async () => {
    const data = { issues: [{ path: 'phone', code: 'phone_wrong', message: 'Wrong number' }] };
    stubFetch(envelope(400, 'phone: Wrong number', data, 400));
    const error = await api.call(postCall('/x', z.null()), {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Wrong number', data });
    expect((error as ApiError).issues).toEqual(data.issues);
  });

  it("shows a coded failure in the user's language, not the server's English", async () => {
    await activateLocale('zh-CN');
    try {
      stubFetch(
        envelope(400, 'Wrong phone number or password', { code: 'credentials_wrong' }, 400),
        envelope(
          429,
          'Too many attempts, try again in 30 seconds',
          { code: 'rate_limited', retryAfter: 30 },
          429,
        ),
      );
      await api.call(postCall('/x', z.null()), {}).catch(() => {});
      await api.call(postCall('/x', z.null()), {}).catch(() => {});
      expect(toasts()).toEqual([
        { kind: 'negative', message: '手机号或密码错误' },
        { kind: 'negative', message: '尝试次数过多，请 30 秒后再试' },
      ]);
    } finally {
      await activateLocale('en-US');
    }
  });

  it('silent calls do not toast, onStatus still hears status and message', async () => {
    const onStatus = vi.fn();
    stubFetch(envelope(429, 'Slow down', { retryAfter: 42 }, 429));
    const error = await api
      .call(postCall('/x', z.null()), {}, { silent: true, onStatus })
      .catch((e: unknown) => e);
    expect((error as ApiError).retryAfter).toBe(42);
    expect(onStatus).toHaveBeenCalledWith(429, 'Slow down');
    expect(toasts()).toEqual([]);
  });

  it('a network failure rejects with the generic message and toasts it unless silent', async () => {
    stubFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    await expect(api.call(postCall('/x', z.null()), {})).rejects.toMatchObject({
      status: NO_ENVELOPE,
      message: 'System error',
    });
    expect(toasts()).toEqual([{ kind: 'negative', message: 'System error' }]);
    toastStore.set([]);
    await expect(api.call(postCall('/x', z.null()), {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
  });

  it('an HTTP error without an envelope rejects with the generic message', async () => {
    stubFetch(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(api.call(postCall('/x', z.string()), {})).rejects.toMatchObject({
      message: 'System error',
    });
  });

  it('parses a real session answer with the contract', async () => {
    stubFetch(envelope(200, 'ok', { token: 'k', tokenHead: 'Bearer ', user }));
    await expect(api.call(postCall('/cplogin/login', sessionResponseSchema), {})).resolves.toMatchObject({
      token: 'k',
      user: { uid: 7 },
    });
  });
});
