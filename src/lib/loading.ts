import { createStore } from './store';

/** Number of blocking actions in flight; the overlay shows while it is above zero (spec section 2). */
export const loadingCount = createStore(0);

export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  loadingCount.set((n) => n + 1);
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    loadingCount.set((n) => Math.max(0, n - 1));
  }
}
