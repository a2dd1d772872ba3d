import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { MONEY_LIST_SORTS } from '#contract/console-states';
import { TX_STATES } from '#contract/tx-states';
import { adminQueries } from '../../features/admin/admin.queries';
import { WithdrawalsPage } from '../../features/admin/components/withdrawals-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The filters live in the URL, so back and reload keep them; anything invalid falls back to the default. */
const searchSchema = z.object({
  state: z.catch(z._default(z.enum([...TX_STATES, 'all']), 'WaitReview'), 'WaitReview'),
  sort: z.catch(z._default(z.enum(MONEY_LIST_SORTS), 'newest'), 'newest'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
});

export const Route = createFileRoute('/admin/withdrawals')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchSection(context, adminQueries.withdrawals(deps)),
  component: WithdrawalsRoute,
});

function WithdrawalsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/withdrawals' });
  return <WithdrawalsPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
