import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireLogin } from '../../lib/auth-guard';

export const Route = createFileRoute('/_main/_authed')({
  beforeLoad: ({ location }) => requireLogin(location),
  component: Outlet,
});
