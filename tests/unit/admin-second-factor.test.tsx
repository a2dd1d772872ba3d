import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '#lib/toast';
// The routes' types (the router's FileRoutesByPath) come with the generated tree; nothing of it runs.
import type {} from '#route-tree';
import { Route as WithdrawalsRoute } from '#routes/admin/withdrawals.tsx';

// Issue 31 item 19: the console's sections prefetched beside the session, before the second factor, so
// each was refused (403 second_factor_required) and the TOTP page showed "Enter the code from your
// authenticator app first" as a toast before anything was typed.

const envelope = (httpStatus: number, body: unknown) =>
  new Response(JSON.stringify(body), { status: httpStatus, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.set([]);
});

// The routes' options as the router calls them, without the router's own argument types.
type Hook = (args: unknown) => Promise<unknown> | unknown;

const SESSION = (secondFactor: string) =>
  envelope(200, { status: 200, message: 'ok', data: { uid: 1, grants: [], secondFactor } });
const EMPTY_PAGE = envelope(200, {
  status: 200,
  message: 'ok',
  data: { content: [], totalPages: 0, number: 0, totalElements: 0 },
});
const pathOf = (input: unknown) => new URL(String(input), 'http://x').pathname;

describe('the console before the second factor', () => {
  it('a section asks for nothing but the session, so no refusal is toasted', async () => {
    const fetchMock = vi.fn(async (input: unknown) =>
      pathOf(input) === '/api/admin/session'
        ? SESSION('required')
        : envelope(403, {
            status: 403,
            message: 'second_factor_required',
            data: { code: 'second_factor_required' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await (WithdrawalsRoute.options.loader as Hook)({
      context: { queryClient: new QueryClient() },
      deps: { state: 'WaitReview', sort: 'newest', page: 0 },
    });
    expect(fetchMock.mock.calls.map(([input]) => pathOf(input))).toEqual(['/api/admin/session']);
    expect(toastStore.get()).toEqual([]);
  });

  it('once passed, the section prefetches as before', async () => {
    const fetchMock = vi.fn(async (input: unknown) =>
      pathOf(input) === '/api/admin/session' ? SESSION('passed') : EMPTY_PAGE.clone(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await (WithdrawalsRoute.options.loader as Hook)({
      context: { queryClient: new QueryClient() },
      deps: { state: 'WaitReview', sort: 'newest', page: 0 },
    });
    expect(fetchMock.mock.calls.map(([input]) => pathOf(input))).toEqual([
      '/api/admin/session',
      '/api/admin/withdrawals/list',
    ]);
  });
});
