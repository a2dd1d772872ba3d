import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '#lib/auth-guard';
import { prefetch } from '#lib/route-helpers';
import { adminQueries } from '../features/admin/admin.queries';
import { AdminLayout } from '../features/admin/components/admin-layout';

/**
 * The operator console (issue 16): its own lazily loaded area, never precached on players' phones
 * (vite.config.ts) and never persisted. An operator signs in as everyone does, then passes the second factor.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context, location }) => requireLogin(context.viewer, location),
  loader: ({ context }) => prefetch(context, adminQueries.session()),
  component: AdminLayout,
});
