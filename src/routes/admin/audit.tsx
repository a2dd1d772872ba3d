import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { adminQueries } from '../../features/admin/admin.queries';
import { AuditPage } from '../../features/admin/components/audit-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The action filter and the page live in the URL; anything invalid falls back to every action's first page. */
const searchSchema = z.object({
  action: z.catch(z._default(z.string().check(z.regex(/^[a-z_.]{0,60}$/)), ''), ''),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/audit')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.audit(deps)),
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/audit' });
  return <AuditPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
