/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { SNAPSHOT_CACHE, SNAPSHOT_URL } from '#contract/snapshot';

/**
 * The shell with the last home screen painted into #root (the loading indicator hidden), so a warm
 * launch shows banners and the newest strip before the app's scripts have run; React replaces the
 * picture when it mounts. Without a snapshot, the shell as it is.
 */
export function injectSnapshot(shell: string, snapshot: string | null): string {
  if (!snapshot) return shell;
  return shell
    .replace('<div id="app-loading"', '<div id="app-loading" hidden')
    .replace('<div id="root"></div>', () => `<div id="root">${snapshot}</div>`);
}

export async function shellForHome(): Promise<Response> {
  const shell = await matchPrecache('/index.html');
  if (!shell) return fetch('/index.html');
  const snapshot = await caches
    .open(SNAPSHOT_CACHE)
    .then((cache) => cache.match(SNAPSHOT_URL))
    .then((res) => res?.text() ?? null)
    .catch(() => null);
  if (!snapshot) return shell;
  return new Response(injectSnapshot(await shell.text(), snapshot), {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}
