/*
 * A random id this device keeps (not cleared at logout: it names the device, not the session), sent with
 * every API call in DEVICE_HEADER so the server can tell two accounts played from one phone (decision 0017).
 */
const KEY = 'beacon.device';

/** When storage is refused (private mode): an id for this page's life. */
let unstored: string | undefined;

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    unstored ??= crypto.randomUUID();
    return unstored;
  }
}
