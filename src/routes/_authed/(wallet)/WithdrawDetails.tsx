import { createFileRoute } from '@tanstack/react-router';
import { WithdrawDetailsPage } from '../../../features/wallet/components/withdraw-details-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';
import { prefetch } from '../../../lib/route-helpers';

export const Route = createFileRoute('/_authed/(wallet)/WithdrawDetails')({
  loader: ({ context }) => prefetch(context, walletQueries.withdrawals()),
  component: WithdrawDetailsPage,
});
