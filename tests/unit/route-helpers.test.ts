import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { isNotFound, isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { requireLogin, skipWhenLoggedIn } from '#lib/auth-guard';
import { idParams, optionalIdParams, parseIdParam, prefetch } from '#lib/route-helpers';
import type { Viewer } from '#lib/session';

const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
};

describe('parseIdParam', () => {
  it.each([
    ['1', 1],
    ['15', 15],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s as %d', (id, value) => {
    expect(parseIdParam(id)).toBe(value);
  });

  it('leaves an absent optional segment absent', () => {
    expect(parseIdParam(undefined)).toBeUndefined();
  });

  it.each(['', '0', '01', '-1', '1.5', '1e3', ' 1', 'abc', '0x1f', '9007199254740993', '12345678901234567'])(
    'makes %j a page that does not exist',
    (id) => {
      expect(isNotFound(thrown(() => parseIdParam(id)))).toBe(true);
    },
  );
});

describe('idParams', () => {
  it('gives the route a number and links a path segment', () => {
    expect(idParams.parse({ id: '15' })).toEqual({ id: 15 });
    expect(idParams.stringify({ id: 15 })).toEqual({ id: '15' });
  });

  it('makes a bad id a page that does not exist from the parse itself', () => {
    expect(isNotFound(thrown(() => idParams.parse({ id: '01' })))).toBe(true);
    expect(isNotFound(thrown(() => optionalIdParams.parse({ id: 'abc' })))).toBe(true);
  });

  it('keeps an absent optional id absent both ways', () => {
    expect(optionalIdParams.parse({})).toEqual({ id: undefined });
    expect(optionalIdParams.parse({ id: '3' })).toEqual({ id: 3 });
    expect(optionalIdParams.stringify({})).toEqual({ id: undefined });
    expect(optionalIdParams.stringify({ id: 3 })).toEqual({ id: '3' });
  });
});

describe('prefetch', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('puts plain and infinite queries in the cache, all at once', async () => {
    const queryClient = client();
    const plain = queryOptions({ queryKey: ['plain'], queryFn: async () => 'one' });
    const infinite = infiniteQueryOptions({
      queryKey: ['infinite'],
      queryFn: async ({ pageParam }) => ({ page: pageParam }),
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    await prefetch({ queryClient }, plain, infinite);
    expect(queryClient.getQueryData(plain.queryKey)).toBe('one');
    expect(queryClient.getQueryData(infinite.queryKey)).toEqual({ pages: [{ page: 0 }], pageParams: [0] });
  });

  it('leaves a failure to the page and still waits for the rest', async () => {
    const queryClient = client();
    const failing = queryOptions({
      queryKey: ['failing'],
      queryFn: async (): Promise<string> => {
        throw new Error('offline');
      },
    });
    let finish = (_: string) => {};
    const slow = queryOptions({
      queryKey: ['slow'],
      queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
    });
    const done = vi.fn();
    const pending = prefetch({ queryClient }, failing, slow).then(done);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).not.toHaveBeenCalled();
    finish('two');
    await expect(pending).resolves.toBeUndefined();
    expect(queryClient.getQueryData(slow.queryKey)).toBe('two');
    expect(queryClient.getQueryState(failing.queryKey)?.status).toBe('error');
  });

  it('asks nothing for what the cache already holds', async () => {
    const queryClient = client();
    const queryFn = vi.fn(async () => 'fresh');
    const cached = queryOptions({ queryKey: ['cached'], queryFn });
    queryClient.setQueryData(cached.queryKey, 'saved');
    await prefetch({ queryClient }, cached);
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe('the guards read the viewer', () => {
  const viewer = (loggedIn: boolean): Viewer => ({
    isLoggedIn: () => loggedIn,
    me: () => Promise.reject(new Error('not asked')),
    uid: () => Promise.resolve(0),
  });
  const location = { href: '/notices?x=1' } as ParsedLocation;

  it('requireLogin sends nobody to /login, to come back afterwards', () => {
    const error = thrown(() => requireLogin(viewer(false), location));
    expect(isRedirect(error)).toBe(true);
    expect(error).toMatchObject({ options: { to: '/login', search: { redirect: '/notices?x=1' } } });
    expect(() => requireLogin(viewer(true), location)).not.toThrow();
  });

  it('skipWhenLoggedIn sends the signed-in on, to a safe place only', () => {
    expect(() => skipWhenLoggedIn(viewer(false), '/my')).not.toThrow();
    expect(thrown(() => skipWhenLoggedIn(viewer(true), '/my'))).toMatchObject({ options: { href: '/my' } });
    expect(thrown(() => skipWhenLoggedIn(viewer(true), '//evil.example'))).toMatchObject({
      options: { href: '/' },
    });
  });
});
