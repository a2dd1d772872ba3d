const AUTH_PATHS = ['/login', '/register', '/reset'];

/**
 * A `redirect` search value we may navigate to after login: a path of this app only (no other
 * origin, no protocol-relative `//host`), never an auth page (that would loop).
 */
export function safeRedirect(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return undefined;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.includes(path.toLowerCase())) return undefined;
  return value;
}
