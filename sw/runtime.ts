/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/** Catalogue logos, banner and publicity pictures: they never change under one URL. */
export const IMAGE_CACHE = 'beacon-images';

/**
 * Same-origin pictures come from the cache first, kept 30 days, 200 at most, and dropped first when
 * the browser runs short of space. Nothing else is cached at runtime: API answers live in the persisted
 * query cache (the service worker never sees a token's data), and videos are not matched at all, so
 * their range requests go straight to the network instead of filling the cache with whole files.
 */
export function setUpImageCaching(): void {
  registerRoute(
    ({ request, url }) =>
      url.origin === self.location.origin &&
      request.destination === 'image' &&
      !url.pathname.startsWith('/api/') &&
      !request.headers.has('Authorization'),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
