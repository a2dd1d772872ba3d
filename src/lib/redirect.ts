const AUTH_PATHS = ['/login', '/register', '/reset'];

/** Only for resolving: a value that stays on this origin keeps it. */
const HERE = 'https://app.invalid';

/**
 * A `redirect` search value we may navigate to after login: a path of this app only (no other
 * origin, no protocol-relative `//host`), never an auth page (that would loop). Control characters
 * are refused outright: a browser drops tabs and newlines from URLs, so `/\t/evil.example` would
 * become `//evil.example`.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    /\p{Cc}/u.test(value) ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return undefined;
  }
  let resolved: URL;
  try {
    resolved = new URL(value, HERE);
  } catch {
    return undefined;
  }
  if (resolved.origin !== HERE) return undefined;
  const path = value.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.includes(path.toLowerCase())) return undefined;
  return value;
}
