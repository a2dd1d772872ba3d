import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireLogin } from '#lib/auth-guard';

export const Route = createFileRoute('/_main/_authed')({
  beforeLoad: ({ context, location }) => requireLogin(context.viewer, location),
  component: Outlet,
});
