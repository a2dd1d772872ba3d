import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { RANGES } from '#contract/agent-figures';
import { daySchema } from '#contract/day';
import { prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { type RangeSearch, rangeRequest } from '../../../features/agent/agent-values';
import { ReportPage } from '../../../features/agent/components/report-page';

/** The range lives in the URL, so back and reload keep it; a wrong value is dropped, not an error. */
const searchSchema = z.object({
  range: z.catch(z.optional(z.enum(RANGES)), undefined),
  from: z.catch(z.optional(daySchema), undefined),
  to: z.catch(z.optional(daySchema), undefined),
});

export const Route = createFileRoute('/_main/_authed/report')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const request = rangeRequest(deps);
    return request ? prefetch(context, agentQueries.report(request)) : undefined;
  },
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/report' });
  const onSearch = (next: RangeSearch) =>
    void navigate({ search: { range: next.range, from: next.from, to: next.to }, replace: true });
  return <ReportPage search={search} onSearch={onSearch} />;
}
