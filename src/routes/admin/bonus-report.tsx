import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { BonusReportPage } from '../../features/admin/bonuses/components/bonus-report-page';

/** The site and the range live in the URL; the page checks a typed range with the contract before it. */
const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);
const searchSchema = z.object({
  site: z.catch(z._default(z.string(), ''), ''),
  from: day,
  to: day,
});

export const Route = createFileRoute('/admin/bonus-report')({
  validateSearch: searchSchema,
  component: BonusReportRoute,
});

function BonusReportRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/bonus-report' });
  return <BonusReportPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
