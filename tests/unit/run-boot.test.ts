import { describe, expect, it, vi } from 'vitest';
import { runBoot } from '#boot/run-boot.ts';
import { BOOT_STEPS } from '#boot/steps.ts';
import type { BootStep } from '#boot/types.ts';

function env() {
  return { assign: vi.fn<(url: string) => void>(), logError: vi.fn() };
}

describe('runBoot', () => {
  it('keeps the order of the spec', () => {
    expect(BOOT_STEPS.map((s) => s.name)).toEqual([
      'plugins',
      'directive',
      'fastclick',
      'permission',
      'pcHandler',
      'webview',
      'cssvar',
      'iosHandler',
    ]);
  });

  it('runs every step in order, awaiting async ones, then mounts', async () => {
    const calls: string[] = [];
    const steps: BootStep[] = [
      {
        name: 'a',
        run: async () => {
          await new Promise((r) => setTimeout(r, 5));
          calls.push('a');
        },
      },
      {
        name: 'b',
        run: () => {
          calls.push('b');
        },
      },
      {
        name: 'c',
        run: async () => {
          calls.push('c');
        },
      },
    ];
    const e = env();
    await expect(runBoot(steps, e)).resolves.toEqual({ kind: 'mount' });
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(e.assign).not.toHaveBeenCalled();
  });

  it('a redirect answer navigates and stops: later steps do not run, nothing mounts', async () => {
    const later = vi.fn();
    const e = env();
    const outcome = await runBoot(
      [
        { name: 'a', run: () => ({ redirect: 'https://example.test/update' }) },
        { name: 'b', run: later },
      ],
      e,
    );
    expect(outcome).toEqual({ kind: 'redirect', url: 'https://example.test/update' });
    expect(e.assign).toHaveBeenCalledWith('https://example.test/update');
    expect(later).not.toHaveBeenCalled();
  });

  it('an error carrying a url redirects there', async () => {
    const e = env();
    const error = Object.assign(new Error('moved'), { url: '/maintenance.html' });
    const outcome = await runBoot(
      [
        { name: 'a', run: async () => Promise.reject(error) },
        { name: 'b', run: vi.fn() },
      ],
      e,
    );
    expect(outcome).toEqual({ kind: 'redirect', url: '/maintenance.html' });
    expect(e.assign).toHaveBeenCalledWith('/maintenance.html');
    expect(e.logError).not.toHaveBeenCalled();
  });

  it('any other error is logged and stops mounting', async () => {
    const e = env();
    const later = vi.fn();
    const error = new Error('boom');
    const outcome = await runBoot(
      [
        {
          name: 'bad',
          run: () => {
            throw error;
          },
        },
        { name: 'later', run: later },
      ],
      e,
    );
    expect(outcome).toEqual({ kind: 'failed', error });
    expect(e.logError).toHaveBeenCalledWith(expect.stringContaining('bad'), error);
    expect(e.assign).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });

  it('an empty url on an error is not a redirect', async () => {
    const e = env();
    const outcome = await runBoot([{ name: 'a', run: () => Promise.reject({ url: '' }) }], e);
    expect(outcome.kind).toBe('failed');
    expect(e.assign).not.toHaveBeenCalled();
  });
});
