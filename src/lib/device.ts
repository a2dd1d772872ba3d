/*
 * A random id this device keeps (not cleared at logout: it names the device, not the session), sent with
 * every API call in DEVICE_HEADER so the server can tell two accounts played from one phone (decision 0017).
 */
export const DEVICE_ID_KEY = 'beacon.device';

/** When storage is refused (private mode): an id for this page's life. */
let unstored: string | undefined;

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    unstored ??= crypto.randomUUID();
    return unstored;
  }
}
