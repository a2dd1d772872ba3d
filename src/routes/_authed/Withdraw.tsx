import { createFileRoute } from '@tanstack/react-router';
import { WithdrawPage } from '../../features/wallet/components/withdraw-page';
import { walletQueries } from '../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/Withdraw')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(walletQueries.methods()),
      context.queryClient.ensureQueryData(walletQueries.secondary()),
      context.queryClient.ensureQueryData(walletQueries.safe()),
    ]).catch(() => undefined),
  component: WithdrawPage,
});
