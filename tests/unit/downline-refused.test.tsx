import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownlinePage } from '#features/agent/components/downline-page.tsx';
import { queryClient } from '#lib/query-client';
import { toastStore } from '#lib/toast';
import { envelope, stubApi } from './api-stub';
import { renderInRouter } from './render';

// Issue 31 item 19: a refused /Downline/{id} said so twice, on the page and in a toast.

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  toastStore.set([]);
});

describe('a refused downline', () => {
  it('not in the team: the page says so, no toast repeats it', async () => {
    stubApi({
      '/agent/downline': () => envelope(404, { code: 'member_not_found' }, 'No such member'),
    });
    await renderInRouter(() => <DownlinePage uid={10000099} />);
    expect(await screen.findByText('No such member in your team')).toBeTruthy();
    expect(toastStore.get()).toEqual([]);
  });

  it('any other refusal: the page says why, once', async () => {
    stubApi({
      '/agent/downline': () => envelope(403, null, 'Only agents have a team'),
    });
    await renderInRouter(() => <DownlinePage uid={10000099} />);
    expect(await screen.findByText('Could not load')).toBeTruthy();
    expect(toastStore.get()).toEqual([]);
    expect(screen.getAllByText('Only agents have a team')).toHaveLength(1);
  });
});
