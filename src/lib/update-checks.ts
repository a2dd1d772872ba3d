import { BUILD_ID } from './build-info';

/** Checks at most this often, however many triggers fire (visibility flapping, the hourly timer). */
export const MIN_CHECK_INTERVAL_MS = 60_000;
export const HOURLY_MS = 60 * 60_000;

interface UpdateCheckDeps {
  check: () => Promise<unknown>;
  isOnline: () => boolean;
  isVisible: () => boolean;
  now: () => number;
}

/**
 * Asks for a new version when it can matter and costs nothing: only online, only when the app is on
 * screen, never more than once a minute. Returns the trigger the timers and visibility changes call.
 */
export function createUpdateChecker({ check, isOnline, isVisible, now }: UpdateCheckDeps): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    if (!isOnline() || !isVisible() || now() - last < MIN_CHECK_INTERVAL_MS) return false;
    last = now();
    void check().catch(() => undefined);
    return true;
  };
}

const RELOAD_KEY = 'beacon:reloaded-for-build';

/**
 * After a deploy, an open page may ask for a chunk the server no longer has. One reload fetches the new
 * shell; a second failure in the same build shows the error screen instead of reloading forever.
 */
export function reloadOnceForBuild(buildId: string, storage: Storage, reload: () => void): boolean {
  try {
    if (storage.getItem(RELOAD_KEY) === buildId) return false;
    storage.setItem(RELOAD_KEY, buildId);
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A chunk that failed to load after a deploy (`vite:preloadError`): one reload per build, then the error shows. */
export function guardStaleChunks(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForBuild(BUILD_ID, target.sessionStorage, () => target.location.reload()))
      event.preventDefault();
  });
}
