import { DEVICE_ID_KEY } from './device';
import { LOCALE_STORAGE_KEY } from './i18n';
import { clearSavedCopies } from './persist';

/** What "clear the saved data" leaves: the language (a setting), and the device's id (decision 0023). */
const KEPT_KEYS = new Set([LOCALE_STORAGE_KEY, DEVICE_ID_KEY]);

/**
 * Deletes what this app saved on the device: the saved screens and queued actions (IndexedDB), the
 * service worker's data caches (images, the home snapshot), and local and session storage but the
 * language and the device id. The caller has logged out
 * first; it then reloads to the login page, which fetches everything afresh.
 */
export async function clearDeviceData(): Promise<void> {
  await clearSavedCopies().catch(() => undefined);
  if ('caches' in window) {
    const names = await caches.keys().catch(() => [] as string[]);
    // The precache is the app itself (its code, for offline starts), not data: it stays.
    await Promise.all(names.filter((name) => !name.includes('-precache')).map((name) => caches.delete(name)));
  }
  try {
    for (const key of Object.keys(localStorage)) if (!KEPT_KEYS.has(key)) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // Storage refused (private mode): nothing was kept there.
  }
}
