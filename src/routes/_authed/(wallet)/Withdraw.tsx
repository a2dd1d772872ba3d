import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { WithdrawPage } from '../../../features/wallet/components/withdraw-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

export const Route = createFileRoute('/_authed/(wallet)/Withdraw')({
  loader: ({ context }) =>
    prefetch(context, walletQueries.methods(), walletQueries.secondary(), walletQueries.safe()),
  component: WithdrawPage,
});
