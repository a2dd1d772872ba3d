import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { isLogin } from './session';

/** Every page but home needs a token: without one, go to /login and come back afterwards. */
export function requireLogin(location: ParsedLocation): void {
  if (!isLogin()) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}

/** Ids in paths of standalone pages: short, URL-safe. Anything else is a page that does not exist. */
export const isPathId = (id: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(id);
