import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { daySchema } from '#contract/day';
import { adminQueries } from '../../features/admin/admin.queries';
import { ReportsPage } from '../../features/admin/components/reports-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/**
 * Site and range live in the URL. Without a range the server answers its last seven business days: only it
 * knows which day it is in the business time zone.
 */
const searchSchema = z.object({
  site: z.catch(z._default(z.string().check(z.maxLength(255)), ''), ''),
  from: z.catch(z.optional(daySchema), undefined),
  to: z.catch(z.optional(daySchema), undefined),
});

export const Route = createFileRoute('/admin/reports')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.report(deps)),
  component: ReportsRoute,
});

function ReportsRoute() {
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/reports' });
  return (
    <ReportsPage
      key={`${filters.from}-${filters.to}`}
      filters={filters}
      onFilters={(next) => void navigate({ search: next })}
    />
  );
}
