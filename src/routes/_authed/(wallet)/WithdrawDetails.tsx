import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { WithdrawDetailsPage } from '../../../features/wallet/components/withdraw-details-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/(wallet)/WithdrawDetails')({
  loader: ({ context }) => prefetch(context, walletQueries.withdrawals()),
  component: WithdrawDetailsPage,
});
