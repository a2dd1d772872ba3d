/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { SNAPSHOT_CACHE } from '#contract/snapshot';
import { IMAGE_CACHE } from './runtime';

declare const self: ServiceWorkerGlobalScope;

/**
 * A new version waits until the user accepts the update prompt (the app posts SKIP_WAITING), so a page
 * never runs code from two builds. The first install claims its clients at once: there is no older
 * version to conflict with, and the first visit is then offline-ready without a reload.
 */
export function setUpUpdates(): void {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
  clientsClaim();
  // Caches of ours that no current module owns (renamed or retired) go when a version takes over.
  self.addEventListener('activate', (event) => {
    const keep = new Set([cacheNames.precache, cacheNames.runtime, IMAGE_CACHE, SNAPSHOT_CACHE]);
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith('beacon') && !keep.has(name))
              .map((name) => caches.delete(name)),
          ),
        ),
    );
  });
}
