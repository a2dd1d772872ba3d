import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireLogin } from '../lib/auth-guard';

/** The standalone pages: each needs a token. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ location }) => requireLogin(location),
  component: Outlet,
});
