import { describe, expect, it, vi } from 'vitest';
import { createUpdateChecker, MIN_CHECK_INTERVAL_MS, reloadOnceForBuild } from '#lib/update-checks';

function checker(state: { online: boolean; visible: boolean; now: number }) {
  const check = vi.fn(() => Promise.resolve());
  const trigger = createUpdateChecker({
    check,
    isOnline: () => state.online,
    isVisible: () => state.visible,
    now: () => state.now,
  });
  return { check, trigger };
}

describe('update checks', () => {
  it('check only online and on screen', () => {
    const state = { online: false, visible: true, now: 0 };
    const { check, trigger } = checker(state);
    expect(trigger()).toBe(false);
    state.online = true;
    state.visible = false;
    expect(trigger()).toBe(false);
    state.visible = true;
    expect(trigger()).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('check at most once a minute however often they are triggered', () => {
    const state = { online: true, visible: true, now: 1_000_000 };
    const { check, trigger } = checker(state);
    trigger();
    state.now += MIN_CHECK_INTERVAL_MS - 1;
    trigger();
    expect(check).toHaveBeenCalledTimes(1);
    state.now += 1;
    trigger();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('survive a failed check (offline flapping, a 404 of sw.js)', async () => {
    const trigger = createUpdateChecker({
      check: () => Promise.reject(new Error('network')),
      isOnline: () => true,
      isVisible: () => true,
      now: () => 0,
    });
    expect(trigger()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('reload after a stale chunk', () => {
  it('reloads once per build, then lets the error screen show', () => {
    const reload = vi.fn();
    expect(reloadOnceForBuild('build-1', sessionStorage, reload)).toBe(true);
    expect(reloadOnceForBuild('build-1', sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy may go stale again: the guard is per build.
    expect(reloadOnceForBuild('build-2', sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when it cannot remember having reloaded (storage blocked)', () => {
    const reload = vi.fn();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(reloadOnceForBuild('build-1', blocked, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
