import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSite } from '#boot/sites.ts';
import { secondaryInfoCall } from '#contract/wallet';
import { catalogueQueries } from '#features/catalogue/catalogue.queries.ts';
import { api, logFailure } from '#lib/api-client';
import { toastStore } from '#lib/toast';

/** The device as a phone in a tunnel: the browser says offline, so does the query client, fetch fails. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
}

afterEach(() => onlineManager.setOnline(true));

const consoleErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('offline, a failed background call is expected: no console error (issue 11)', () => {
  it('the api client', async () => {
    goOffline();
    const errors = consoleErrors();
    await expect(api.call(secondaryInfoCall, {})).rejects.toThrow("You're offline");
    expect(errors).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
  });

  it('a catalogue list, whose failures are otherwise logged (spec section 8)', async () => {
    goOffline();
    const errors = consoleErrors();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
    await expect(
      client.fetchInfiniteQuery(catalogueQueries.wxList({ category: '', search: '', viewer: 7 }, 'en-US')),
    ).rejects.toThrow();
    expect(errors).not.toHaveBeenCalled();
  });

  it('the site list at start', async () => {
    goOffline();
    const errors = consoleErrors();
    await loadSite();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('online, a failure is still logged', () => {
  it('a network failure, a list failure, a site list failure', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const errors = consoleErrors();
    await expect(api.call(secondaryInfoCall, {}, { silent: true })).rejects.toThrow();
    expect(errors).toHaveBeenCalledWith('POST /user/secondaryInfo failed', expect.any(TypeError));
    errors.mockClear();

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(
      client.fetchInfiniteQuery(catalogueQueries.wxList({ category: '', search: '', viewer: 7 }, 'en-US')),
    ).rejects.toThrow();
    expect(errors).toHaveBeenCalledWith('wxcps/applist failed', expect.anything());
    errors.mockClear();

    await loadSite();
    expect(errors).toHaveBeenCalledWith('Site list failed', expect.anything());
  });

  it('an abort (a superseded list) is never logged', () => {
    const errors = consoleErrors();
    logFailure('x', new DOMException('aborted', 'AbortError'));
    expect(errors).not.toHaveBeenCalled();
  });
});
