import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../src/lib/toast';
import { Route as AdminRoute } from '../../src/routes/admin';
import { Route as WithdrawalsRoute } from '../../src/routes/admin/withdrawals';
// The routes' types (the router's FileRoutesByPath) come with the generated tree; nothing of it runs.
import type {} from '../../src/routeTree.gen';

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

describe('the console before the second factor', () => {
  it('knows from the session that the console is not open yet', async () => {
    const fetchMock = vi.fn(async () =>
      envelope(200, { status: 200, message: 'ok', data: { uid: 1, grants: [], secondFactor: 'required' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const context = await (AdminRoute.options.beforeLoad as Hook)({
      context: { viewer: { isLoggedIn: () => true }, queryClient: new QueryClient() },
      location: { href: '/admin/withdrawals' },
    });
    expect(context).toEqual({ consoleOpen: false });
  });

  it('a section asks nothing before it, so no refusal is toasted', async () => {
    const fetchMock = vi.fn(async () =>
      envelope(403, {
        status: 403,
        message: 'second_factor_required',
        data: { code: 'second_factor_required' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await (WithdrawalsRoute.options.loader as Hook)({
      context: { queryClient: new QueryClient(), consoleOpen: false },
      deps: { state: 'WaitReview', sort: 'newest', page: 0 },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
  });

  it('once passed, the section prefetches as before', async () => {
    const fetchMock = vi.fn(async () =>
      envelope(200, {
        status: 200,
        message: 'ok',
        data: { content: [], totalPages: 0, number: 0, totalElements: 0 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await (WithdrawalsRoute.options.loader as Hook)({
      context: { queryClient: new QueryClient(), consoleOpen: true },
      deps: { state: 'WaitReview', sort: 'newest', page: 0 },
    });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
