import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(async () => {
  const { onlineManager } = await import('@tanstack/react-query');
  onlineManager.setOnline(true);
  vi.resetModules();
});

describe('query client', () => {
  it('starts offline when the app launches offline, so queued actions wait from the first tap', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.resetModules();
    const { onlineManager } = await import('@tanstack/react-query');
    await import('#lib/query-client');
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('follows the browser from the first line: an online event before the app mounts is not lost', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.resetModules();
    const { onlineManager } = await import('@tanstack/react-query');
    await import('#lib/query-client');
    expect(onlineManager.isOnline()).toBe(false);
    // Back online while the saved cache is still being restored: nothing of the app has subscribed yet.
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('runs queries offlineFirst and ordinary actions always (they fail at once offline, never fire later)', async () => {
    vi.resetModules();
    const { queryClient } = await import('#lib/query-client');
    expect(queryClient.getDefaultOptions().queries?.networkMode).toBe('offlineFirst');
    expect(queryClient.getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});
