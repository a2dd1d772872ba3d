import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from '#lib/deadline';

const never = new Promise<never>(() => undefined);

describe('withDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives the work's value when it settles in time, and leaves no timer behind", async () => {
    const work = new Promise<string>((resolve) => setTimeout(() => resolve('loaded'), 200));
    const result = withDeadline(work, 1000, 'late');
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('loaded');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives `late` once the wait has passed, however long the work hangs', async () => {
    const result = withDeadline(never, 1000, 'late' as const);
    let value: unknown;
    void result.then((v) => {
      value = v;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe('late');
  });

  it("passes a rejection through (callers that must go on catch the work's own failure)", async () => {
    const result = withDeadline(Promise.reject(new Error('offline')), 1000, 'late');
    await expect(result).rejects.toThrow('offline');
    expect(vi.getTimerCount()).toBe(0);
  });
});
