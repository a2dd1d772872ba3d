let asked = false;

/**
 * Asks the browser to keep our storage (the persisted query cache, queued actions) under pressure.
 * Asked once per page life, after a moment that shows the app matters to the user (install, first
 * apply); browsers may grant it silently or refuse, and neither changes what the app does.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  asked = true;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
