import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SNAPSHOT_CACHE, SNAPSHOT_URL } from '#contract/snapshot';

/**
 * The markup of the home screen as a static picture: no scripts, no inline styles (the CSP refuses
 * them, and the app's stylesheet lays the page out), no virtual list (its rows are placed by inline
 * styles), and the carousel on its first banner (the loop's copies at either end dropped).
 */
export function toSnapshotHtml(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  const dropped = 'script, .virtual-list, [role="dialog"], .toaster, .carousel__slide--copy';
  for (const node of copy.querySelectorAll(dropped)) node.remove();
  // Without its inline transform the carousel's track rests on its first slide: the first banner.
  for (const node of copy.querySelectorAll('[style]')) node.removeAttribute('style');
  return copy.innerHTML;
}

const isHome = () => window.location.pathname === '/' && window.location.search === '';

/** Keeps the home screen as it is now for the next launch (home without filters only). */
export async function saveHomeSnapshot(): Promise<void> {
  const root = document.getElementById('root');
  if (!root || !isHome() || !('caches' in window)) return;
  if (!root.querySelector('[elementtiming="first-banner"]')) return;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(
      SNAPSHOT_URL,
      new Response(toSnapshotHtml(root), { headers: { 'content-type': 'text/html' } }),
    );
  } catch {
    // Storage full or blocked: the next launch paints when the app does, as without a snapshot.
  }
}

/** A logout or a new user: the last screen may hold the last user's notices and balance. */
export async function clearHomeSnapshot(): Promise<void> {
  if ('caches' in window) await caches.delete(SNAPSHOT_CACHE).catch(() => false);
}

/** Home keeps its snapshot current: each time its data settles, and when the app leaves the screen. */
export function useHomeSnapshot(): void {
  const fetching = useIsFetching();
  useEffect(() => {
    if (fetching > 0) return;
    const timer = setTimeout(() => void saveHomeSnapshot(), 500);
    return () => clearTimeout(timer);
  }, [fetching]);
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saveHomeSnapshot();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, []);
}
