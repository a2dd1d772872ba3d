import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { shellForHome } from './snapshot';

/**
 * Precache the app shell and serve it for app navigations; never for the API or promotion links. Home
 * without filters gets the shell with the last home screen painted in (snapshot.ts): registered first,
 * since the precache route would otherwise answer `/` with the bare index.html.
 */
export function setUpShellCaching(manifest: Array<PrecacheEntry | string>): void {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.pathname === '/' && url.search === '',
    () => shellForHome(),
  );
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/s\//] }),
  );
}
