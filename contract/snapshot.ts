/**
 * The last home screen, kept by the app in Cache Storage and painted by the service worker into the
 * shell of the next launch before any script runs (React then replaces it). Shared by the app and sw/.
 */
export const SNAPSHOT_CACHE = 'beacon-snapshot';
export const SNAPSHOT_URL = '/__snapshot/home';
