import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { DepositPage } from '../../../features/wallet/components/deposit-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';
import { prefetch } from '../../../lib/route-helpers';

/** ?orderNo= shows that order (after creating it, and on coming back from the pay page). */
const searchSchema = z.object({
  orderNo: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/))), undefined),
});

export const Route = createFileRoute('/_authed/(wallet)/Deposit')({
  validateSearch: searchSchema,
  loader: ({ context }) => prefetch(context, walletQueries.secondary()),
  component: DepositRoute,
});

function DepositRoute() {
  const { orderNo } = Route.useSearch();
  return <DepositPage orderNo={orderNo} />;
}
