import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { daySchema } from '#contract/day';
import { RECORD_TYPES } from '#contract/record-types';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { RecordsPage, type RecordsSearch } from '../../../features/wallet/components/records-page';
import { recordFilters, walletQueries } from '../../../features/wallet/wallet.queries';

/** The filters live in the URL, so back and reload keep them. */
const searchSchema = z.object({
  type: z.catch(z.optional(z.enum(RECORD_TYPES)), undefined),
  from: z.catch(z.optional(daySchema), undefined),
  to: z.catch(z.optional(daySchema), undefined),
});

export const Route = createFileRoute('/_authed/(wallet)/Records')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  // The same bounds as the page's: the days of the signed-in user's site, so the user first.
  loader: async ({ context, deps }) => {
    const user = await context.viewer.me().then(
      (me) => me.user,
      () => undefined,
    );
    await prefetch(context, walletQueries.records(recordFilters(deps, user?.timeZone), currentLocale()));
  },
  component: RecordsRoute,
});

function RecordsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/Records' });
  const onSearch = (next: RecordsSearch) =>
    void navigate({
      search: { type: next.type, from: next.from, to: next.to },
      replace: true,
    });
  return <RecordsPage search={search} onSearch={onSearch} />;
}
