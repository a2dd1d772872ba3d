import { describe, expect, it } from 'vitest';
import { safeRedirect } from '#lib/redirect';

describe('safeRedirect', () => {
  it.each(['/', '/my', '/GameDetail/15?x=1#top', '/notices/3', '/promotion/2?tab=1&q=a%20b'])(
    'keeps the app path %s',
    (value) => {
      expect(safeRedirect(value)).toBe(value);
    },
  );

  it.each([
    // A browser drops tabs and newlines from a URL: these would become //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\t\\evil.example',
    '/\u0000/evil.example',
    '/my\u007f',
    '/my\u0085',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'my',
    '',
    '/login',
    '/LOGIN?redirect=/my',
    '/register',
    '/reset#x',
    undefined,
    42,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});
