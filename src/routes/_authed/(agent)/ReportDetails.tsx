import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { FIGURES, RANGES } from '#contract/agent-figures';
import { daySchema } from '#contract/day';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { rangeRequest } from '../../../features/agent/agent-values';
import { ReportDetailsPage } from '../../../features/agent/components/report-details-page';

/** ?figure=&range=(&from=&to=): which figure's rows, for which range; a wrong figure goes to the report. */
const searchSchema = z.object({
  figure: z.catch(z.optional(z.enum(FIGURES)), undefined),
  range: z.catch(z.optional(z.enum(RANGES)), undefined),
  from: z.catch(z.optional(daySchema), undefined),
  to: z.catch(z.optional(daySchema), undefined),
});

export const Route = createFileRoute('/_authed/(agent)/ReportDetails')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  // In the loader, not beforeLoad: the loader travels with the page's chunk, so the range rules stay out of
  // the first load. No figure, or a custom range without its days, has no rows: back to the report.
  loader: ({ context, deps }) => {
    const range = rangeRequest(deps);
    if (!deps.figure) throw redirect({ to: '/report', replace: true });
    if (!range)
      throw redirect({
        to: '/report',
        search: { range: deps.range, from: deps.from, to: deps.to },
        replace: true,
      });
    return prefetch(
      context,
      agentQueries.details({ figure: deps.figure, range }),
      agentQueries.detail(currentLocale()),
    );
  },
  component: ReportDetailsRoute,
});

function ReportDetailsRoute() {
  const { figure, ...range } = Route.useSearch();
  return figure ? <ReportDetailsPage figure={figure} search={range} /> : null;
}
