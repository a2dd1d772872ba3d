import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueries } from '#features/auth/auth.queries.ts';
import { queryClient } from '#lib/query-client';
import {
  getJob,
  getToken,
  getTokenHead,
  getUser,
  getUserPhone,
  isLogin,
  logout,
  setUser,
  subscribeSession,
} from '#lib/session';
import { userInfo } from './fixtures';

const user = userInfo({ uid: 9, username: '63+9170000000', role: 1 });

beforeEach(() => logout());

describe('session', () => {
  it('setUser stores token, tokenHead, phone and user', () => {
    setUser({ token: 'tok', tokenHead: 'Bearer ', user }, '63+9170000000');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('tokenHead')).toBe('Bearer ');
    expect(getToken()).toBe('tok');
    expect(getTokenHead()).toBe('Bearer ');
    expect(getUserPhone()).toBe('63+9170000000');
    expect(isLogin()).toBe(true);
    expect(getUser()).toEqual(user);
    expect(getJob()).toBe(2);
  });

  it('logout clears token, tokenHead, userPhone and every cached query, keeps the locale', () => {
    localStorage.setItem('locale', 'ko-KR');
    setUser({ token: 'tok', tokenHead: 'Bearer ', user }, '63+9170000000');
    queryClient.setQueryData(['wallet', 'balance'], { totalCoin: 5 });
    let notified = 0;
    const unsubscribe = subscribeSession(() => {
      notified += 1;
    });

    logout();
    unsubscribe();

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('tokenHead')).toBeNull();
    expect(localStorage.getItem('userPhone')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('ko-KR');
    expect(isLogin()).toBe(false);
    expect(getUser()).toBeUndefined();
    expect(getJob()).toBe(0);
    expect(queryClient.getQueryData(['wallet', 'balance'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(notified).toBe(1);
  });
});

describe('the user query (issue 11: every logout sent tokenLogin with an empty token)', () => {
  it('asks the server nothing without a token, and sends the token when there is one', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(
      async () =>
        new Response(JSON.stringify({ status: 200, message: 'ok', data: { user } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(queryClient.fetchQuery(userQueries.me())).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();

    setUser({ token: 'tok', tokenHead: 'Bearer ', user });
    queryClient.clear();
    await expect(queryClient.fetchQuery(userQueries.me())).resolves.toEqual({ user });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: 'tok' });
  });
});
