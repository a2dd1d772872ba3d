import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { safeRedirect } from './redirect';
import type { Viewer } from './session';

/** Every page but home needs a token: without one, go to /login and come back afterwards. */
export function requireLogin(viewer: Viewer, location: ParsedLocation): void {
  if (!viewer.isLoggedIn()) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}

/** /login and /register are for visitors: someone signed in goes on to where they were headed, or home. */
export function skipWhenLoggedIn(viewer: Viewer, target: string | undefined): void {
  if (viewer.isLoggedIn()) throw redirect({ href: safeRedirect(target) ?? '/', replace: true });
}
