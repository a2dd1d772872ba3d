import { createFileRoute } from '@tanstack/react-router';
import { WithdrawDetailsPage } from '../../features/wallet/components/withdraw-details-page';
import { walletQueries } from '../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/WithdrawDetails')({
  loader: ({ context }) =>
    context.queryClient.ensureInfiniteQueryData(walletQueries.withdrawals()).catch(() => undefined),
  component: WithdrawDetailsPage,
});
