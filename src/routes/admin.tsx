import { createFileRoute } from '@tanstack/react-router';
import { adminQueries } from '../features/admin/admin.queries';
import { AdminLayout } from '../features/admin/components/admin-layout';
import { requireLogin } from '../lib/auth-guard';

/**
 * The operator console (issue 16): its own lazily loaded area, never precached on players' phones
 * (vite.config.ts) and never persisted. An operator signs in as everyone does, then passes the second factor.
 * The session is read before the sections' loaders run (they run beside this route's loader), so they
 * know whether the console is open to them yet (`consoleOpen`).
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }): Promise<{ consoleOpen: boolean }> => {
    requireLogin(context.viewer, location);
    const session = await context.queryClient.ensureQueryData(adminQueries.session()).catch(() => undefined);
    return { consoleOpen: session?.secondFactor === 'passed' };
  },
  component: AdminLayout,
});
